/**
 * Name indexes over the region table, one per search scope, for prefix matching in an address.
 * Built once, on the first recognition.
 */
import { listRegionChildren, type RegionEntry } from '../regions/region-table.ts';
import { PLACEHOLDER_NAMES, listCityNames, listDistrictNames, listProvinceNames } from './region-names.ts';

/** Names of one scope, and the distinct name lengths, longest first, for longest-match look-ups. */
export interface NameIndex {
  readonly byName: ReadonlyMap<string, readonly RegionEntry[]>;
  readonly lengths: readonly number[];
}

/** A division whose name stands at a position of a text. */
export interface NameMatch {
  readonly entry: RegionEntry;
  /** Index just past the name. */
  readonly end: number;
}

/** The scopes searched while splitting an address. */
export interface RegionIndexes {
  readonly provinces: NameIndex;
  /** Cities of every province except 香港/澳门, for an address that starts at the city. */
  readonly allCities: NameIndex;
  /** County-level cities (`昆山市`), for an address that starts at one. */
  readonly countyCities: NameIndex;
  /** Per province code: its cities (for 香港/澳门 their districts). */
  readonly citiesByProvince: ReadonlyMap<string, NameIndex>;
  /** Per province code: all its districts, for an address that leaves out the city. */
  readonly districtsByProvince: ReadonlyMap<string, NameIndex>;
  /** Per city code: its districts (or towns). */
  readonly districtsByCity: ReadonlyMap<string, NameIndex>;
}

const EMPTY_INDEX: NameIndex = { byName: new Map(), lengths: [] };

class NameIndexBuilder {
  private readonly byName = new Map<string, RegionEntry[]>();

  add(names: readonly string[], entry: RegionEntry): void {
    for (const name of names) {
      const entries = this.byName.get(name);
      if (entries === undefined) this.byName.set(name, [entry]);
      else if (!entries.some((known) => known.code === entry.code)) entries.push(entry);
    }
  }

  build(): NameIndex {
    const lengths = [...new Set([...this.byName.keys()].map((name) => name.length))].sort((a, b) => b - a);
    return { byName: this.byName, lengths };
  }
}

function builderFor<K>(builders: Map<K, NameIndexBuilder>, key: K): NameIndexBuilder {
  let builder = builders.get(key);
  if (builder === undefined) {
    builder = new NameIndexBuilder();
    builders.set(key, builder);
  }
  return builder;
}

function buildAll<K>(builders: Map<K, NameIndexBuilder>): Map<K, NameIndex> {
  return new Map([...builders].map(([key, builder]) => [key, builder.build()]));
}

/** True for 香港 and 澳门, whose districts stand directly under the province. */
export function isSpecialRegion(province: RegionEntry): boolean {
  return province.name.endsWith('特别行政区');
}

function buildRegionIndexes(): RegionIndexes {
  const provinces = new NameIndexBuilder();
  const allCities = new NameIndexBuilder();
  const countyCities = new NameIndexBuilder();
  const citiesByProvince = new Map<string, NameIndexBuilder>();
  const districtsByProvince = new Map<string, NameIndexBuilder>();
  const districtsByCity = new Map<string, NameIndexBuilder>();

  for (const province of listRegionChildren()) {
    provinces.add(listProvinceNames(province.name), province);
    const cityIndex = builderFor(citiesByProvince, province.code);
    const provinceDistricts = builderFor(districtsByProvince, province.code);
    for (const city of listRegionChildren(province.code)) {
      if (!PLACEHOLDER_NAMES.has(city.name)) {
        const names = listCityNames(city.name);
        cityIndex.add(names, city);
        if (!isSpecialRegion(province)) allCities.add(names, city);
      }
      const cityDistricts = builderFor(districtsByCity, city.code);
      for (const district of listRegionChildren(city.code)) {
        // Ordinary cities list a 市辖区 placeholder (xx0101); it names no place.
        if (PLACEHOLDER_NAMES.has(district.name)) continue;
        const names = listDistrictNames(district.name, district.code.length > 6);
        cityDistricts.add(names, district);
        provinceDistricts.add(names, district);
        if (district.name.endsWith('市')) countyCities.add([district.name], district);
      }
    }
  }
  return {
    provinces: provinces.build(),
    allCities: allCities.build(),
    countyCities: countyCities.build(),
    citiesByProvince: buildAll(citiesByProvince),
    districtsByProvince: buildAll(districtsByProvince),
    districtsByCity: buildAll(districtsByCity),
  };
}

let indexes: RegionIndexes | undefined;

/** The indexes, built on first use. */
export function getRegionIndexes(): RegionIndexes {
  indexes ??= buildRegionIndexes();
  return indexes;
}

/** The index of `code` in a per-code map; an empty index when the code has none. */
export function indexFor(map: ReadonlyMap<string, NameIndex>, code: string): NameIndex {
  return map.get(code) ?? EMPTY_INDEX;
}

/**
 * The division whose name starts at `position`, longest name first. A name shared by two divisions
 * of the scope (山西 has several 城区) matches nothing: guessing would put the address in the wrong place.
 */
export function matchName(index: NameIndex, text: string, position: number): NameMatch | undefined {
  for (const length of index.lengths) {
    if (position + length > text.length) continue;
    const entries = index.byName.get(text.slice(position, position + length));
    if (entries === undefined) continue;
    const [entry, ...others] = entries;
    return entry !== undefined && others.length === 0 ? { entry, end: position + length } : undefined;
  }
  return undefined;
}
