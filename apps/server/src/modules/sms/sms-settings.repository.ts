import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MerchantSmsSettingsTable, SmsDeliveryTable } from '../../db/schema.ts';

export type SmsSettingsRow = Selectable<MerchantSmsSettingsTable>;

/** The merchant's SMS gateway settings, if it ever saved any. */
export async function findSmsSettings(db: Db, merchantId: number): Promise<SmsSettingsRow | undefined> {
  return db
    .selectFrom('merchant_sms_settings')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Writes the merchant's settings whole (one row per merchant). */
export async function upsertSmsSettings(db: Db, row: Insertable<MerchantSmsSettingsTable>): Promise<void> {
  const { merchant_id: _merchantId, ...changes } = row;
  await db
    .insertInto('merchant_sms_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(changes))
    .execute();
}

export async function insertSmsDelivery(db: Db, row: Insertable<SmsDeliveryTable>): Promise<void> {
  await db.insertInto('sms_deliveries').values(row).execute();
}

/** The merchant's name, which the outbox's text is signed with. */
export async function findMerchantName(db: Db, merchantId: number): Promise<string | undefined> {
  const row = await db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirst();
  return row?.name;
}
