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

/** A draft step that may be refused: the new draft (and the id it made), or why not. */
export type DraftChange = { ok: true; draft: CatalogDraft; id: number } | { ok: false; message: string };

/** Categories hold at most three levels (spec §3). */
const MAX_CATEGORY_LEVEL = 3;

/**
 * The next unused id of a list: one above the largest, and at least `firstFree` — the server's
 * first id no version ever used (CatalogEditor's NextProductId / NextCategoryId), so an id of a
 * removed product or category is never given to a new one.
 */
function nextId(items: readonly { Id: number }[], firstFree = 1): number {
  return Math.max(items.reduce((max, item) => Math.max(max, Number(item.Id) || 0), 0) + 1, firstFree);
}

/** How deep category `id` sits: 1 for a first-level category; 0 when it is not in the draft. */
function categoryLevel(nodes: readonly DraftCategory[], id: number): number {
  let level = 0;
  let node = nodes.find((entry) => entry.Id === id);
  while (node && level <= MAX_CATEGORY_LEVEL) {
    level += 1;
    const parentId = node.ParentId;
    node = parentId === 0 ? undefined : nodes.find((entry) => entry.Id === parentId);
  }
  return level;
}

/**
 * 新建分类 / 新建子分类: a category named `title` under `parentId` (0 for a first-level one),
 * last among its siblings. It is a leaf standing as its own child (SourceType 2), so the
 * quotation routes have their three ids whatever its level. Refused under a third-level category
 * and under a category that holds products (products hang under leaves only).
 */
export function addCategory(
  draft: CatalogDraft,
  parentId: number,
  title: string,
  firstFreeId = 1,
): DraftChange {
  const name = title.trim();
  if (!name) return { ok: false, message: '请输入分类名称' };
  if (name.length > 60) return { ok: false, message: '分类名称不能超过 60 个字' };
  const nodes = draftCategories(draft);
  if (parentId !== 0) {
    const parent = nodes.find((node) => node.Id === parentId);
    if (!parent) return { ok: false, message: '上级分类不存在' };
    if (categoryLevel(nodes, parentId) >= MAX_CATEGORY_LEVEL) {
      return { ok: false, message: `「${parent.Title}」已是第三级分类，分类最多三级` };
    }
    const count = productsOf(draft, parentId).length;
    if (count > 0) {
      return {
        ok: false,
        message: `「${parent.Title}」下有 ${count} 个商品，商品只能挂在末级分类下，不能再建子分类；请先删除这些商品`,
      };
    }
  }
  const siblings = nodes.filter((node) => node.ParentId === parentId);
  const id = nextId(nodes, firstFreeId);
  const node: DraftCategory = {
    Id: id,
    ParentId: parentId,
    Title: name,
    SerialNumber: siblings.reduce((max, sibling) => Math.max(max, sibling.SerialNumber), 0) + 10,
    ShowType: 1,
    Icon: '',
    SourceType: 2,
  };
  return { ok: true, draft: { ...draft, Categories: [...nodes, node] }, id };
}

/** 删除 a category: refused while it has subcategories or products. */
export function removeCategory(draft: CatalogDraft, id: number): DraftChange {
  const nodes = draftCategories(draft);
  const node = nodes.find((entry) => entry.Id === id);
  if (!node) return { ok: false, message: '分类不存在或已删除' };
  const children = nodes.filter((entry) => entry.ParentId === id).length;
  if (children > 0) {
    return { ok: false, message: `分类「${node.Title}」下还有 ${children} 个子分类，请先删除子分类` };
  }
  const products = productsOf(draft, id).length;
  if (products > 0) {
    return {
      ok: false,
      message: `分类「${node.Title}」下还有 ${products} 个商品，不能删除；请先删除这些商品`,
    };
  }
  return { ok: true, draft: { ...draft, Categories: nodes.filter((entry) => entry.Id !== id) }, id };
}

/** What 新建商品 asks for: the least a product needs to be quoted (one size, paper, colour, 一口价). */
export interface NewProductFields {
  Title: string;
  Unit: string;
  SizeName: string;
  WidthMm: number;
  HeightMm: number;
  PaperId: string;
  Sides: 1 | 2;
  Quantity: number;
  PriceFen: number;
  ProductionDays: number;
}

