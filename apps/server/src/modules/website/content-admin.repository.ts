/**
 * Queries of the console's site-content editing (content-admin.service.ts): the help centre with
 * revisions, and the rich-text editor's pictures. Every query is scoped by the merchant; every
 * change of an existing row names the revision it was read at and changes nothing otherwise.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  HelpArticleTable,
  HelpCategoryTable,
  SiteAdTable,
  SiteImageTable,
  SiteMenuTable,
} from '../../db/schema.ts';

export type AdminCategoryRow = Selectable<HelpCategoryTable> & { article_count: number };
export type AdminArticleRow = Omit<Selectable<HelpArticleTable>, 'html' | 'body_text'>;
export type SiteImageRow = Omit<Selectable<SiteImageTable>, 'image' | 'thumbnail'>;

/** Every help category of the merchant with its number of articles (published or not). */
export async function listAdminCategories(db: Db, merchantId: number): Promise<AdminCategoryRow[]> {
  const rows = await db
    .selectFrom('help_categories as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('help_articles as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.category_id', '=', 'c.id')
        .as('article_count'),
    )
    .where('c.merchant_id', '=', merchantId)
    .orderBy('c.serial_number')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, article_count: Number(row.article_count ?? 0) }));
}

/** Every help article of the merchant (published or not), without bodies, in menu order. */
export async function listAdminArticles(db: Db, merchantId: number): Promise<AdminArticleRow[]> {
  return db
    .selectFrom('help_articles')
    .select([
      'id',
      'merchant_id',
      'category_id',
      'title',
      'serial_number',
      'is_published',
      'revision',
      'created_at',
      'updated_at',
    ])
    .where('merchant_id', '=', merchantId)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function findAdminCategory(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('help_categories')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAdminArticle(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('help_articles')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countCategoryArticles(db: Db, merchantId: number, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('help_articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Renames or reorders a category read at `revision`; false when it is not there at that revision. */
export async function updateCategoryAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: { title: string; serial_number: number; updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('help_categories')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes a category read at `revision` when it holds no article and has no fixed key, in one
 * statement (an article moved into it meanwhile keeps it); false when nothing was deleted.
 */
export async function deleteEmptyCategoryAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('help_categories')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where('code', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('help_articles')
            .select(sql.lit(1).as('one'))
            .whereRef('help_articles.category_id', '=', 'help_categories.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Changes an article read at `revision`; false when it is not there at that revision. */
export async function updateArticleAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: Pick<
    Insertable<HelpArticleTable>,
    'category_id' | 'title' | 'html' | 'body_text' | 'serial_number' | 'is_published' | 'updated_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('help_articles')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteArticleAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('help_articles')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// The editor's pictures

const IMAGE_COLUMNS = [
  'id',
  'merchant_id',
  'sha256',
  'upload_type',
  'original_name',
  'width',
  'height',
  'size_bytes',
  'created_by',
  'created_at',
] as const;

/**
 * Stores a picture, or finds the merchant's same picture stored before (the same content is kept
 * once; two uploads of it at once store one row).
 */
export async function insertSiteImage(db: Db, row: Insertable<SiteImageTable>): Promise<SiteImageRow> {
  await db
    .insertInto('site_images')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_id', 'sha256']).doNothing())
    .execute();
  return db
    .selectFrom('site_images')
    .select(IMAGE_COLUMNS)
    .where('merchant_id', '=', row.merchant_id)
    .where('sha256', '=', row.sha256)
    .executeTakeFirstOrThrow();
}

export async function countSiteImages(db: Db, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('site_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the merchant's pictures, newest first. */
export async function listSiteImages(
  db: Db,
  merchantId: number,
  page: { offset: number; limit: number },
): Promise<SiteImageRow[]> {
  return db
    .selectFrom('site_images')
    .select(IMAGE_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Deletes those of `ids` that are the merchant's; returns how many. */
export async function deleteSiteImages(db: Db, merchantId: number, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('site_images')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The bytes of the merchant's picture `sha256` (the picture or its thumbnail). */
export async function readSiteImageBytes(
  db: Db,
  merchantId: number,
  sha256: string,
  variant: 'image' | 'thumbnail',
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('site_images')
    .select(variant)
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row ? (row[variant] as Buffer) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Ads

/** Every ad of the merchant (of one position), active or not, in order. */
export async function listAllAds(db: Db, merchantId: number, position?: string) {
  let query = db.selectFrom('site_ads').selectAll().where('merchant_id', '=', merchantId);
  if (position) query = query.where('position', '=', position);
  return query.orderBy('position').orderBy('serial_number').orderBy('id').execute();
}

export async function findAd(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('site_ads')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The merchant's picture `id` (without its bytes). */
export async function findSiteImage(
  db: Db,
  merchantId: number,
  id: number,
): Promise<SiteImageRow | undefined> {
  return db
    .selectFrom('site_images')
    .select(IMAGE_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type AdChange = Partial<
  Pick<
    Insertable<SiteAdTable>,
    | 'position'
    | 'title'
    | 'subtitle'
    | 'image_url'
    | 'image_small_url'
    | 'image_width'
    | 'image_height'
    | 'image_alt'
    | 'link_type'
    | 'link_target'
    | 'serial_number'
    | 'starts_at'
    | 'ends_at'
    | 'is_active'
    | 'updated_at'
  >
>;

/** Changes an ad read at `revision`; false when it is not there at that revision. */
export async function updateAdAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: AdChange,
): Promise<boolean> {
  const result = await db
    .updateTable('site_ads')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAdAt(db: Db, merchantId: number, id: number, revision: number): Promise<boolean> {
  const result = await db
    .deleteFrom('site_ads')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Menus

/** Every entry of a menu position, every version, active or not, in order. */
export async function listAllMenuEntries(db: Db, merchantId: number, position: string) {
  return db
    .selectFrom('site_menus')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('position', '=', position)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function findMenuEntry(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('site_menus')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type MenuChange = Pick<
  Insertable<SiteMenuTable>,
  | 'version'
  | 'position'
  | 'parent_id'
  | 'title'
  | 'link_type'
  | 'link_target'
  | 'serial_number'
  | 'is_active'
  | 'updated_at'
>;

export async function insertMenuEntryRow(db: Db, row: Insertable<SiteMenuTable>): Promise<number> {
  const inserted = await db.insertInto('site_menus').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a menu entry read at `revision`; false when it is not there at that revision. */
export async function updateMenuEntryAt(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: MenuChange,
): Promise<boolean> {
  const result = await db
    .updateTable('site_menus')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an entry read at `revision` that has no children, in one statement; false otherwise. */
export async function deleteLeafMenuEntryAt(db: Db, merchantId: number, id: number, revision: number) {
  const result = await db
    .deleteFrom('site_menus')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('site_menus as child')
            .select(sql.lit(1).as('one'))
            .whereRef('child.parent_id', '=', 'site_menus.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
