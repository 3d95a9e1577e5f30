import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Batch ordering's submissions (docs/batch-ordering.md): one row per customer and request key,
 * written in the transaction that puts the rows into the cart, so a key submitted twice (a double
 * click, a retry after a lost reply, two tabs) puts them in once; the second answer is the
 * first's result, kept here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('batch_order_requests'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(10)', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('batch_order_requests_customer_key', ['merchant_id', 'customer_id', 'request_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('batch_order_requests').execute();
}
