import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * 个人设置 (docs/settings.md): the customer's avatar and which messages they want by SMS and on
 * the site. An avatar is the 256×256 WebP the server made, stored once per merchant under its
 * SHA-256 and named by `customers.avatar_sha256`; a notification choice is a row per customer and
 * kind of message, and a kind without a row has its defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await db.schema.alterTable('customers').addColumn('avatar_sha256', 'varchar(64)').execute();
  // Whether any customer of the merchant still shows an avatar, when one is replaced or removed.
  await db.schema
    .createIndex('customers_avatar')
    .on('customers')
    .columns(['merchant_id', 'avatar_sha256'])
    .execute();

  await db.schema
    .createTable('customer_avatars')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('image', bytes, (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_avatars_pk', ['merchant_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('customer_notification_preferences')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('sms', 'integer', (c) => c.notNull())
    .addColumn('site', 'integer', (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_notification_preferences_pk', ['customer_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_notification_preferences').execute();
  await db.schema.dropTable('customer_avatars').execute();
  await db.schema.dropIndex('customers_avatar').execute();
  await db.schema.alterTable('customers').dropColumn('avatar_sha256').execute();
}
