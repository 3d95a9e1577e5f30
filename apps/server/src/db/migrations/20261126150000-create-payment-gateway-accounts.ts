import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Real payment gateways (docs/payments.md): each merchant's own 微信支付 and 支付宝 accounts, their
 * keys encrypted at rest (`payment_gateway_accounts`); every trade opened at a gateway for a
 * payment — one per QR code or phone link, each with its own out_trade_no — so a notification,
 * a query or the reconciliation job finds its payment (`payment_trades`); and refunds to the
 * payer's account (`payment_refunds`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('payment_gateway_accounts'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('public_settings', 'text', (c) => c.notNull())
    .addColumn('secret_box', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('payment_gateway_accounts_merchant_provider', ['merchant_id', 'provider'])
    .execute();

  await idColumn(db, db.schema.createTable('payment_trades'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_trade_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('checked_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_trades_payment').on('payment_trades').column('payment_id').execute();
  await db.schema
    .createIndex('payment_trades_open')
    .on('payment_trades')
    .columns(['status', 'checked_at'])
    .execute();

  await idColumn(db, db.schema.createTable('payment_refunds'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('trade_id', 'integer', (c) => c.notNull().references('payment_trades.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('provider_refund_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('payment_trades').execute();
  await db.schema.dropTable('payment_gateway_accounts').execute();
}
