import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_FILES, suggestSelection } from '@inkstone/domain';
import {
  addCategory,
  addProduct,
  categoryTree,
  draftCategories,
  draftProducts,
  duplicateProduct,
  removeCategory,
  removeProduct,
  type NewProductFields,
  checkDraft,
  compileDraftProduct,
  fenToYuan,
  issueProductIndex,
  moveCategory,
  moveCategoryFirst,
  previewQuote,
  productsOf,
  replaceProduct,
  updateCategory,
  yuanToFen,
  type CatalogDraft,
  type DraftProduct,
} from './catalog-draft.ts';

const demo = (): CatalogDraft => structuredClone(DEMO_CATALOG_FILES.demo) as CatalogDraft;

const titles = (draft: CatalogDraft) => categoryTree(draft).map((node) => node.title);

describe('the category tree', () => {
  it('orders siblings by SerialNumber, then Id, with their children', () => {
    const tree = categoryTree(demo());
    expect(tree.map((node) => node.title)).toEqual([
      '名片卡片',
      '宣传印刷',
      '标签贴纸',
      '广告喷绘',
      '包装办公',
    ]);
    expect(tree[1]!.children.map((node) => node.title)).toEqual(['宣传单页', '画册', '海报']);
    expect(tree[0]!.children[0]!.children.map((node) => node.key)).toEqual([111]);
  });

  it('moves a category before or after a sibling and renumbers the siblings', () => {
    const original = demo();
    const moved = moveCategory(original, 500, 100, 'before');
    expect(titles(moved)).toEqual(['包装办公', '名片卡片', '宣传印刷', '标签贴纸', '广告喷绘']);
    const serials = (moved.Categories as { Id: number; ParentId: number; SerialNumber: number }[])
      .filter((node) => node.ParentId === 0)
      .sort((a, b) => a.SerialNumber - b.SerialNumber)
      .map((node) => [node.Id, node.SerialNumber]);
    expect(serials).toEqual([
      [500, 10],
      [100, 20],
      [200, 30],
      [300, 40],
      [400, 50],
    ]);
    expect(titles(moveCategory(original, 100, 400, 'after'))).toEqual([
      '宣传印刷',
      '标签贴纸',
      '广告喷绘',
      '名片卡片',
      '包装办公',
    ]);
    // The draft it was given is unchanged.
    expect(titles(original)).toEqual(['名片卡片', '宣传印刷', '标签贴纸', '广告喷绘', '包装办公']);
    expect(checkDraft(moved).ok).toBe(true);
  });

  it('moves a category to the first place under its parent', () => {
    const moved = moveCategoryFirst(demo(), 220);
    expect(categoryTree(moved)[1]!.children.map((node) => node.title)).toEqual(['海报', '宣传单页', '画册']);
    expect(titles(moveCategoryFirst(demo(), 500))[0]).toBe('包装办公');
  });

  it('keeps a category under its parent: a move to another parent changes nothing', () => {
    const original = demo();
    expect(moveCategory(original, 210, 100, 'before')).toBe(original);
    expect(moveCategory(original, 210, 210, 'after')).toBe(original);
    expect(moveCategory(original, 999, 100, 'after')).toBe(original);
  });

  it('renames a category and changes its icon', () => {
    const renamed = updateCategory(demo(), 100, { Title: '名片', Icon: 'icon-id' });
    expect(categoryTree(renamed)[0]).toMatchObject({ title: '名片', icon: 'icon-id' });
  });
});

