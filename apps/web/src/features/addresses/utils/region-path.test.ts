import { describe, expect, it } from 'vitest';
import { getRegionTree } from '@inkstone/domain';
import { REGION_MESSAGES, checkRegionPath } from './region-path.ts';

describe('checkRegionPath', () => {
  const tree = getRegionTree();

  it.each([
    [['440000', '440300', '440305'], null],
    [[], REGION_MESSAGES.required],
    [undefined, REGION_MESSAGES.required],
    [['440000', '440300'], REGION_MESSAGES.incomplete],
    [['440000'], REGION_MESSAGES.incomplete],
    [['440000', '310100'], REGION_MESSAGES.invalid],
    [['999999'], REGION_MESSAGES.invalid],
  ])('judges %j as %s', (citys, expected) => {
    expect(checkRegionPath(citys, tree)).toBe(expected);
  });

  it('accepts 香港 at two levels, where the table stops', () => {
    const hongKong = tree.find((node) => node.label.startsWith('香港'));
    const district = hongKong?.children?.[0];
    expect(district?.children).toBeUndefined();
    expect(checkRegionPath([hongKong!.value, district!.value], tree)).toBeNull();
  });
});
