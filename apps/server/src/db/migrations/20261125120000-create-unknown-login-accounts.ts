import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Wrong passwords for account names that do not exist (docs/auth.md "Account enumeration"): they
 * are counted and locked like a real account's, so the replies to a guesser are the same whether
 * the account exists or not. Rows older than a day are deleted by maintenance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('unknown_login_accounts'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('unknown_login_accounts_key', ['merchant_id', 'kind', 'account'])
    .execute();
  await db.schema
    .createIndex('unknown_login_accounts_created_at')
    .on('unknown_login_accounts')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unknown_login_accounts').execute();
}