/** The product 新建商品 makes of `fields`: one choice of each, priced by a one-row 一口价 table. */
export function buildNewProduct(
  id: number,
  categoryId: number,
  fields: NewProductFields,
  paperName = fields.PaperId,
): DraftProduct {
  const skuCode = `P${id}`;
  return {
    Id: id,
    CategoryId: categoryId,
    Title: fields.Title.trim(),
    Unit: fields.Unit.trim(),
    PiecesPerUnit: 1,
    PriceMode: 'fixed',
    Sizes: {
      Presets: [
        { Id: 's1', Name: fields.SizeName.trim(), WidthMm: fields.WidthMm, HeightMm: fields.HeightMm },
      ],
    },
    Styles: [{ Id: 'p1', Name: paperName.slice(0, 60), PaperId: fields.PaperId }],
    Colours: [
      { Id: 'c1', Name: fields.Sides === 2 ? '双面四色' : '单面四色', Sides: fields.Sides, Ink: '四色' },
    ],
    Technologies: [],
    Quantity: { Presets: [fields.Quantity] },
    SkuBindings: [{ SkuCode: skuCode }],
    FixedPrices: [{ SkuCode: skuCode, Prices: [{ Quantity: fields.Quantity, PriceFen: fields.PriceFen }] }],
    ProductionDays: [{ MinQuantity: 1, Days: fields.ProductionDays }],
  };
}

/** A problem of one product, its path relative to the product (`Title`, `Sizes.Presets[0].WidthMm`). */
export interface ProductIssue {
  path: string;
  message: string;
}

/** The checked draft's problems that lie in product number `index` of `Products`. */
function issuesOfProduct(draft: CatalogDraft, index: number): ProductIssue[] {
  const check = checkDraft(draft);
  if (check.ok) return [];
  const prefix = `$.Products[${index}]`;
  return check.issues
    .filter(
      (issue) =>
        issue.path === prefix || issue.path.startsWith(`${prefix}.`) || issue.path.startsWith(`${prefix}[`),
    )
    .map((issue) => ({ path: issue.path.slice(prefix.length).replace(/^\./, ''), message: issue.message }));
}

/** 新建商品's outcome: the new draft and product id, or each bad field of the new product. */
export type NewProductResult =
  { ok: true; draft: CatalogDraft; id: number } | { ok: false; issues: ProductIssue[] };

/**
 * 新建商品 under leaf category `categoryId`, checked by the catalogue file's own validator (the
 * rules of an import and a publish): refused with each bad field of the new product.
 */
export function addProduct(
  draft: CatalogDraft,
  categoryId: number,
  fields: NewProductFields,
  firstFreeId = 1,
): NewProductResult {
  const nodes = draftCategories(draft);
  if (!nodes.some((node) => node.Id === categoryId)) {
    return { ok: false, issues: [{ path: 'CategoryId', message: '分类不存在或已删除' }] };
  }
  if (nodes.some((node) => node.ParentId === categoryId)) {
    return {
      ok: false,
      issues: [{ path: 'CategoryId', message: '商品只能挂在末级分类下（此分类有子分类）' }],
    };
  }
  const products = draftProducts(draft);
  const id = nextId(products, firstFreeId);
  const papers = Array.isArray(draft.Papers) ? (draft.Papers as { Id?: unknown; Name?: unknown }[]) : [];
  const paper = papers.find((entry) => entry.Id === fields.PaperId);
  const name = typeof paper?.Name === 'string' && paper.Name ? paper.Name : fields.PaperId;
  const next = { ...draft, Products: [...products, buildNewProduct(id, categoryId, fields, name)] };
  const issues = issuesOfProduct(next, products.length);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, draft: next, id };
}

/**
 * 复制商品: a copy of product `id` with a new id, named `…（副本）`, right after it in the same
 * category. Its aliases are left out (batch ordering would not know which product a word means).
 */
export function duplicateProduct(draft: CatalogDraft, id: number, firstFreeId = 1): DraftChange {
  const products = draftProducts(draft);
  const at = products.findIndex((product) => product.Id === id);
  if (at < 0) return { ok: false, message: '商品不存在或已删除' };
  const { Aliases: _aliases, ...original } = structuredClone(products[at]!);
  const copyId = nextId(products, firstFreeId);
  const copy: DraftProduct = { ...original, Id: copyId, Title: `${original.Title}（副本）`.slice(0, 60) };
  return {
    ok: true,
    draft: { ...draft, Products: [...products.slice(0, at + 1), copy, ...products.slice(at + 1)] },
    id: copyId,
  };
}

/** 删除商品: the product leaves the draft (orders of it keep the version they were sold at). */
export function removeProduct(draft: CatalogDraft, id: number): DraftChange {
  const products = draftProducts(draft);
  if (!products.some((product) => product.Id === id)) return { ok: false, message: '商品不存在或已删除' };
  return { ok: true, draft: { ...draft, Products: products.filter((product) => product.Id !== id) }, id };
}
