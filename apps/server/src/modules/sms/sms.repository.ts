import type { Db } from '../../db/database.ts';

/** When the number was last sent a code, and how many it got since `since`. */
export async function countCodesForMobile(db: Db, merchantId: number, mobileNo: string, since: number) {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
    .where('merchant_id', '=', merchantId)
    .where('mobile_no', '=', mobileNo)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), last: row.last === null ? null : Number(row.last) };
}

/** How many codes were sent to anyone from this IP since `since` (all merchants). */
export async function countCodesForIp(db: Db, clientIp: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('client_ip', '=', clientIp)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSmsCode(
  db: Db,
  row: {
    merchant_id: number;
    mobile_no: string;
    message_type: number;
    code_hash: string;
    client_ip: string;
    expires_at: number;
    created_at: number;
  },
): Promise<number> {
  const inserted = await db.insertInto('sms_codes').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Deletes a code whose message was not sent, so it counts against no limit. */
export async function deleteSmsCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** The newest unconsumed code of this purpose for the number. */
export async function findLatestCode(db: Db, merchantId: number, mobileNo: string, messageType: number) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempt_count', 'expires_at'])
    .where('merchant_id', '=', merchantId)
    .where('mobile_no', '=', mobileNo)
    .where('message_type', '=', messageType)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Counts one wrong try; returns the tries so far. */
export async function recordWrongCode(db: Db, id: number): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempt_count: eb('attempt_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a code once; false when another request used it first. */
export async function consumeCode(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
