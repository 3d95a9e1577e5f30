import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Several ordered pictures per product (docs/catalog.md, "Pictures and 起价"): `product_images`
 * gets `position` (0 is the main picture the lists show) and `site_image_id` (the server picture
 * a console upload stored, null for an address from elsewhere), unique on merchant, product and
 * position. The table is rebuilt, as SQLite cannot drop the old one-per-product constraint; every
 * existing picture becomes its product's main picture. `product_image_sets` holds each product's
 * revision, which a console save names so that of two saves from the same reading one lands.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await idColumn(db, db.schema.createTable('product_images_ordered'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('site_image_id', 'integer')
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_small_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('image_alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('product_images_merchant_product_position', [
      'merchant_id',
      'product_id',
      'position',
    ])
    .execute();
  await sql`
    INSERT INTO product_images_ordered (merchant_id, product_id, position, site_image_id, image_url,
      image_small_url, image_width, image_height, image_alt, created_at, updated_at)
    SELECT merchant_id, product_id, 0, NULL, image_url, image_small_url, image_width, image_height,
      image_alt, created_at, updated_at
    FROM product_images`.execute(db);
  await db.schema.dropTable('product_images').execute();
  await db.schema.alterTable('product_images_ordered').renameTo('product_images').execute();

  await idColumn(db, db.schema.createTable('product_image_sets'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('product_image_sets_merchant_product', ['merchant_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema.dropTable('product_image_sets').execute();
  await idColumn(db, db.schema.createTable('product_images_single'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_small_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('image_alt', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('product_images_merchant_product', ['merchant_id', 'product_id'])
    .execute();
  await sql`
    INSERT INTO product_images_single (merchant_id, product_id, image_url, image_small_url,
      image_width, image_height, image_alt, created_at, updated_at)
    SELECT merchant_id, product_id, image_url, image_small_url, image_width, image_height,
      image_alt, created_at, updated_at
    FROM product_images WHERE position = 0`.execute(db);
  await db.schema.dropTable('product_images').execute();
  await db.schema.alterTable('product_images_single').renameTo('product_images').execute();
}
