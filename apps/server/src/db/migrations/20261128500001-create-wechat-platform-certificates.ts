import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * 微信支付 platform certificates (docs/payments.md): for a merchant account on platform
 * certificates that chose to download them, every certificate `GET /v3/certificates` gave,
 * decrypted and checked, by serial number — answers and notifications name the one that signed
 * them in `Wechatpay-Serial`. Certificates are public: stored as they are, not sealed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('wechat_platform_certificates'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('serial_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('effective_at', big, (c) => c.notNull())
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('fetched_at', big, (c) => c.notNull())
    .addUniqueConstraint('wechat_platform_certificates_serial', ['merchant_id', 'serial_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wechat_platform_certificates').execute();
}
