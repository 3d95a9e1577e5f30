import type { Kysely } from 'kysely';
import { isPostgres } from './migration-helpers.ts';

/**
 * The merchant's logo (docs/site-settings.md, "Logo"): the WebP the server made of an uploaded
 * picture, one per merchant, named by `merchants.logo_sha256` so the cached merchant carries its
 * URL (/api/site-logo/<sha256>.webp) to the customer site and the print pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await db.schema.alterTable('merchants').addColumn('logo_sha256', 'varchar(64)').execute();
  await db.schema
    .createTable('merchant_logos')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('image', bytes, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('merchant_logos').execute();
  await db.schema.alterTable('merchants').dropColumn('logo_sha256').execute();
}
