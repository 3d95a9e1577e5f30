/**
 * The 商品与价格 draft: the catalogue file as the console edits it (the JSON object CatalogEditor
 * reads, published whole by PublishCatalog), and the pure steps the page applies to it. Every
 * step returns a new draft; the one it was given is never changed. Prices are checked and
 * computed by the customer site's own engine (`@inkstone/domain`).
 */
import {
  calculatePrice,
  compileProduct,
  excludedTechnologies,
  parseCatalog,
  type Catalog,
  type CatalogIssue,
  type CompiledProduct,
  type QuoteResult,
  type QuoteSelection,
} from '@inkstone/domain';

/** A catalogue file's content as edited: a JSON object that may not (yet) be a valid catalogue. */
export type CatalogDraft = Record<string, unknown>;

/** A category node as the file holds it (spec §3). */
export interface DraftCategory {
  Id: number;
  ParentId: number;
  Title: string;
  SerialNumber: number;
  ShowType: number;
  Icon: string;
  SourceType: number;
}

/** A product as the file holds it: `Id`, `CategoryId` and `Title`, and the rest of its fields. */
export interface DraftProduct extends Record<string, unknown> {
  Id: number;
  CategoryId: number;
  Title: string;
}

/** A node of the category tree the page draws (antd Tree's data). */
export interface CategoryTreeItem {
  key: number;
  title: string;
  icon: string;
  children: CategoryTreeItem[];
}

function listOf<T>(draft: CatalogDraft, key: string): T[] {
  const value = draft[key];
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The draft's category nodes. */
export function draftCategories(draft: CatalogDraft): DraftCategory[] {
  return listOf<DraftCategory>(draft, 'Categories');
}

/** The draft's products. */
export function draftProducts(draft: CatalogDraft): DraftProduct[] {
  return listOf<DraftProduct>(draft, 'Products');
}

/** Siblings in the order the site shows them: SerialNumber, then Id. */
function bySerial(a: DraftCategory, b: DraftCategory): number {
  return a.SerialNumber - b.SerialNumber || a.Id - b.Id;
}

/** The category tree in the site's order (siblings by SerialNumber, then Id). */
export function categoryTree(draft: CatalogDraft): CategoryTreeItem[] {
  const nodes = draftCategories(draft);
  const build = (parentId: number, depth: number): CategoryTreeItem[] =>
    depth > 3
      ? []
      : nodes
          .filter((node) => node.ParentId === parentId)
          .sort(bySerial)
          .map((node) => ({
            key: node.Id,
            title: node.Title,
            icon: node.Icon,
            children: build(node.Id, depth + 1),
          }));
  return build(0, 1);
}

/**
 * Moves category `movedId` next to its sibling `targetId` (before it, or after it), renumbering
 * the siblings' SerialNumber 10, 20, 30 … in the new order. Categories move within their parent
 * only (a product's category and the quotation routes keep their place): a move to another
 * parent returns the draft as it was.
 */
export function moveCategory(
  draft: CatalogDraft,
  movedId: number,
  targetId: number,
  place: 'before' | 'after',
): CatalogDraft {
  const nodes = draftCategories(draft);
  const moved = nodes.find((node) => node.Id === movedId);
  const target = nodes.find((node) => node.Id === targetId);
  if (!moved || !target || moved.Id === target.Id || moved.ParentId !== target.ParentId) return draft;
  const siblings = nodes
    .filter((node) => node.ParentId === moved.ParentId && node.Id !== moved.Id)
    .sort(bySerial);
  const at = siblings.findIndex((node) => node.Id === target.Id) + (place === 'after' ? 1 : 0);
  siblings.splice(at, 0, moved);
  const serials = new Map(siblings.map((node, index) => [node.Id, (index + 1) * 10]));
  return {
    ...draft,
    Categories: nodes.map((node) =>
      serials.has(node.Id) ? { ...node, SerialNumber: serials.get(node.Id)! } : node,
    ),
  };
}

/** Moves category `movedId` to the first place among its siblings (a drop onto its own parent). */
export function moveCategoryFirst(draft: CatalogDraft, movedId: number): CatalogDraft {
  const nodes = draftCategories(draft);
  const moved = nodes.find((node) => node.Id === movedId);
  const first = nodes.filter((node) => moved && node.ParentId === moved.ParentId).sort(bySerial)[0];
  return first ? moveCategory(draft, movedId, first.Id, 'before') : draft;
}

/** Changes one category's title and icon. */
export function updateCategory(
  draft: CatalogDraft,
  id: number,
  change: Pick<DraftCategory, 'Title' | 'Icon'>,
): CatalogDraft {
  return {
    ...draft,
    Categories: draftCategories(draft).map((node) => (node.Id === id ? { ...node, ...change } : node)),
  };
}

/** Replaces one product (found by `id`) with `product`. */
export function replaceProduct(draft: CatalogDraft, id: number, product: DraftProduct): CatalogDraft {
  return {
    ...draft,
    Products: draftProducts(draft).map((entry) => (entry.Id === id ? product : entry)),
  };
}

/** The products of one category, in the file's order. */
export function productsOf(draft: CatalogDraft, categoryId: number): DraftProduct[] {
  return draftProducts(draft).filter((product) => product.CategoryId === categoryId);
}

/** The draft checked as the server will check it: the catalogue, or every problem with its path. */
export type DraftCheck = { ok: true; catalog: Catalog } | { ok: false; issues: CatalogIssue[] };

/** Checks the draft with the catalogue file's own validator (the server's `readCatalogFile`). */
export function checkDraft(draft: CatalogDraft): DraftCheck {
  const { $schema: hint, ...rest } = draft;
  return parseCatalog(typeof hint === 'string' ? rest : draft);
}

/** One product of a checked draft, compiled for the price engine; undefined when absent. */
export function compileDraftProduct(catalog: Catalog, productId: number): CompiledProduct | undefined {
  const product = catalog.Products.find((entry) => entry.Id === productId);
  return product ? compileProduct(product, catalog) : undefined;
}

/** The preview's quote: the engine's answer, and the technologies it would grey out. */
export interface PreviewQuote {
  result: QuoteResult;
  excludedTechnologyIds: Set<string>;
}

/**
 * Prices `selection` as the customer site does: by the product's own PriceMode
 * (`calculatePrice`, what `pro-cal` answers with Mode auto).
 */
export function previewQuote(product: CompiledProduct, selection: QuoteSelection): PreviewQuote {
  return {
    result: calculatePrice(product, selection),
    excludedTechnologyIds: new Set(
      excludedTechnologies(product, selection).map((entry) => entry.technologyId),
    ),
  };
}

/** Yuan as typed (two decimals at most) to integer fen, without floating-point drift. */
export function yuanToFen(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return null;
  return Math.round(yuan * 100);
}

/** Integer fen as yuan for an input box. */
export function fenToYuan(fen: number | null | undefined): number | null {
  return typeof fen === 'number' && Number.isFinite(fen) ? fen / 100 : null;
}

/** The product at `path` in an issue's JSONPath (`$.Products[3]…`), to point the editor at it. */
export function issueProductIndex(path: string): number | null {
  const match = /^\$\.Products\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : null;
}