describe('products and the quote preview', () => {
  it('prices the draft with the customer site engine, and follows an edited 一口价', () => {
    const draft = demo();
    const check = checkDraft(draft);
    if (!check.ok) throw new Error(JSON.stringify(check.issues));
    const product = compileDraftProduct(check.catalog, 1001)!;
    const selection = suggestSelection(product);
    const before = previewQuote(product, selection).result;
    expect(before.ok).toBe(true);

    const card = structuredClone(productsOf(draft, 111)[0]!) as DraftProduct & {
      FixedPrices: { Prices: { PriceFen: number }[] }[];
    };
    for (const table of card.FixedPrices) for (const price of table.Prices) price.PriceFen += 500;
    const edited = checkDraft(replaceProduct(draft, 1001, card));
    if (!edited.ok) throw new Error(JSON.stringify(edited.issues));
    const after = previewQuote(compileDraftProduct(edited.catalog, 1001)!, selection).result;
    expect(after.ok && before.ok && after.totalFen - before.totalFen).toBe(500);
  });

  it('reports an invalid draft with the path of each bad field', () => {
    const draft = demo();
    const product = structuredClone(productsOf(draft, 111)[0]!);
    product.Title = '';
    const check = checkDraft(replaceProduct(draft, 1001, product));
    expect(check.ok).toBe(false);
    expect(!check.ok && check.issues.map((issue) => issue.path)).toContain('$.Products[0].Title');
    expect(issueProductIndex('$.Products[0].Title')).toBe(0);
    expect(issueProductIndex('$.Categories[2].Title')).toBeNull();
  });

  it('accepts the `$schema` hint the file may carry', () => {
    expect(checkDraft({ $schema: 'https://demo.example/api/public/catalog-schema.json', ...demo() }).ok).toBe(
      true,
    );
  });
});

describe('yuan and fen', () => {
  it('turns yuan into fen without floating-point drift, and back', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(null)).toBeNull();
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuan(null)).toBeNull();
  });
});

const fields = (change: Partial<NewProductFields> = {}): NewProductFields => ({
  Title: '会员卡',
  Unit: '张',
  SizeName: '85×54mm',
  WidthMm: 85,
  HeightMm: 54,
  PaperId: 'cb300',
  Sides: 2,
  Quantity: 100,
  PriceFen: 4500,
  ProductionDays: 2,
  ...change,
});

const categoryIds = (draft: CatalogDraft) => draftCategories(draft).map((node) => node.Id);

describe('adding and removing categories', () => {
  it('adds a first-level category last among the first level, standing as its own child', () => {
    const original = demo();
    const added = addCategory(original, 0, '  礼品定制 ');
    if (!added.ok) throw new Error(added.message);
    expect(added.id).toBe(Math.max(...categoryIds(original)) + 1);
    expect(titles(added.draft).at(-1)).toBe('礼品定制');
    const node = draftCategories(added.draft).find((entry) => entry.Id === added.id)!;
    expect(node).toMatchObject({ ParentId: 0, SourceType: 2, Icon: '', SerialNumber: 60 });
    expect(draftCategories(original)).toHaveLength(draftCategories(added.draft).length - 1);
    expect(checkDraft(added.draft).ok).toBe(true);
  });

  it('adds a subcategory under a category without products, and a product under it publishes', () => {
    const root = addCategory(demo(), 0, '礼品定制');
    if (!root.ok) throw new Error(root.message);
    const child = addCategory(root.draft, root.id, '马克杯');
    if (!child.ok) throw new Error(child.message);
    expect(
      categoryTree(child.draft)
        .at(-1)!
        .children.map((node) => node.title),
    ).toEqual(['马克杯']);
    const product = addProduct(child.draft, child.id, fields());
    if (!product.ok) throw new Error(JSON.stringify(product.issues));
    expect(checkDraft(product.draft).ok).toBe(true);
  });

  it('refuses a subcategory under a category with products, below the third level and without a name', () => {
    const draft = demo();
    const refused = addCategory(draft, 520, '子分类');
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/「.+」下有 1 个商品/) });
    const level3 = addCategory(draft, 231, '更深');
    expect(level3.ok).toBe(false);
    const root = addCategory(draft, 0, 'A');
    if (!root.ok) throw new Error(root.message);
    const second = addCategory(root.draft, root.id, 'B');
    if (!second.ok) throw new Error(second.message);
    const third = addCategory(second.draft, second.id, 'C');
    if (!third.ok) throw new Error(third.message);
    expect(addCategory(third.draft, third.id, 'D')).toEqual({
      ok: false,
      message: '「C」已是第三级分类，分类最多三级',
    });
    expect(addCategory(draft, 0, '   ')).toEqual({ ok: false, message: '请输入分类名称' });
  });

  it('refuses removing a category that has products or subcategories, and removes an empty one', () => {
    const draft = demo();
    expect(removeCategory(draft, 111)).toEqual({
      ok: false,
      message: '分类「商务名片」下还有 1 个商品，不能删除；请先删除这些商品',
    });
    expect(removeCategory(draft, 100)).toMatchObject({
      ok: false,
      message: expect.stringContaining('子分类'),
    });
    const added = addCategory(draft, 0, '临时');
    if (!added.ok) throw new Error(added.message);
    const removed = removeCategory(added.draft, added.id);
    if (!removed.ok) throw new Error(removed.message);
    expect(categoryIds(removed.draft)).toEqual(categoryIds(draft));
  });
});

