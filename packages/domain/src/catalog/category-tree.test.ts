import { describe, expect, it } from 'vitest';
import type { CategoryNode } from './catalog.schema.ts';
import { buildCategoryTree, findCategoryPath, type CategoryTreeNode } from './category-tree.ts';
import { getDemoCatalog } from './demo/demo-catalogs.ts';

const node = (Id: number, ParentId: number, SerialNumber: number, SourceType = 1): CategoryNode => ({
  Id,
  ParentId,
  Title: `分类${Id}`,
  SerialNumber,
  ShowType: 1,
  Icon: '',
  SourceType,
});
const shape = (tree: CategoryTreeNode[]): unknown =>
  tree.map((item) => (item.children.length ? { [item.Id]: shape(item.children) } : item.Id));

describe('buildCategoryTree', () => {
  it('sorts siblings by SerialNumber, then Id', () => {
    const tree = buildCategoryTree([
      node(3, 0, 5),
      node(1, 0, 9),
      node(2, 0, 5),
      node(11, 1, 2),
      node(10, 1, 1),
    ]);
    expect(shape(tree)).toEqual([2, 3, { 1: [10, 11] }]);
  });

  it('adds label, value, children and isSelected as the web needs', () => {
    const [root] = buildCategoryTree([node(7, 0, 1)]);
    expect(root).toMatchObject({ Id: 7, label: '分类7', value: 7, children: [], isSelected: false });
  });

  it('lets a childless SourceType 2 node stand as its own child down to level 3', () => {
    const tree = buildCategoryTree([node(1, 0, 1), node(2, 1, 1, 2), node(3, 0, 2, 2)]);
    expect(shape(tree)).toEqual([{ 1: [{ 2: [2] }] }, { 3: [{ 3: [3] }] }]);
  });

  it('leaves a childless node of another SourceType as a leaf', () => {
    expect(shape(buildCategoryTree([node(1, 0, 1), node(2, 1, 1)]))).toEqual([{ 1: [2] }]);
  });

  it('does not copy a SourceType 2 node that has children', () => {
    expect(shape(buildCategoryTree([node(1, 0, 1, 2), node(2, 1, 1)]))).toEqual([{ 1: [2] }]);
  });

  it('stops at three levels and drops orphans and cycles', () => {
    const nodes = [
      node(1, 0, 1),
      node(2, 1, 1),
      node(3, 2, 1),
      node(4, 3, 1),
      node(5, 99, 1),
      node(6, 7, 1),
      node(7, 6, 1),
      node(8, 8, 1),
    ];
    expect(shape(buildCategoryTree(nodes))).toEqual([{ 1: [{ 2: [3] }] }]);
  });

  it('does not change its input', () => {
    const nodes = [node(2, 0, 2), node(1, 0, 1, 2)];
    const before = structuredClone(nodes);
    buildCategoryTree(nodes);
    expect(nodes).toEqual(before);
  });
});

describe('demo category tree', () => {
  const catalog = getDemoCatalog('demo');
  const tree = buildCategoryTree(catalog.Categories);

  it('orders the demo top level by SerialNumber', () => {
    expect(tree.map((item) => item.Title)).toEqual([
      '名片卡片',
      '宣传印刷',
      '标签贴纸',
      '广告喷绘',
      '包装办公',
    ]);
    expect(tree[1]?.children.map((item) => item.Title)).toEqual(['宣传单页', '画册', '海报']);
  });

  it('gives every demo product a three-id route', () => {
    for (const product of catalog.Products) {
      const path = findCategoryPath(tree, product.CategoryId);
      expect(path, product.Title).toHaveLength(3);
      expect(path[2]).toBe(product.CategoryId);
    }
  });

  it('routes a SourceType 2 leaf by repeating its id', () => {
    expect(findCategoryPath(tree, 210)).toEqual([200, 210, 210]);
    expect(findCategoryPath(tree, 231)).toEqual([200, 230, 231]);
    expect(findCategoryPath(tree, 12345)).toEqual([]);
  });
});
