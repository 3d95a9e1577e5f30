/**
 * Look-ups over the region table of spec §3: names by code, paths of codes, codes by names.
 */
import { REGION_ROOT_CODE, findRegion, listRegionChildren, type RegionEntry } from './region-table.ts';

/**
 * True for a province code by the rule of spec §3: six digits ending in `0000` (e.g. `440000`).
 * A pure code rule: it does not check that the table has the code.
 */
export function isProvinceCode(code: string): boolean {
  return /^\d{2}0000$/.test(code);
}

/**
 * True for a city code by the rule of spec §3: six digits ending in `00` that are not a province code
 * (e.g. `440300`). The districts of 香港/澳门 (`810001`) and the towns of 东莞/中山/儋州 (nine digits)
 * do not follow the code rule; use {@link findRegion} and its `depth` for their place in the tree.
 */
export function isCityCode(code: string): boolean {
  return /^\d{4}00$/.test(code) && !isProvinceCode(code);
}

/** Name of the division with this code, or `undefined` when the table has none. */
export function findRegionName(code: string): string | undefined {
  return findRegion(code)?.name;
}

/**
 * Name of the division with this code, e.g. `getRegionName('440305')` is `南山区`.
 * @throws RangeError when the table has no such code.
 */
export function getRegionName(code: string): string {
  const name = findRegionName(code);
  if (name === undefined) throw new RangeError(`Unknown region code: ${code}`);
  return name;
}

/**
 * The divisions named by a path of codes from the province down, e.g. `['440000', '440300', '440305']`,
 * or `undefined` when a code is unknown or is not a child of the code before it. An empty path gives `[]`.
 */
export function findRegionPath(codes: readonly string[]): RegionEntry[] | undefined {
  const path: RegionEntry[] = [];
  let parentCode = REGION_ROOT_CODE;
  for (const code of codes) {
    const entry = findRegion(code);
    if (entry === undefined || entry.parentCode !== parentCode) return undefined;
    path.push(entry);
    parentCode = code;
  }
  return path;
}

/**
 * The divisions named by a path of codes from the province down (see {@link findRegionPath}).
 * @throws RangeError when a code is unknown or is not a child of the code before it.
 */
export function getRegionPath(codes: readonly string[]): RegionEntry[] {
  const path = findRegionPath(codes);
  if (path === undefined) throw new RangeError(`Not a path of region codes: ${codes.join(',')}`);
  return path;
}

/**
 * The path from the province down to the division with this code (the division last),
 * or `undefined` when the table has no such code.
 */
export function findRegionAncestry(code: string): RegionEntry[] | undefined {
  const path: RegionEntry[] = [];
  let entry = findRegion(code);
  if (entry === undefined) return undefined;
  while (entry !== undefined) {
    path.unshift(entry);
    entry = findRegion(entry.parentCode);
  }
  return path;
}

/**
 * Codes for a path of names from the province down, matched exactly against the table's names,
 * e.g. `['广东省', '深圳市', '南山区']` gives `['440000', '440300', '440305']`;
 * `undefined` when a name is not a child of the one before it. Turns stored names back into
 * cascader values.
 */
export function findRegionCodes(names: readonly string[]): string[] | undefined {
  const codes: string[] = [];
  let parentCode = REGION_ROOT_CODE;
  for (const name of names) {
    const entry = listRegionChildren(parentCode).find((child) => child.name === name);
    if (entry === undefined) return undefined;
    codes.push(entry.code);
    parentCode = entry.code;
  }
  return codes;
}
