/**
 * Site content (docs/website.md): the merchant's ads, home layout, menus, help centre and
 * template centre. Everything is the merchant's own: another merchant's ids find nothing. Where
 * content is kept per interface version, the version's own rows win and rows for every version
 * (version null) are the fallback. Product items carry the engine's from price.
 */
import type {
  Ad,
  AdPosition,
  HelpArticle,
  HelpCategory,
  HomeLayout,
  HomeLayoutGroup,
  HomeMenuEntry,
  QueryTemplateBody,
  TemplatePage,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ProductsService } from '../products/index.ts';
import { toAd, toArticleRef, toDesignTemplate, toHomeGroup, toHomeItem, toLink } from './website.mapper.ts';
import {
  countTemplatesByCategory,
  findHelpArticle,
  findHomeGroup,
  listCategoryArticleRefs,
  listHelpArticleRefs,
  listHelpCategories,
  listHomeGroups,
  listHomeItems,
  listMenuEntries,
  listShowingAds,
  listTemplateCategories,
  listTemplateFiles,
  listTemplates,
  type HomeGroupRow,
  type MenuRow,
  type TemplateFileRow,
} from './website.repository.ts';
import { sanitizeRichText } from './rich-text.ts';

/** The merchant a request is for: its id and the interface version it has chosen. */
export interface SiteOwner {
  id: number;
  interface_version: number;
}

export interface WebsiteServiceDeps {
  db: Db;
  clock: Clock;
  /** From prices of product items (the products module). */
  products: Pick<ProductsService, 'fromPrices'>;
}

/** Menus nest at most this deep (a row naming a descendant as its parent cannot loop). */
const MAX_MENU_DEPTH = 3;

/** The rows of `version` when it has any, else those kept for every version. */
function rowsOfVersion<T extends { version: number | null }>(rows: readonly T[], version: number): T[] {
  const own = rows.filter((row) => row.version === version);
  return own.length > 0 ? own : rows.filter((row) => row.version === null);
}

function menuTree(rows: readonly MenuRow[]): HomeMenuEntry[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id);
    if (siblings) siblings.push(row);
    else children.set(row.parent_id, [row]);
  }
  const build = (parentId: number | null, depth: number): HomeMenuEntry[] =>
    (children.get(parentId) ?? []).map((row) => ({
      Id: row.id,
      Title: row.title,
      Link: toLink(row.link_type, row.link_target),
      Children: depth < MAX_MENU_DEPTH ? build(row.id, depth + 1) : [],
    }));
  return build(null, 1);
}

export class WebsiteService {
  constructor(private readonly deps: WebsiteServiceDeps) {}

  /** QueryAd: the position's ads whose time window holds the server clock's now, in order. */
  async queryAds(merchantId: number, position: AdPosition): Promise<Ad[]> {
    const rows = await listShowingAds(this.deps.db, merchantId, position, this.deps.clock.now());
    return rows.map(toAd).filter((ad): ad is Ad => ad !== null);
  }

  /** QueryHomeLayoutGroup: the home page's groups of the version (the merchant's by default). */
  async queryHomeGroups(owner: SiteOwner, version?: number | null): Promise<HomeLayoutGroup[]> {
    const rows = await this.groupRows(owner, version);
    return rows.map(toHomeGroup).filter((group): group is HomeLayoutGroup => group !== null);
  }

  /**
   * QueryHomeLayout: the groups with their items, or one group (any version's) when `groupId` is
   * given. A product item whose product the current catalogue no longer sells is left out.
   * @throws AppError Failed when the group is not the merchant's.
   */
  async queryHomeLayout(
    owner: SiteOwner,
    version?: number | null,
    groupId?: number | null,
  ): Promise<HomeLayout> {
    let rows: HomeGroupRow[];
    if (groupId === null || groupId === undefined) {
      rows = await this.groupRows(owner, version);
    } else {
      const row = await findHomeGroup(this.deps.db, owner.id, groupId);
      if (!row) throw new AppError('ContentNotFound', '首页分组不存在或已停用');
      rows = [row];
    }
    const groups = rows
      .map((row) => ({ row, group: toHomeGroup(row) }))
      .filter((entry): entry is { row: HomeGroupRow; group: HomeLayoutGroup } => entry.group !== null);
    const items = await listHomeItems(
      this.deps.db,
      owner.id,
      groups.map((entry) => entry.row.id),
    );
    const productIds = [
      ...new Set(items.flatMap((item) => (item.product_id === null ? [] : [item.product_id]))),
    ];
    const prices = productIds.length > 0 ? await this.fromPrices(owner.id, productIds) : null;
    return groups.map(({ group }) => ({
      ...group,
      Items: items
        .filter((item) => item.group_id === group.Id)
        .filter((item) => item.product_id === null || prices === null || prices.has(item.product_id))
        .map((item) =>
          toHomeItem(item, item.product_id === null ? null : (prices?.get(item.product_id) ?? null)),
        ),
    }));
  }

