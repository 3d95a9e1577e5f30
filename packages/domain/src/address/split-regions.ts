/**
 * Splits a cleaned address into province, city and district of the region table and the street part
 * (spec §4: recognition removes them from the remaining street address).
 */
import { findRegionAncestry } from '../regions/region-lookup.ts';
import { listRegionChildren, type RegionEntry } from '../regions/region-table.ts';
import { trimSeparators } from './address-text.ts';
import { PLACEHOLDER_NAMES } from './region-names.ts';
import {
  getRegionIndexes,
  indexFor,
  isSpecialRegion,
  matchName,
  type RegionIndexes,
} from './region-index.ts';

/** Divisions found at the start of an address, province first, and the street part after them. */
export type RegionSplit =
  | { readonly ok: true; readonly divisions: readonly RegionEntry[]; readonly street: string }
  | { readonly ok: false };

const NOT_SPLIT: RegionSplit = { ok: false };
const SEPARATOR = /[\s\-/._]/;

function skipSeparators(text: string, position: number): number {
  let next = position;
  while (next < text.length && SEPARATOR.test(text.charAt(next))) next += 1;
  return next;
}

/** Skips a division name written twice (`北京市北京市`, `深圳市深圳市`) or a `市辖区` placeholder. */
function skipRepeatedName(text: string, position: number, names: readonly string[]): number {
  for (const name of [...names, ...PLACEHOLDER_NAMES]) {
    if (name.length > 1 && text.startsWith(name, position))
      return skipSeparators(text, position + name.length);
  }
  return position;
}

function splitAt(divisions: readonly RegionEntry[], text: string, position: number): RegionSplit {
  return { ok: true, divisions, street: trimSeparators(text.slice(position)) };
}

function ancestryOf(entry: RegionEntry): readonly RegionEntry[] {
  return findRegionAncestry(entry.code) ?? [entry];
}

function splitAfterCity(indexes: RegionIndexes, city: RegionEntry, text: string, start: number): RegionSplit {
  const position = skipRepeatedName(text, start, [city.name]);
  const district = matchName(indexFor(indexes.districtsByCity, city.code), text, position);
  if (district === undefined) return splitAt(ancestryOf(city), text, position);
  return splitAt(
    ancestryOf(district.entry),
    text,
    skipRepeatedName(text, district.end, [district.entry.name]),
  );
}

function splitAfterProvince(
  indexes: RegionIndexes,
  province: RegionEntry,
  provinceText: string,
  text: string,
  start: number,
): RegionSplit {
  const position = skipRepeatedName(text, start, [province.name, provinceText]);
  const city = matchName(indexFor(indexes.citiesByProvince, province.code), text, position);
  if (city !== undefined) return splitAfterCity(indexes, city.entry, text, skipSeparators(text, city.end));
  // The city may be left out when the district names it: 湖南省衡阳县, 湖北省仙桃市, 北京市东城区.
  const district = matchName(indexFor(indexes.districtsByProvince, province.code), text, position);
  if (district !== undefined) return splitAt(ancestryOf(district.entry), text, district.end);
  const cities = listRegionChildren(province.code);
  const onlyCity = cities[0];
  // A municipality's city level is a placeholder (市辖区); without a district the first one stands.
  if (onlyCity !== undefined && PLACEHOLDER_NAMES.has(onlyCity.name)) {
    return splitAt([province, onlyCity], text, position);
  }
  if (isSpecialRegion(province)) return splitAt([province], text, position);
  return NOT_SPLIT;
}

/**
 * Finds the province, city and district at the start of `address` (already cleaned) by their names with
 * suffix, and returns them with the street part after them. The address may start at the province,
 * at a city (`深圳市…`, province inferred) or at a county-level city (`昆山市…`); anything else,
 * including a province or city without its suffix (`广东深圳南山区`), is not split.
 */
export function splitRegions(address: string): RegionSplit {
  const indexes = getRegionIndexes();
  const start = skipSeparators(address, 0);
  const province = matchName(indexes.provinces, address, start);
  if (province !== undefined) {
    const provinceText = address.slice(start, province.end);
    return splitAfterProvince(
      indexes,
      province.entry,
      provinceText,
      address,
      skipSeparators(address, province.end),
    );
  }
  const city = matchName(indexes.allCities, address, start);
  if (city !== undefined)
    return splitAfterCity(indexes, city.entry, address, skipSeparators(address, city.end));
  const countyCity = matchName(indexes.countyCities, address, start);
  if (countyCity !== undefined) return splitAt(ancestryOf(countyCity.entry), address, countyCity.end);
  return NOT_SPLIT;
}
