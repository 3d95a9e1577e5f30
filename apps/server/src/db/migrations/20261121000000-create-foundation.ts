import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/** Merchants, their API clients, customers, tokens, SMS codes and outbox, captchas. */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';

  await idColumn(db, db.schema.createTable('merchants'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('website_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('theme_preference', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('interface_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('custom_domain', 'varchar(253)', (c) => c.unique())
    .addColumn('reader_preview_domain', 'varchar(253)', (c) => c.notNull().defaultTo(''))
    .addColumn('service_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('service_qq', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('business_hours', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('icp_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('notice', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('api_clients'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('published_secret', 'varchar(200)')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('api_client_id', 'integer', (c) => c.notNull().references('api_clients.id'))
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_tokens_expires_at').on('app_tokens').column('expires_at').execute();

  await idColumn(db, db.schema.createTable('customers'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', big)
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('last_login_at', big)
    .addColumn('password_changed_at', big, (c) => c.notNull())
    .addUniqueConstraint('customers_merchant_account', ['merchant_id', 'account'])
    .execute();
  await db.schema
    .createIndex('customers_merchant_mobile')
    .on('customers')
    .columns(['merchant_id', 'mobile_no'])
    .execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('is_long_term', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('revoked_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_tokens_customer').on('access_tokens').column('customer_id').execute();

  await idColumn(db, db.schema.createTable('sms_codes'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('message_type', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('consumed_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_codes_mobile_created')
    .on('sms_codes')
    .columns(['merchant_id', 'mobile_no', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sms_codes_ip_created')
    .on('sms_codes')
    .columns(['client_ip', 'created_at'])
    .execute();

  await idColumn(db, db.schema.createTable('sms_outbox'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('mobile_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('challenge', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('answer_x', 'integer', (c) => c.notNull())
    .addColumn('validate_hash', 'varchar(64)')
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('solved_at', big)
    .addColumn('used_at', big)
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'captchas',
    'sms_outbox',
    'sms_codes',
    'access_tokens',
    'customers',
    'app_tokens',
    'api_clients',
    'merchants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
