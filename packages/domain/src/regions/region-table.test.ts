import { describe, expect, it } from 'vitest';
import { isCityCode, isProvinceCode } from './region-lookup.ts';
import { REGION_ROOT_CODE, findRegion, listAllRegions, listRegionChildren } from './region-table.ts';

const provinces = listRegionChildren(REGION_ROOT_CODE);
const provinceNamed = (name: string) => provinces.find((province) => province.name === name);

describe('region table', () => {
  it('lists 34 provinces under root 86, 香港, 澳门 and 台湾 included', () => {
    expect(provinces).toHaveLength(34);
    for (const name of ['香港特别行政区', '澳门特别行政区', '台湾省', '北京市', '新疆维吾尔自治区']) {
      expect(provinceNamed(name), name).toBeDefined();
    }
  });

  it('gives every province a code ending in 0000 (spec §3)', () => {
    for (const province of provinces) {
      expect(isProvinceCode(province.code), province.name).toBe(true);
      expect(province.depth).toBe(1);
    }
  });

  it('gives every city a code ending in 00, except the districts 香港 and 澳门 list directly', () => {
    for (const province of provinces) {
      for (const city of listRegionChildren(province.code)) {
        const isSpecialRegion = province.name.endsWith('特别行政区');
        expect(isCityCode(city.code), `${province.name}${city.name}`).toBe(!isSpecialRegion);
        expect(listRegionChildren(city.code).length > 0, city.name).toBe(!isSpecialRegion);
      }
    }
  });

  it('lists towns and streets directly under 东莞, 中山 and 儋州', () => {
    for (const [cityCode, town] of [
      ['441900', '虎门镇'],
      ['442000', '小榄镇'],
      ['460400', '那大镇'],
    ] as const) {
      const children = listRegionChildren(cityCode);
      expect(children.map((child) => child.name)).toContain(town);
      expect(children.every((child) => child.code.length === 9 && child.code.startsWith(cityCode))).toBe(
        true,
      );
    }
  });

  it('gives each division its own code, the districts of 台中市 moved under 7104xx', () => {
    const all = [...listAllRegions()];
    expect(new Set(all.map((entry) => entry.code)).size).toBe(all.length);
    expect(findRegion('710401')).toMatchObject({ name: '中区', parentCode: '710400' });
    expect(findRegion('710301')).toMatchObject({ name: '仁爱区', parentCode: '710300' });
  });

  it('keeps every child code under its parent code prefix', () => {
    for (const entry of listAllRegions()) {
      const parent = findRegion(entry.parentCode);
      if (parent === undefined) {
        expect(entry.parentCode).toBe(REGION_ROOT_CODE);
        continue;
      }
      expect(entry.depth).toBe(parent.depth + 1);
      expect(entry.code.slice(0, 2)).toBe(parent.code.slice(0, 2));
    }
  });

  it('returns an empty list for a leaf or an unknown code', () => {
    expect(listRegionChildren('440305')).toEqual([]);
    expect(listRegionChildren('999999')).toEqual([]);
  });
});
