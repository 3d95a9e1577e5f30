import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** The newest version number of a merchant's catalogue and when it was imported. */
export interface CatalogHead {
  version: number;
  imported_at: number;
}

/** A stored catalogue version with its file text. */
export interface CatalogRow extends CatalogHead {
  content: string;
}

/**
 * The current (highest) version of a merchant's catalogue, without its content: the cheap query
 * the catalogue cache asks every few seconds. Undefined when nothing was imported yet.
 */
export async function findCatalogHead(db: Executor, merchantId: number): Promise<CatalogHead | undefined> {
  return db
    .selectFrom('catalogs')
    .select(['version', 'imported_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One version of a merchant's catalogue, or the current one when `version` is omitted. */
export async function findCatalog(
  db: Executor,
  merchantId: number,
  version?: number,
): Promise<CatalogRow | undefined> {
  let query = db
    .selectFrom('catalogs')
    .select(['version', 'imported_at', 'content'])
    .where('merchant_id', '=', merchantId);
  query =
    version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  return query.executeTakeFirst();
}

/** A stored version as the console's 版本记录 lists it. */
export interface CatalogVersionRow extends CatalogHead {
  /** The staff member who published it from the console; '' for the command line and seeds. */
  published_by: string;
}

/** Every version of a merchant's catalogue, newest first, without content. */
export async function listCatalogVersions(db: Executor, merchantId: number): Promise<CatalogVersionRow[]> {
  return db
    .selectFrom('catalogs')
    .select(['version', 'imported_at', 'published_by'])
    .where('merchant_id', '=', merchantId)
    .orderBy('version', 'desc')
    .execute();
}

/** Stores a new version; the caller holds the merchant's catalogue lock. */
export async function insertCatalogVersion(
  db: Executor,
  row: { merchant_id: number; version: number; content: string; imported_at: number; published_by?: string },
): Promise<void> {
  await db.insertInto('catalogs').values(row).execute();
}
