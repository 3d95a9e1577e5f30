import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Site content of each merchant (docs/website.md): ads, the home page's layout groups and their
 * items, navigation menus, the help centre (categories and articles) and the template centre
 * (categories, templates and their files). Times are epoch ms; rich text is stored sanitised.
 * A link is a type and a target (`none`, `product`, `category`, `help`, `url`, `route`); an
 * image is its URL, a smaller rendition's URL, its size in pixels and its alternative text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  const decimal = isPostgres(db) ? 'double precision' : 'real';

  await idColumn(db, db.schema.createTable('site_ads'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('position', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_small_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('image_alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('link_target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', big)
    .addColumn('ends_at', big)
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_ads_position')
    .on('site_ads')
    .columns(['merchant_id', 'position', 'is_active'])
    .execute();

  // version null: every interface version; 1–4: that version only (it replaces the null ones).
  await idColumn(db, db.schema.createTable('site_home_groups'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('version', 'integer')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_home_groups_version')
    .on('site_home_groups')
    .columns(['merchant_id', 'version'])
    .execute();

  await idColumn(db, db.schema.createTable('site_home_items'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('site_home_groups.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(500)')
    .addColumn('image_small_url', 'varchar(500)')
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('image_alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('link_target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_id', 'integer')
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', big)
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_home_items_group')
    .on('site_home_items')
    .columns(['merchant_id', 'group_id'])
    .execute();

  await idColumn(db, db.schema.createTable('site_menus'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('version', 'integer')
    .addColumn('position', 'varchar(16)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('site_menus.id'))
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('link_type', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('link_target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_menus_position')
    .on('site_menus')
    .columns(['merchant_id', 'position', 'version'])
    .execute();

  // `code` names a category the site looks for (`about`: the v2 /about page); null for the rest.
  await idColumn(db, db.schema.createTable('help_categories'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('code', 'varchar(32)')
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('help_categories_merchant_code', ['merchant_id', 'code'])
    .execute();

  // `body_text` is the article's text without markup, for the help centre's search.
  await idColumn(db, db.schema.createTable('help_articles'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('help_categories.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_articles_category')
    .on('help_articles')
    .columns(['merchant_id', 'category_id', 'serial_number'])
    .execute();

  await idColumn(db, db.schema.createTable('template_categories'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_categories_merchant')
    .on('template_categories')
    .column('merchant_id')
    .execute();

  await idColumn(db, db.schema.createTable('design_templates'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('template_categories.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('finished_width_mm', decimal, (c) => c.notNull())
    .addColumn('finished_height_mm', decimal, (c) => c.notNull())
    .addColumn('bleed_mm', decimal, (c) => c.notNull())
    .addColumn('preview_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('preview_small_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('preview_width', 'integer', (c) => c.notNull())
    .addColumn('preview_height', 'integer', (c) => c.notNull())
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('design_templates_category')
    .on('design_templates')
    .columns(['merchant_id', 'category_id'])
    .execute();

  await idColumn(db, db.schema.createTable('design_template_files'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('design_templates.id'))
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size_bytes', big, (c) => c.notNull())
    .addColumn('serial_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('design_template_files_template')
    .on('design_template_files')
    .columns(['merchant_id', 'template_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'design_template_files',
    'design_templates',
    'template_categories',
    'help_articles',
    'help_categories',
    'site_menus',
    'site_home_items',
    'site_home_groups',
    'site_ads',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
