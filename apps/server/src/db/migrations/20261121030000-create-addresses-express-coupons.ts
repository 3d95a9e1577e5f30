import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Delivery addresses, express companies with their fee templates, coupons and the coupons
 * customers hold (docs/addresses-express-coupons.md). Money is integer fen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';

  await idColumn(db, db.schema.createTable('delivery_addresses'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('contacts', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('province', 'varchar(50)', (c) => c.notNull())
    .addColumn('city', 'varchar(50)', (c) => c.notNull())
    .addColumn('region', 'varchar(50)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('region_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delivery_addresses_owner')
    .on('delivery_addresses')
    .columns(['merchant_id', 'customer_id'])
    .execute();
  // At most one default address per customer, whatever the application does.
  await db.schema
    .createIndex('delivery_addresses_one_default')
    .on('delivery_addresses')
    .column('customer_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await idColumn(db, db.schema.createTable('express_companies'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_self_pickup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_json', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('express_companies_merchant_code', ['merchant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('express_companies_one_default')
    .on('express_companies')
    .column('merchant_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await idColumn(db, db.schema.createTable('coupons'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('discount_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_off_fen', big, (c) => c.notNull().defaultTo(0))
    .addColumn('pay_percent', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('max_discount_fen', big)
    .addColumn('threshold_fen', big, (c) => c.notNull().defaultTo(0))
    .addColumn('scope_type', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .addColumn('scope_ids', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('receive_starts_at', big, (c) => c.notNull())
    .addColumn('receive_ends_at', big, (c) => c.notNull())
    .addColumn('valid_starts_at', big, (c) => c.notNull())
    .addColumn('valid_ends_at', big, (c) => c.notNull())
    .addColumn('valid_days', 'integer')
    .addColumn('per_customer_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_stock', 'integer', (c) => c.notNull())
    .addColumn('remaining_stock', 'integer', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('coupons_merchant_code', ['merchant_id', 'code'])
    .addCheckConstraint(
      'coupons_stock_in_range',
      sql`remaining_stock >= 0 and remaining_stock <= total_stock`,
    )
    .execute();
  await db.schema
    .createIndex('coupons_receivable')
    .on('coupons')
    .columns(['merchant_id', 'is_active', 'receive_ends_at'])
    .execute();

  await idColumn(db, db.schema.createTable('customer_coupons'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_starts_at', big, (c) => c.notNull())
    .addColumn('valid_ends_at', big, (c) => c.notNull())
    .addColumn('received_at', big, (c) => c.notNull())
    .addColumn('used_at', big)
    .addColumn('used_order_id', 'integer')
    .addColumn('discount_fen', big, (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'customer_coupons_use_recorded',
      sql`(status = 0 and used_order_id is null) or (status = 1 and used_order_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('customer_coupons_owner')
    .on('customer_coupons')
    .columns(['merchant_id', 'customer_id', 'status', 'valid_ends_at'])
    .execute();
  await db.schema
    .createIndex('customer_coupons_coupon')
    .on('customer_coupons')
    .columns(['coupon_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('customer_coupons_order')
    .on('customer_coupons')
    .columns(['merchant_id', 'used_order_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['customer_coupons', 'coupons', 'express_companies', 'delivery_addresses']) {
    await db.schema.dropTable(table).execute();
  }
}
