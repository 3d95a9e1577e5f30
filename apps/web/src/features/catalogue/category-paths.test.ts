import { describe, expect, it } from 'vitest';
import type { CategoryTreeNodeWire, ProductSummary } from '@inkstone/contracts';
import { firstProductPath, parseCategoryIds, productIntroRouteOf, quoteRouteOf } from './category-paths.ts';
import { buildMenu, findNodePath, resolveCategoryScope, trailTitles } from './category-tree.ts';

function node(
  Id: number,
  ParentId: number,
  Title: string,
  children: CategoryTreeNodeWire[] = [],
  SourceType = 1,
) {
  return {
    Id,
    ParentId,
    Title,
    SerialNumber: 10,
    ShowType: 1,
    Icon: '',
    SourceType,
    label: Title,
    value: Id,
    children,
    isSelected: false,
  } satisfies CategoryTreeNodeWire;
}

/** The shape of the demo tree: a real third level (名片 → 商务名片) and SourceType 2 self-children. */
const TREE: CategoryTreeNodeWire[] = [
  node(100, 0, '名片卡片', [
    node(110, 100, '名片', [node(111, 110, '商务名片'), node(112, 110, '异形名片')]),
  ]),
  node(200, 0, '宣传印刷', [
    node(210, 200, '宣传单页', [node(210, 200, '宣传单页', [], 2)], 2),
    node(230, 200, '画册', [node(231, 230, '企业画册')]),
  ]),
];

const product = (Id: number, CategoryPath: number[]): ProductSummary => ({
  Id,
  CategoryId: CategoryPath[CategoryPath.length - 1]!,
  CategoryPath,
  Title: `产品${Id}`,
  Summary: '',
  Unit: '张',
  PriceMode: 'offer',
  Image: null,
  FromPriceFen: null,
});

const PRODUCTS = [
  product(1001, [100, 110, 111]),
  product(1002, [100, 110, 112]),
  product(2001, [200, 210, 210]),
  product(2003, [200, 230, 231]),
];

describe('quoteRouteOf', () => {
  it.each([
    [1, '/proinfo/200/210/210'],
    [2, '/quotationCenter/200/210'],
    [3, '/quotationCenter-v3/200/210'],
    [4, '/quotationCenter-v4/200/210/210'],
  ] as const)('gives version %i the address %s', (version, address) => {
    expect(quoteRouteOf(version, [200, 210, 210])).toBe(address);
  });

  it('names another product of the category as ?pid=', () => {
    expect(quoteRouteOf(4, [100, 110, 112], 1002)).toBe('/quotationCenter-v4/100/110/112?pid=1002');
  });

  it('addresses the public product introduction by leaf and product', () => {
    expect(productIntroRouteOf([200, 210, 210])).toBe('/productIntro-v4?cid=210');
    expect(productIntroRouteOf([100, 110, 112], 1002)).toBe('/productIntro-v4?cid=112&pid=1002');
  });
});

describe('parseCategoryIds', () => {
  it('keeps the leading numeric ids', () => {
    expect(parseCategoryIds(['200', '210', undefined])).toEqual([200, 210]);
    expect(parseCategoryIds(['200', 'x', '3'])).toEqual([200]);
  });
});

describe('resolveCategoryScope', () => {
  it('finds a SourceType 2 leaf named three times over', () => {
    const scope = resolveCategoryScope(TREE, PRODUCTS, [200, 210, 210]);
    expect(scope?.nodes.map((item) => item.Id)).toEqual([200, 210, 210]);
    expect(scope?.products.map((item) => item.Id)).toEqual([2001]);
  });

  it('gives a second-level route (versions 2 and 3) every product under it', () => {
    expect(resolveCategoryScope(TREE, PRODUCTS, [100, 110])?.products.map((item) => item.Id)).toEqual([
      1001, 1002,
    ]);
  });

  it('answers null for ids that are not in the tree', () => {
    expect(resolveCategoryScope(TREE, PRODUCTS, [200, 999])).toBeNull();
    expect(findNodePath(TREE, [100, 231])).toBeNull();
  });
});

describe('buildMenu', () => {
  it('links a self-child once and lists a real third level under its parent', () => {
    const [cards, print] = buildMenu(TREE, 3);
    expect(cards?.items[0]).toMatchObject({ title: '名片', path: [100, 110, 111] });
    expect(cards?.items[0]?.children.map((item) => [item.title, item.path])).toEqual([
      ['商务名片', [100, 110, 111]],
      ['异形名片', [100, 110, 112]],
    ]);
    expect(print?.items.map((item) => [item.title, item.path, item.children.length])).toEqual([
      ['宣传单页', [200, 210, 210], 0],
      ['画册', [200, 230, 231], 1],
    ]);
  });

  it('stops at the second level for versions 2 and 3', () => {
    const [cards] = buildMenu(TREE, 2);
    expect(cards?.items).toEqual([
      { id: 110, title: '名片', path: [100, 110], children: [], image: null, fromPriceFen: null },
    ]);
  });
});

describe('buildMenu with products', () => {
  const picture = (name: string) => ({
    Url: `/p/${name}.webp`,
    SmallUrl: `/p/${name}-s.webp`,
    Width: 600,
    Height: 400,
    Alt: name,
  });
  const priced = (Id: number, path: number[], fromPriceFen: number | null, name?: string) => ({
    ...product(Id, path),
    FromPriceFen: fromPriceFen,
    Image: name ? picture(name) : null,
  });

  it('shows the first picture and the lowest 起价 under each link, none made up', () => {
    const [cards, print] = buildMenu(TREE, 3, [
      priced(1001, [100, 110, 111], 3500, 'card'),
      priced(1003, [100, 110, 111], 1800),
      priced(1002, [100, 110, 112], null, 'shaped'),
      priced(2001, [200, 210, 210], 9900),
    ]);
    const [business, shaped] = cards!.items[0]!.children;
    expect([business?.image?.Url, business?.fromPriceFen]).toEqual(['/p/card.webp', 1800]);
    expect([shaped?.image?.Url, shaped?.fromPriceFen]).toEqual(['/p/shaped.webp', null]);
    expect(cards?.items[0]?.fromPriceFen).toBe(1800);
    expect(print?.items.map((item) => [item.title, item.image, item.fromPriceFen])).toEqual([
      ['宣传单页', null, 9900],
      ['画册', null, null],
    ]);
  });
});

describe('firstProductPath and trailTitles', () => {
  it('opens the first product and names its categories once each', () => {
    expect(firstProductPath(PRODUCTS)).toEqual([100, 110, 111]);
    expect(firstProductPath([])).toBeNull();
    expect(trailTitles(TREE, [200, 210, 210])).toEqual(['宣传印刷', '宣传单页']);
    expect(trailTitles(TREE, [100, 110, 111])).toEqual(['名片卡片', '名片', '商务名片']);
  });
});
