import type { Db } from '../../db/database.ts';

export async function insertCaptcha(
  db: Db,
  row: {
    challenge: string;
    merchant_id: number;
    provider: string;
    answer_x: number;
    expires_at: number;
    created_at: number;
  },
): Promise<void> {
  await db.insertInto('captchas').values(row).execute();
}

export async function findCaptcha(db: Db, merchantId: number, challenge: string) {
  return db
    .selectFrom('captchas')
    .selectAll()
    .where('challenge', '=', challenge)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Counts a wrong slide; returns the new count. */
export async function recordCaptchaFailure(db: Db, challenge: string): Promise<void> {
  await db
    .updateTable('captchas')
    .set((eb) => ({ failed_count: eb('failed_count', '+', 1) }))
    .where('challenge', '=', challenge)
    .execute();
}

/** Marks a captcha solved once; false when it was solved already. */
export async function markCaptchaSolved(
  db: Db,
  challenge: string,
  validateHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('captchas')
    .set({ validate_hash: validateHash, solved_at: now })
    .where('challenge', '=', challenge)
    .where('solved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a solved captcha once; false when it was used already. */
export async function markCaptchaUsed(db: Db, challenge: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('challenge', '=', challenge)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteExpiredCaptchas(db: Db, before: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', before).execute();
}
