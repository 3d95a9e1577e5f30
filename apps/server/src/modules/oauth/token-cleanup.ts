import type { Db } from '../../db/database.ts';
import { deleteExpiredAppTokens } from './tokens.repository.ts';

/** Forgets app tokens past their time: run by the server's maintenance timer. */
export function purgeExpiredAppTokens(db: Db, now: number): Promise<number> {
  return deleteExpiredAppTokens(db, now);
}
