import { describe, expect, it } from 'vitest';
import { getRegionName } from './region-lookup.ts';
import { listAllRegions } from './region-table.ts';
import { getRegionTree, type RegionTreeNode } from './region-tree.ts';

function* walk(nodes: readonly RegionTreeNode[], depth = 1): Generator<[RegionTreeNode, number]> {
  for (const node of nodes) {
    yield [node, depth];
    if (node.children) yield* walk(node.children, depth + 1);
  }
}

describe('getRegionTree', () => {
  it('holds every division of the table at the default depth 3', () => {
    const nodes = [...walk(getRegionTree())];
    expect(nodes).toHaveLength([...listAllRegions()].length);
    expect(Math.max(...nodes.map(([, depth]) => depth))).toBe(3);
  });

  it('labels each node with the table name of its code', () => {
    for (const [node] of walk(getRegionTree())) expect(node.label).toBe(getRegionName(node.value));
  });

  it('leaves out `children` on leaves so a cascader can select them', () => {
    for (const [node] of walk(getRegionTree())) {
      if ('children' in node) expect(node.children?.length).toBeGreaterThan(0);
    }
    const hongKong = getRegionTree().find((node) => node.value === '810000');
    expect(hongKong?.children?.[0]).toEqual({ value: '810001', label: '中西區' });
  });

  it('cuts the tree at the asked depth', () => {
    expect(getRegionTree(1).every((node) => node.children === undefined)).toBe(true);
    const cities = getRegionTree(2).flatMap((node) => node.children ?? []);
    expect(cities.length).toBeGreaterThan(300);
    expect(cities.every((node) => node.children === undefined)).toBe(true);
  });

  it('builds the tree once per depth and freezes it', () => {
    expect(getRegionTree()).toBe(getRegionTree(3));
    expect(Object.isFrozen(getRegionTree())).toBe(true);
    expect(Object.isFrozen(getRegionTree()[0])).toBe(true);
  });

  it('rejects a depth outside 1 to 3', () => {
    for (const depth of [0, 4, 1.5, Number.NaN]) expect(() => getRegionTree(depth)).toThrow(RangeError);
  });
});
