import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Editing the home layout and the template centre from the console (docs/website.md, "Editing
 * from the console"): a revision on each home group and item, template category and template,
 * raised by every save, so two staff members never silently overwrite each other; and the
 * template files the console uploads, each merchant's own, kept once per content (SHA-256) in
 * the database so every instance serves them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  for (const table of ['site_home_groups', 'site_home_items', 'template_categories', 'design_templates']) {
    await db.schema
      .alterTable(table)
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }

  await idColumn(db, db.schema.createTable('site_template_uploads'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('size_bytes', big, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('site_template_uploads_merchant_sha256', ['merchant_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_template_uploads').execute();
  for (const table of ['design_templates', 'template_categories', 'site_home_items', 'site_home_groups']) {
    await db.schema.alterTable(table).dropColumn('revision').execute();
  }
}
