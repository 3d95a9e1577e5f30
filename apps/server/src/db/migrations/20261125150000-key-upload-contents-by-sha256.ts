import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './migration-helpers.ts';

/**
 * Stored contents are keyed by a SHA-256 the server computes, no longer by MD5 and size: two
 * different contents may share an MD5 (a published collision pair), and each must keep its own
 * bytes (docs/uploads.md). `sha256` stays empty for contents stored before; the uploads module
 * hashes them in the background.
 *
 * SQLite cannot drop a table constraint, so there the table is rebuilt (the documented
 * twelve-step way: foreign keys off, new table, copy, drop, rename, check, foreign keys on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('upload_blobs').dropConstraint('upload_blobs_merchant_content').execute();
    await db.schema.alterTable('upload_blobs').addColumn('sha256', 'varchar(64)').execute();
    await db.schema
      .alterTable('upload_blobs')
      .addUniqueConstraint('upload_blobs_merchant_sha256', ['merchant_id', 'sha256'])
      .execute();
  } else {
    await rebuildSqliteBlobs(db, 'sha256');
  }
  await db.schema
    .createIndex('upload_blobs_merchant_md5')
    .on('upload_blobs')
    .columns(['merchant_id', 'md5', 'size'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('upload_blobs_merchant_md5').execute();
  if (isPostgres(db)) {
    await db.schema.alterTable('upload_blobs').dropConstraint('upload_blobs_merchant_sha256').execute();
    await db.schema.alterTable('upload_blobs').dropColumn('sha256').execute();
    await db.schema
      .alterTable('upload_blobs')
      .addUniqueConstraint('upload_blobs_merchant_content', ['merchant_id', 'md5', 'size'])
      .execute();
  } else {
    await rebuildSqliteBlobs(db, 'md5');
  }
}

const BLOB_COLUMNS = [
  'id',
  'merchant_id',
  'md5',
  'size',
  'storage_key',
  'thumbnail_status',
  'thumbnail_key',
  'thumbnail_claimed_at',
  'facts_json',
  'created_at',
];

/** Rebuilds upload_blobs on SQLite, unique by SHA-256 (with the column) or by MD5 and size (without). */
async function rebuildSqliteBlobs(db: Kysely<any>, keyedBy: 'sha256' | 'md5'): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table: CreateTableBuilder<'upload_blobs_rebuilt', string> = idColumn(
        trx,
        trx.schema.createTable('upload_blobs_rebuilt'),
      )
        .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
        .addColumn('md5', 'varchar(32)', (c) => c.notNull());
      if (keyedBy === 'sha256') table = table.addColumn('sha256', 'varchar(64)');
      table = table
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('thumbnail_status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('thumbnail_key', 'varchar(300)')
        .addColumn('thumbnail_claimed_at', 'integer')
        .addColumn('facts_json', 'text')
        .addColumn('created_at', 'integer', (c) => c.notNull());
      table =
        keyedBy === 'sha256'
          ? table.addUniqueConstraint('upload_blobs_merchant_sha256', ['merchant_id', 'sha256'])
          : table.addUniqueConstraint('upload_blobs_merchant_content', ['merchant_id', 'md5', 'size']);
      await table.execute();
      const columns = sql.join(BLOB_COLUMNS.map((column) => sql.ref(column)));
      await sql`insert into upload_blobs_rebuilt (${columns}) select ${columns} from upload_blobs`.execute(
        trx,
      );
      await trx.schema.dropTable('upload_blobs').execute();
      await trx.schema.alterTable('upload_blobs_rebuilt').renameTo('upload_blobs').execute();
      await trx.schema
        .createIndex('upload_blobs_thumbnail_status')
        .on('upload_blobs')
        .column('thumbnail_status')
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error('upload_blobs rebuild broke a foreign key');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
