import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * The console's 测试支付 (docs/payments.md, "Test payment"): a 0.01 元 trade an administrator
 * opens at the merchant's own 微信支付 or 支付宝 account to see that it works. It belongs to the
 * merchant, not to a customer or a payment: its money never reaches a balance or the ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('gateway_test_payments'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_trade_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('code_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('failure', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('checked_at', big)
    .addColumn('paid_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_test_payments_merchant')
    .on('gateway_test_payments')
    .columns(['merchant_id', 'provider', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_test_payments').execute();
}
