import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findRegionAncestry,
  findRegionCodes,
  findRegionName,
  findRegionPath,
  getRegionName,
  getRegionPath,
  isCityCode,
  isProvinceCode,
} from './region-lookup.ts';
import { listAllRegions } from './region-table.ts';

describe('region look-ups', () => {
  it.each([
    ['440000', true, false],
    ['440300', false, true],
    ['440305', false, false],
    ['441900003', false, false],
    ['86', false, false],
  ])('classifies %s by the code rules of spec §3', (code, isProvince, isCity) => {
    expect(isProvinceCode(code)).toBe(isProvince);
    expect(isCityCode(code)).toBe(isCity);
  });

  it('names a code, and throws for an unknown one', () => {
    expect(getRegionName('440305')).toBe('南山区');
    expect(getRegionName('110100')).toBe('市辖区');
    expect(findRegionName('123456')).toBeUndefined();
    expect(() => getRegionName('123456')).toThrow(RangeError);
  });

  it('resolves a path of codes from the province down', () => {
    expect(getRegionPath(['440000', '440300', '440305']).map((entry) => entry.name)).toEqual([
      '广东省',
      '深圳市',
      '南山区',
    ]);
    expect(getRegionPath([])).toEqual([]);
  });

  it('rejects a path whose codes are not parent and child', () => {
    expect(findRegionPath(['440000', '110100'])).toBeUndefined();
    expect(findRegionPath(['440300'])).toBeUndefined();
    expect(() => getRegionPath(['440000', '999999'])).toThrow(RangeError);
  });

  it('turns names back into codes', () => {
    expect(findRegionCodes(['广东省', '东莞市', '虎门镇'])).toEqual(['440000', '441900', '441900121']);
    expect(findRegionCodes(['广东省', '杭州市'])).toBeUndefined();
  });

  it('finds the same path from a code, from its ancestry codes and from their names', () => {
    const entries = [...listAllRegions()];
    fc.assert(
      fc.property(fc.constantFrom(...entries), (entry) => {
        const ancestry = findRegionAncestry(entry.code) ?? [];
        const codes = ancestry.map((item) => item.code);
        expect(ancestry.at(-1)).toEqual(entry);
        expect(findRegionPath(codes)).toEqual(ancestry);
        expect(findRegionCodes(ancestry.map((item) => item.name))).toEqual(codes);
      }),
      { numRuns: 500 },
    );
  });
});
