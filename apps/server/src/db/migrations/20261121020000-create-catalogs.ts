import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Merchant catalogues (docs/catalog.md): every imported version is kept, so an order can be
 * re-priced with the catalogue it was sold at; the current one is the highest version.
 * `content` is the catalogue file's JSON text exactly as imported.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('catalogs'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('imported_at', big, (c) => c.notNull())
    .addUniqueConstraint('catalogs_merchant_version', ['merchant_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogs').execute();
}
