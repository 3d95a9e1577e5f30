import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` in a transaction that holds an exclusive lock named `key` until it commits, so a
 * check-then-insert (rate limits, stock) cannot interleave with another request's.
 * PostgreSQL: a transaction-scoped advisory lock. SQLite: one writer at a time already, and
 * Kysely runs the whole transaction on its single connection.
 */
export async function withLock<T>(
  db: Db,
  key: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    }
    return work(trx);
  });
}
