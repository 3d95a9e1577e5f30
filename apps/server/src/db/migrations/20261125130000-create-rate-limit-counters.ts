import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * Request-rate counters shared by every app server when RATE_LIMIT_STORE=database: one row per
 * counter key (group, scope and IP or account), its count in the current fixed window and the
 * window's end (epoch ms). Rows whose window has ended are deleted as the counters are used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('counter_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_ends_at')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
