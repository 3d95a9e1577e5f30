import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * 微信内支付 (JSAPI, docs/payments.md): the payer's openid for each customer and 公众号 (kept, so
 * 网页授权 happens once), and the 网页授权 states issued — each bound to the merchant, the customer,
 * the session and the payment, used once, kept only as a hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('wechat_payer_openids'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('openid', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('wechat_payer_openids_customer_app', ['merchant_id', 'customer_id', 'app_id'])
    .execute();
  await idColumn(db, db.schema.createTable('wechat_oauth_states'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('used_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wechat_oauth_states_expiry')
    .on('wechat_oauth_states')
    .columns(['merchant_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wechat_oauth_states').execute();
  await db.schema.dropTable('wechat_payer_openids').execute();
}
