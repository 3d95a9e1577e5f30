import type { Db } from '../../db/database.ts';

/** Changes the nickname of the merchant's customer; false when there is no such customer. */
export async function updateNickName(
  db: Db,
  merchantId: number,
  customerId: number,
  nickName: string,
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ nick_name: nickName })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The customer's avatar hash (null without one); undefined when there is no such customer. */
export async function findAvatarSha256(
  db: Db,
  merchantId: number,
  customerId: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('avatar_sha256')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row ? row.avatar_sha256 : undefined;
}

/** Stores an avatar's picture under its hash, unless the merchant has it already. */
export async function insertAvatarImage(
  db: Db,
  row: { merchant_id: number; sha256: string; image: Buffer; created_at: number },
): Promise<void> {
  await db
    .insertInto('customer_avatars')
    .values({ ...row, size_bytes: row.image.length })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'sha256']).doNothing())
    .execute();
}

export async function setAvatarSha256(
  db: Db,
  merchantId: number,
  customerId: number,
  sha256: string | null,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ avatar_sha256: sha256 })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', customerId)
    .execute();
}

/** Deletes the merchant's avatar picture `sha256` when no customer of the merchant shows it any more. */
export async function deleteAvatarImageIfUnused(db: Db, merchantId: number, sha256: string): Promise<void> {
  await db
    .deleteFrom('customer_avatars')
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('customers')
            .select('id')
            .where('merchant_id', '=', merchantId)
            .where('avatar_sha256', '=', sha256),
        ),
      ),
    )
    .execute();
}

/** The merchant's avatar picture by its hash, if stored. */
export async function findAvatarImage(
  db: Db,
  merchantId: number,
  sha256: string,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('customer_avatars')
    .select('image')
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row?.image;
}

/** The customer's saved notification choices (kinds never saved have no row). */
export async function listNotificationPreferences(db: Db, merchantId: number, customerId: number) {
  return db
    .selectFrom('customer_notification_preferences')
    .select(['kind', 'sms', 'site'])
    .where('merchant_id', '=', merchantId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** The customer's saved choice for one kind, if any. */
export async function findNotificationPreference(
  db: Db,
  merchantId: number,
  customerId: number,
  kind: string,
) {
  return db
    .selectFrom('customer_notification_preferences')
    .select(['sms', 'site'])
    .where('merchant_id', '=', merchantId)
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Saves the choice of one kind (inserted the first time, replaced after). */
export async function upsertNotificationPreference(
  db: Db,
  row: {
    merchant_id: number;
    customer_id: number;
    kind: string;
    sms: number;
    site: number;
    updated_at: number;
  },
): Promise<void> {
  await db
    .insertInto('customer_notification_preferences')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['customer_id', 'kind'])
        .doUpdateSet({ sms: row.sms, site: row.site, updated_at: row.updated_at }),
    )
    .execute();
}
