import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_FILES, suggestSelection } from '@inkstone/domain';
import {
  categoryTree,
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
