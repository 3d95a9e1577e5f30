import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * The merchants' SMS gateways (docs/sms.md): one row per merchant that configured Alibaba Cloud
 * or Tencent Cloud SMS, its secret sealed with SMS_CONFIG_KEY (AES-256-GCM), and a log of what
 * each gateway was asked to send and what it answered (never the message text: it may hold a
 * verification code).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';

  await db.schema
    .createTable('merchant_sms_settings')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('access_key_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('sdk_app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('region', 'varchar(32)', (c) => c.notNull())
    .addColumn('sign_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('template_register', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_login', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_reset_password', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_order_shipped', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('sms_deliveries'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('template', 'varchar(64)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('error_code', 'varchar(128)', (c) => c.notNull())
    .addColumn('error_message', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_deliveries_merchant_created')
    .on('sms_deliveries')
    .columns(['merchant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_deliveries').execute();
  await db.schema.dropTable('merchant_sms_settings').execute();
}
