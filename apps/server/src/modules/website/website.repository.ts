/**
 * Every query of the site-content module; each takes the database or a transaction and is
 * scoped by merchant. Rows are stored as the service hands them over (rich text already
 * sanitised); what is sent is sanitised again by the mapper.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  DesignTemplateFileTable,
  DesignTemplateTable,
  HelpArticleTable,
  HelpCategoryTable,
  SiteAdTable,
  SiteHomeGroupTable,
  SiteHomeItemTable,
  SiteMenuTable,
  TemplateCategoryTable,
} from '../../db/schema.ts';

export type AdRow = Selectable<SiteAdTable>;
export type HomeGroupRow = Selectable<SiteHomeGroupTable>;
export type HomeItemRow = Selectable<SiteHomeItemTable>;
export type MenuRow = Selectable<SiteMenuTable>;
export type HelpCategoryRow = Selectable<HelpCategoryTable>;
/** An article as a menu lists it. */
export type ArticleRefRow = { id: number; title: string; category_id: number };
export type HelpArticleRow = Selectable<HelpArticleTable> & { category_title: string };
export type TemplateCategoryRow = Selectable<TemplateCategoryTable>;
export type TemplateRow = Selectable<DesignTemplateTable> & { category_title: string };
export type TemplateFileRow = Selectable<DesignTemplateFileTable>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** `%keyword%` for a case-insensitive LIKE (the column is compared in lower case). */
function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword.toLowerCase())}%`;
}

// ---------------------------------------------------------------------------------------------
// Ads

/** The position's active ads whose window holds `now` (start inclusive, end exclusive), in order. */
export async function listShowingAds(
  db: Db,
  merchantId: number,
  position: string,
  now: number,
): Promise<AdRow[]> {
  return db
    .selectFrom('site_ads')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('position', '=', position)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function insertAd(db: Db, row: Insertable<SiteAdTable>): Promise<number> {
  const inserted = await db.insertInto('site_ads').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

// ---------------------------------------------------------------------------------------------
// Home layout

/** The active groups of `version` and of every version (version null), in order. */
export async function listHomeGroups(db: Db, merchantId: number, version: number): Promise<HomeGroupRow[]> {
  return db
    .selectFrom('site_home_groups')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('version', '=', version), eb('version', 'is', null)]))
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function findHomeGroup(
  db: Db,
  merchantId: number,
  id: number,
): Promise<HomeGroupRow | undefined> {
  return db
    .selectFrom('site_home_groups')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** The active items of the groups, in order within each group. */
export async function listHomeItems(
  db: Db,
  merchantId: number,
  groupIds: readonly number[],
): Promise<HomeItemRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('site_home_items')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('group_id', 'in', groupIds)
    .where('is_active', '=', 1)
    .orderBy('group_id')
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function insertHomeGroup(db: Db, row: Insertable<SiteHomeGroupTable>): Promise<number> {
  const inserted = await db
    .insertInto('site_home_groups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertHomeItem(db: Db, row: Insertable<SiteHomeItemTable>): Promise<number> {
  const inserted = await db
    .insertInto('site_home_items')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---------------------------------------------------------------------------------------------
// Menus

/** The position's active entries of `version` and of every version (version null), in order. */
export async function listMenuEntries(
  db: Db,
  merchantId: number,
  position: string,
  version: number,
): Promise<MenuRow[]> {
  return db
    .selectFrom('site_menus')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('position', '=', position)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('version', '=', version), eb('version', 'is', null)]))
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function insertMenuEntry(db: Db, row: Insertable<SiteMenuTable>): Promise<number> {
  const inserted = await db.insertInto('site_menus').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

// ---------------------------------------------------------------------------------------------
// Help centre

export async function listHelpCategories(db: Db, merchantId: number): Promise<HelpCategoryRow[]> {
  return db
    .selectFrom('help_categories')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

/**
 * The published articles' ids and titles in order, those whose title or text contains
 * `keyword` (any letter case) when one is given.
 */
export async function listHelpArticleRefs(
  db: Db,
  merchantId: number,
  keyword = '',
): Promise<ArticleRefRow[]> {
  let query = db
    .selectFrom('help_articles')
    .select(['id', 'title', 'category_id'])
    .where('merchant_id', '=', merchantId)
    .where('is_published', '=', 1);
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(title)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(body_text)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query.orderBy('serial_number').orderBy('id').execute();
}

/** One published article with its category's title. */
export async function findHelpArticle(
  db: Db,
  merchantId: number,
  id: number,
): Promise<HelpArticleRow | undefined> {
  return db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', 'c.id', 'a.category_id')
    .selectAll('a')
    .select('c.title as category_title')
    .where('a.merchant_id', '=', merchantId)
    .where('c.merchant_id', '=', merchantId)
    .where('a.id', '=', id)
    .where('a.is_published', '=', 1)
    .executeTakeFirst();
}

/** The published articles of one category, in order (for previous and next). */
export async function listCategoryArticleRefs(
  db: Db,
  merchantId: number,
  categoryId: number,
): Promise<ArticleRefRow[]> {
  return db
    .selectFrom('help_articles')
    .select(['id', 'title', 'category_id'])
    .where('merchant_id', '=', merchantId)
    .where('category_id', '=', categoryId)
    .where('is_published', '=', 1)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function insertHelpCategory(db: Db, row: Insertable<HelpCategoryTable>): Promise<number> {
  const inserted = await db
    .insertInto('help_categories')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertHelpArticle(db: Db, row: Insertable<HelpArticleTable>): Promise<number> {
  const inserted = await db.insertInto('help_articles').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

// ---------------------------------------------------------------------------------------------
// Template centre

/** What templates are looked for by; `categoryId` is left out when counting per category. */
export interface TemplateFilter {
  merchantId: number;
  categoryId?: number;
  productId?: number;
  keyword?: string;
}

function filteredTemplates(db: Db, filter: TemplateFilter) {
  let query = db
    .selectFrom('design_templates as t')
    .where('t.merchant_id', '=', filter.merchantId)
    .where('t.is_active', '=', 1);
  if (filter.categoryId !== undefined) query = query.where('t.category_id', '=', filter.categoryId);
  if (filter.productId !== undefined) query = query.where('t.product_id', '=', filter.productId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    query = query.where(sql<boolean>`lower(t.title) like ${pattern} escape '\\'`);
  }
  return query;
}

export async function listTemplateCategories(db: Db, merchantId: number): Promise<TemplateCategoryRow[]> {
  return db
    .selectFrom('template_categories')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

/** How many templates match `filter` in each category (the filter's own category ignored). */
export async function countTemplatesByCategory(db: Db, filter: TemplateFilter): Promise<Map<number, number>> {
  const rows = await filteredTemplates(db, { ...filter, categoryId: undefined })
    .select(['t.category_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('t.category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
}

/** One page of the templates matching `filter`, in order, with their category's title. */
export async function listTemplates(
  db: Db,
  filter: TemplateFilter,
  page: { offset: number; limit: number },
): Promise<TemplateRow[]> {
  return filteredTemplates(db, filter)
    .innerJoin('template_categories as c', 'c.id', 't.category_id')
    .selectAll('t')
    .select('c.title as category_title')
    .orderBy('c.serial_number')
    .orderBy('t.serial_number')
    .orderBy('t.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function listTemplateFiles(
  db: Db,
  merchantId: number,
  templateIds: readonly number[],
): Promise<TemplateFileRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('design_template_files')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('serial_number')
    .orderBy('id')
    .execute();
}

export async function insertTemplateCategory(
  db: Db,
  row: Insertable<TemplateCategoryTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('template_categories')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertTemplate(db: Db, row: Insertable<DesignTemplateTable>): Promise<number> {
  const inserted = await db
    .insertInto('design_templates')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertTemplateFile(db: Db, row: Insertable<DesignTemplateFileTable>): Promise<number> {
  const inserted = await db
    .insertInto('design_template_files')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// ---------------------------------------------------------------------------------------------

/** True when the merchant has any site content (the demo seed then leaves it alone). */
export async function hasSiteContent(db: Db, merchantId: number): Promise<boolean> {
  const [ad, group, article] = await Promise.all([
    db.selectFrom('site_ads').select('id').where('merchant_id', '=', merchantId).limit(1).executeTakeFirst(),
    db
      .selectFrom('site_home_groups')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('help_articles')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return ad !== undefined || group !== undefined || article !== undefined;
}