  /** queryhomemenu: the menu of a position and version (the merchant's by default), as a tree. */
  async queryMenu(owner: SiteOwner, position: string, version?: number | null): Promise<HomeMenuEntry[]> {
    const wanted = version ?? owner.interface_version;
    const rows = await listMenuEntries(this.deps.db, owner.id, position, wanted);
    return menuTree(rowsOfVersion(rows, wanted));
  }

  /**
   * QueryHelperMenu: the categories with their published articles' titles, in order; with a
   * keyword, only the articles whose title or text holds it. Categories without articles are
   * left out.
   */
  async queryHelpMenu(merchantId: number, keyword: string): Promise<HelpCategory[]> {
    const [categories, articles] = await Promise.all([
      listHelpCategories(this.deps.db, merchantId),
      listHelpArticleRefs(this.deps.db, merchantId, keyword),
    ]);
    return categories
      .map((category) => ({
        Id: category.id,
        Key: category.code ?? '',
        Title: category.title,
        SerialNumber: category.serial_number,
        Articles: articles.filter((article) => article.category_id === category.id).map(toArticleRef),
      }))
      .filter((category) => category.Articles.length > 0);
  }

  /**
   * HelperInfo: one published article, sanitised, with the previous and next article of its
   * category.
   * @throws AppError Failed when it is not one of the merchant's published articles.
   */
  async getHelpArticle(merchantId: number, id: number): Promise<HelpArticle> {
    const row = await findHelpArticle(this.deps.db, merchantId, id);
    if (!row) throw new AppError('ContentNotFound', '帮助文章不存在或已下线');
    const siblings = await listCategoryArticleRefs(this.deps.db, merchantId, row.category_id);
    const at = siblings.findIndex((sibling) => sibling.id === row.id);
    const previous = at > 0 ? siblings[at - 1] : undefined;
    const next = at >= 0 ? siblings[at + 1] : undefined;
    return {
      Id: row.id,
      Title: row.title,
      CategoryId: row.category_id,
      CategoryTitle: row.category_title,
      Html: sanitizeRichText(row.html),
      UpdatedAt: new Date(row.updated_at).toISOString(),
      Previous: previous ? toArticleRef(previous) : null,
      Next: next ? toArticleRef(next) : null,
    };
  }

  /**
   * QueryTemplate: one page of the templates matching the filters, and every template category
   * with the number of templates it would show under the other filters.
   */
  async queryTemplates(merchantId: number, body: QueryTemplateBody): Promise<TemplatePage> {
    const filter = {
      merchantId,
      categoryId: body.CategoryId ?? undefined,
      productId: body.ProductId ?? undefined,
      keyword: body.Keyword,
    };
    const [categories, counts] = await Promise.all([
      listTemplateCategories(this.deps.db, merchantId),
      countTemplatesByCategory(this.deps.db, filter),
    ]);
    const total =
      filter.categoryId === undefined
        ? [...counts.values()].reduce((sum, count) => sum + count, 0)
        : (counts.get(filter.categoryId) ?? 0);
    const pageIndex = Math.max(1, body.pageindex);
    const offset = (pageIndex - 1) * body.limit;
    const rows =
      offset < total ? await listTemplates(this.deps.db, filter, { offset, limit: body.limit }) : [];
    const files = await listTemplateFiles(
      this.deps.db,
      merchantId,
      rows.map((row) => row.id),
    );
    const filesOf = new Map<number, TemplateFileRow[]>();
    for (const file of files) {
      const list = filesOf.get(file.template_id);
      if (list) list.push(file);
      else filesOf.set(file.template_id, [file]);
    }
    return {
      List: rows
        .map((row) => toDesignTemplate(row, filesOf.get(row.id) ?? []))
        .filter((template) => template !== null),
      PageIndex: pageIndex,
      Limit: body.limit,
      PageCount: Math.ceil(total / body.limit),
      TotalCount: total,
      Categories: categories.map((category) => ({
        Id: category.id,
        Title: category.title,
        Count: counts.get(category.id) ?? 0,
      })),
    };
  }

  private async groupRows(owner: SiteOwner, version?: number | null): Promise<HomeGroupRow[]> {
    const wanted = version ?? owner.interface_version;
    return rowsOfVersion(await listHomeGroups(this.deps.db, owner.id, wanted), wanted);
  }

  /**
   * From prices of the products; null when the catalogue cannot be read (then product items are
   * shown without a price rather than the home page failing).
   */
  private async fromPrices(
    merchantId: number,
    productIds: number[],
  ): Promise<Map<number, number | null> | null> {
    try {
      return await this.deps.products.fromPrices(merchantId, productIds);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
}
