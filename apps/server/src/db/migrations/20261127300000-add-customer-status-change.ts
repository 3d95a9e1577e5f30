import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * The last 停用 / 启用 of a customer's account (docs/console.md, 客户): why, when and by which staff
 * member. `is_active` already says whether the account may sign in; these say why it changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('status_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('customers')
    .addColumn('status_changed_at', isPostgres(db) ? 'bigint' : 'integer')
    .execute();
  await db.schema
    .alterTable('customers')
    .addColumn('status_changed_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('status_changed_by').execute();
  await db.schema.alterTable('customers').dropColumn('status_changed_at').execute();
  await db.schema.alterTable('customers').dropColumn('status_reason').execute();
}
