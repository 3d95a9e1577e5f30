import type { Db } from '../../db/database.ts';
import { deleteExpiredCaptchas } from './captcha.repository.ts';

/** Forgets captchas past their time: run by the server's maintenance timer. */
export function purgeExpiredCaptchas(db: Db, now: number): Promise<void> {
  return deleteExpiredCaptchas(db, now);
}
