import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` in a transaction that holds an exclusive lock named `key` (or each of several keys)
 * until it commits, so a check-then-insert (rate limits, stock) cannot interleave with another
 * request's. PostgreSQL: transaction-scoped advisory locks, several taken in sorted order so two
 * transactions never wait for each other. SQLite: one writer at a time already, and Kysely runs
 * the whole transaction on its single connection.
 */
export async function withLock<T>(
  db: Db,
  key: string | readonly string[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const name of typeof key === 'string' ? [key] : [...new Set(key)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
      }
    }
    return work(trx);
  });
}
