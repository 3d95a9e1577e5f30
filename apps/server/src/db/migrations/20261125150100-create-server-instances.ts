import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * Server instances and their heartbeats (db/instances.ts), so a claim left by a process that died
 * can be told from one still being worked on: an upload's assembly claim names its instance.
 * Also the one-row table /readyz writes and reads back to prove the database takes writes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(300)', (c) => c.notNull())
    .addColumn('started_at', big, (c) => c.notNull())
    .addColumn('heartbeat_at', big, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('upload_sessions').addColumn('claimed_by', 'varchar(64)').execute();
  await db.schema
    .createTable('readiness_probes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('probed_at', big, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('readiness_probes').execute();
  await db.schema.alterTable('upload_sessions').dropColumn('claimed_by').execute();
  await db.schema.dropTable('server_instances').execute();
}