describe('adding, duplicating and removing products', () => {
  it('never gives a new product or category an id an earlier version used (the server names the first free one)', () => {
    const draft = demo();
    const free = Math.max(...draftProducts(draft).map((product) => product.Id)) + 50;
    const added = addProduct(draft, 520, fields(), free);
    if (!added.ok) throw new Error(JSON.stringify(added.issues));
    expect(added.id).toBe(free);
    const again = addProduct(added.draft, 520, fields({ Title: '第二个' }), free);
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    expect(again.id).toBe(free + 1);
    const copy = duplicateProduct(again.draft, added.id, free);
    expect(copy.ok && copy.id).toBe(free + 2);
    const category = addCategory(draft, 0, '礼品定制', 900);
    expect(category.ok && category.id).toBe(900);
  });

  it('adds a quotable 一口价 product with the fields asked for', () => {
    const added = addProduct(demo(), 520, fields());
    if (!added.ok) throw new Error(JSON.stringify(added.issues));
    const check = checkDraft(added.draft);
    if (!check.ok) throw new Error(JSON.stringify(check.issues));
    const compiled = compileDraftProduct(check.catalog, added.id)!;
    const quote = previewQuote(compiled, suggestSelection(compiled)).result;
    expect(quote).toMatchObject({
      ok: true,
      totalFen: 4500,
      method: 'fixed',
      quantity: 100,
      skuCode: `P${added.id}`,
    });
    expect(productsOf(added.draft, 520).map((product) => product.Title)).toEqual(['信封', '会员卡']);
  });

  it('names each bad field of a new product as the file validator does', () => {
    const refused = addProduct(demo(), 520, fields({ Title: '', PaperId: 'nope', WidthMm: 0, Unit: '' }));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const paths = refused.issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['Title', 'Unit', 'Sizes.Presets[0].WidthMm']));
    expect(refused.issues.every((issue) => issue.message.length > 0)).toBe(true);
    const paper = addProduct(demo(), 520, fields({ PaperId: 'nope' }));
    expect(paper).toEqual({
      ok: false,
      issues: [{ path: 'Styles[0].PaperId', message: '纸张 nope 不存在' }],
    });
  });

  it('refuses a product under a category that has subcategories', () => {
    expect(addProduct(demo(), 100, fields())).toEqual({
      ok: false,
      issues: [{ path: 'CategoryId', message: '商品只能挂在末级分类下（此分类有子分类）' }],
    });
  });

  it('duplicates a product with a new id right after it, leaving the original as it was', () => {
    const original = demo();
    const copy = duplicateProduct(original, 1001);
    if (!copy.ok) throw new Error(copy.message);
    const products = draftProducts(copy.draft);
    const at = products.findIndex((product) => product.Id === 1001);
    expect(products[at + 1]).toMatchObject({ Id: copy.id, Title: '商务名片（副本）', CategoryId: 111 });
    expect(products[at + 1]!.Aliases).toBeUndefined();
    expect(products[at + 1]!.FixedPrices).toEqual(products[at]!.FixedPrices);
    expect(products[at + 1]!.FixedPrices).not.toBe(products[at]!.FixedPrices);
    expect(draftProducts(original)).toHaveLength(products.length - 1);
    expect(checkDraft(copy.draft).ok).toBe(true);
  });

  it('removes a product, and the emptied category can then be removed', () => {
    const removed = removeProduct(demo(), 5002);
    if (!removed.ok) throw new Error(removed.message);
    expect(draftProducts(removed.draft).map((product) => product.Id)).not.toContain(5002);
    expect(checkDraft(removed.draft).ok).toBe(true);
    expect(removeCategory(removed.draft, 520).ok).toBe(true);
    expect(removeProduct(removed.draft, 5002)).toEqual({ ok: false, message: '商品不存在或已删除' });
  });
});
