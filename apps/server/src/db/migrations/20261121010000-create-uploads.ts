import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Uploads and the file library: stored contents (one per merchant, MD5 and size), the customers'
 * files that point at them, and the sessions and chunks of uploads in progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';

  await idColumn(db, db.schema.createTable('upload_blobs'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', big, (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('thumbnail_status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('thumbnail_key', 'varchar(300)')
    .addColumn('thumbnail_claimed_at', big)
    .addColumn('facts_json', 'text')
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('upload_blobs_merchant_content', ['merchant_id', 'md5', 'size'])
    .execute();
  await db.schema
    .createIndex('upload_blobs_thumbnail_status')
    .on('upload_blobs')
    .column('thumbnail_status')
    .execute();

  await idColumn(db, db.schema.createTable('server_files'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('blob_id', 'integer', (c) => c.notNull().references('upload_blobs.id'))
    .addColumn('upload_type', 'integer', (c) => c.notNull())
    .addColumn('org_file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('deleted_at', big)
    .execute();
  await db.schema
    .createIndex('server_files_owner')
    .on('server_files')
    .columns(['merchant_id', 'customer_id', 'deleted_at', 'id'])
    .execute();
  await db.schema.createIndex('server_files_blob').on('server_files').column('blob_id').execute();

  await idColumn(db, db.schema.createTable('upload_sessions'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('identifier', 'varchar(32)', (c) => c.notNull())
    .addColumn('total_size', big, (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('staging_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('receiving'))
    .addColumn('claimed_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('upload_sessions_content', [
      'merchant_id',
      'customer_id',
      'identifier',
      'total_size',
    ])
    .execute();
  await db.schema
    .createIndex('upload_sessions_updated_at')
    .on('upload_sessions')
    .column('updated_at')
    .execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('upload_sessions.id').onDelete('cascade'),
    )
    .addColumn('chunk_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_ref', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['session_id', 'chunk_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_chunks').execute();
  await db.schema.dropTable('upload_sessions').execute();
  await db.schema.dropTable('server_files').execute();
  await db.schema.dropTable('upload_blobs').execute();
}
