/**
 * The region of a delivery address (spec §3 address and region table): `citys` must be a real
 * parent→child path of the region table down to a division with no children, and the names
 * province/city/region must be the table's names along that path.
 */
import { findRegionCodes, findRegionPath } from '../regions/region-lookup.ts';
import { listRegionChildren } from '../regions/region-table.ts';
import { PLACEHOLDER_NAMES } from './region-names.ts';

/** What a form or a recognised address says about the region. */
export interface AddressRegionInput {
  /** Division codes (cascader value) or names, province first. */
  citys?: readonly string[] | null;
  province?: string | null;
  city?: string | null;
  region?: string | null;
}

/** The field a region problem belongs to. */
export type AddressRegionField = 'citys' | 'province' | 'city' | 'region';

/** A checked region: codes province first, and the table's names (`region` is '' for 港澳). */
export interface AddressRegion {
  codes: string[];
  province: string;
  city: string;
  region: string;
}

export type AddressRegionResult =
  { ok: true; value: AddressRegion } | { ok: false; field: AddressRegionField; message: string };

/** Messages of {@link resolveAddressRegion}. */
export const ADDRESS_REGION_MESSAGES = {
  missing: '请选择所在地区',
  invalid: '所在地区无效，请重新选择',
  incomplete: '所在地区请选择到区/县',
  province: '省份与所在地区不一致',
  city: '城市与所在地区不一致',
  region: '区/县与所在地区不一致',
} as const;

const clean = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Checks an address's region and fills in whatever is missing: codes from names, names from
 * codes. `citys` may hold codes or the table's names; without `citys` the names are looked up.
 * Names that are given must agree with the codes.
 */
export function resolveAddressRegion(input: AddressRegionInput): AddressRegionResult {
  const citys = (input.citys ?? []).map((part) => part.trim()).filter((part) => part !== '');
  const names = { province: clean(input.province), city: clean(input.city), region: clean(input.region) };
  let codes: string[] | undefined;
  if (citys.length > 0) {
    codes = citys.every((part) => /^\d+$/.test(part)) ? citys : findRegionCodes(citys);
    if (!codes) return { ok: false, field: 'citys', message: ADDRESS_REGION_MESSAGES.invalid };
  } else if (names.province !== '') {
    const given = [names.province, names.city, names.region].filter((name) => name !== '');
    codes = findRegionCodes(given);
    if (!codes) return { ok: false, field: 'citys', message: ADDRESS_REGION_MESSAGES.invalid };
  } else {
    return { ok: false, field: 'citys', message: ADDRESS_REGION_MESSAGES.missing };
  }
  const path = codes.length > 3 ? undefined : findRegionPath(codes);
  if (!path || path.length === 0)
    return { ok: false, field: 'citys', message: ADDRESS_REGION_MESSAGES.invalid };
  const last = path[path.length - 1]!;
  if (listRegionChildren(last.code).length > 0) {
    return { ok: false, field: 'citys', message: ADDRESS_REGION_MESSAGES.incomplete };
  }
  const value: AddressRegion = {
    codes: path.map((entry) => entry.code),
    province: path[0]!.name,
    city: path[1]?.name ?? '',
    region: path[2]?.name ?? '',
  };
  for (const field of ['province', 'city', 'region'] as const) {
    if (names[field] !== '' && names[field] !== value[field]) {
      return { ok: false, field, message: ADDRESS_REGION_MESSAGES[field] };
    }
  }
  return { ok: true, value };
}

/**
 * An address on one line for display and labels: province, city, district and street, leaving
 * out the table's placeholder city names (`上海市徐汇区…`, not `上海市市辖区徐汇区…`).
 */
export function formatFullAddress(parts: {
  province: string;
  city: string;
  region: string;
  address: string;
}): string {
  const city = PLACEHOLDER_NAMES.has(parts.city) ? '' : parts.city;
  return `${parts.province}${city}${parts.region}${parts.address}`;
}
