import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Ordering and paying (docs/orders.md, docs/payments.md): cart and order lines, orders with their
 * artwork files and status events, payments and the orders they pay, gateway notifications, the
 * customer balance and its ledger, and the merchant's staff accounts with their tokens.
 * Money is integer fen (bigint), times epoch milliseconds, booleans 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';

  await db.schema
    .createTable('customer_balances')
    .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('balance_fen', big, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('orders'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('review_state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('goods_fen', big, (c) => c.notNull())
    .addColumn('express_fen', big, (c) => c.notNull())
    .addColumn('discount_fen', big, (c) => c.notNull())
    .addColumn('total_fen', big, (c) => c.notNull())
    .addColumn('refund_fen', big, (c) => c.notNull().defaultTo(0))
    .addColumn('weight_grams', big, (c) => c.notNull())
    .addColumn('coupon_id', 'integer')
    .addColumn('coupon_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_id', 'integer')
    .addColumn('address_json', 'text', (c) => c.notNull())
    .addColumn('express_company_id', 'integer')
    .addColumn('express_company_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('cancel_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_id', 'integer')
    .addColumn('pay_method', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('unpaid_expires_at', big, (c) => c.notNull())
    .addColumn('paid_at', big)
    .addColumn('production_started_at', big)
    .addColumn('shipped_at', big)
    .addColumn('completed_at', big)
    .addColumn('cancelled_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('orders_merchant_order_no', ['merchant_id', 'order_no'])
    .execute();
  await db.schema
    .createIndex('orders_customer_status')
    .on('orders')
    .columns(['merchant_id', 'customer_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_merchant_status')
    .on('orders')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_unpaid_expiry')
    .on('orders')
    .columns(['status', 'unpaid_expires_at'])
    .execute();

  // A cart line has no order yet (order_id null); checkout gives it one and fixes its price.
  await idColumn(db, db.schema.createTable('order_lines'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('catalog_version', 'integer', (c) => c.notNull())
    .addColumn('selection_json', 'text', (c) => c.notNull())
    .addColumn('spec_text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('unit_price_fen', big, (c) => c.notNull())
    .addColumn('weight_grams', big, (c) => c.notNull())
    .addColumn('production_days', 'integer', (c) => c.notNull())
    .addColumn('sku_code', 'varchar(100)')
    .addColumn('quote_json', 'text', (c) => c.notNull())
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_order_id', 'integer')
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addColumn('removed_at', big)
    .execute();
  await db.schema
    .createIndex('order_lines_cart')
    .on('order_lines')
    .columns(['merchant_id', 'customer_id', 'order_id', 'removed_at'])
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await idColumn(db, db.schema.createTable('order_files'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('server_file_id', 'integer', (c) => c.notNull().references('server_files.id'))
    .addColumn('org_file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_size', big, (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('preflight_level', 'varchar(16)', (c) => c.notNull())
    .addColumn('preflight_json', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_files_order')
    .on('order_files')
    .columns(['order_id', 'line_id'])
    .execute();

  await idColumn(db, db.schema.createTable('order_events'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'integer', (c) => c.notNull())
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('payments'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('payment_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('provider_trade_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_method', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_expires_at', big)
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('paid_at', big)
    .addColumn('closed_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_customer')
    .on('payments')
    .columns(['merchant_id', 'customer_id', 'id'])
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('payment_orders_pk', ['payment_id', 'order_id'])
    .execute();
  await db.schema.createIndex('payment_orders_order').on('payment_orders').column('order_id').execute();

  await idColumn(db, db.schema.createTable('payment_notifications'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('payment_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_notifications_payment')
    .on('payment_notifications')
    .column('payment_no')
    .execute();

  // `dedupe_key` names what a line records ("pay:<payment>", "refund:<order>", …): a second line
  // for the same thing cannot be written, whatever runs twice.
  await idColumn(db, db.schema.createTable('ledger_entries'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_fen', big, (c) => c.notNull())
    .addColumn('balance_change_fen', big, (c) => c.notNull())
    .addColumn('balance_after_fen', big, (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('order_nos', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dedupe_key', 'varchar(80)', (c) => c.unique())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_customer')
    .on('ledger_entries')
    .columns(['merchant_id', 'customer_id', 'created_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('staff'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('roles', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', big)
    .addColumn('last_login_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('staff_merchant_account', ['merchant_id', 'account'])
    .execute();

  await db.schema
    .createTable('staff_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('revoked_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_tokens_staff').on('staff_tokens').column('staff_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'staff_tokens',
    'staff',
    'ledger_entries',
    'payment_notifications',
    'payment_orders',
    'payments',
    'order_events',
    'order_files',
    'order_lines',
    'orders',
    'customer_balances',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
