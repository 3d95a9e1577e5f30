import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Editing the help centre from the console (docs/website.md, "Editing from the console"): a
 * revision on each help category and article, raised by every save, so two staff members editing
 * the same one never silently overwrite each other; and the pictures the rich-text editor uploads
 * (upload type 16), kept as WebP with a thumbnail, each merchant's own, named by the SHA-256 of
 * the stored picture so its address never changes meaning.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  for (const table of ['help_categories', 'help_articles']) {
    await db.schema
      .alterTable(table)
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }

  await idColumn(db, db.schema.createTable('site_images'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('upload_type', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', bytes, (c) => c.notNull())
    .addColumn('thumbnail', bytes, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('site_images_merchant_sha256', ['merchant_id', 'sha256'])
    .execute();
  await db.schema
    .createIndex('site_images_merchant_created')
    .on('site_images')
    .columns(['merchant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_images').execute();
  for (const table of ['help_articles', 'help_categories']) {
    await db.schema.alterTable(table).dropColumn('revision').execute();
  }
}
