/**
 * The static region table of spec §3, loaded once from the bundled division data.
 * Browser-safe: the data is a JSON import, no file-system access.
 */
import rawTable from 'china-area-data/data.json' with { type: 'json' };

/** Code of the table's root; its children are the provinces (spec §3). */
export const REGION_ROOT_CODE = '86';

/** Depth of the region tree when none is asked for: province, city, district (spec §3, §9). */
export const DEFAULT_REGION_DEPTH = 3;

/** Deepest level the table holds. */
export const MAX_REGION_DEPTH = 3;

/** One division of the region table. `depth` is 1 for a province, 2 for a city, 3 for a district. */
export interface RegionEntry {
  /** Division code, e.g. `440305`; towns of 东莞/中山/儋州 have nine digits. */
  readonly code: string;
  /** Name as the table spells it, e.g. `南山区`, `市辖区`, `油尖旺區`. */
  readonly name: string;
  /** Code of the parent division; `86` for provinces. */
  readonly parentCode: string;
  /** Level in the tree: 1 province, 2 city, 3 district (or town for 东莞/中山/儋州). */
  readonly depth: 1 | 2 | 3;
}

type RawTable = Readonly<Record<string, Readonly<Record<string, string>>>>;

interface RegionTable {
  readonly byCode: ReadonlyMap<string, RegionEntry>;
  readonly childrenByCode: ReadonlyMap<string, readonly RegionEntry[]>;
}

const NO_CHILDREN: readonly RegionEntry[] = Object.freeze([]);

/**
 * The source data gives the districts of 台中市 (710400) the codes of 基隆市's districts (7103xx).
 * A code must name one division, so those children are moved under their parent's prefix (7104xx).
 */
function repairChildCode(childCode: string, parentCode: string, depth: number): string {
  if (depth !== 3 || childCode.length !== 6) return childCode;
  const parentPrefix = parentCode.slice(0, 4);
  return childCode.startsWith(parentPrefix) ? childCode : parentPrefix + childCode.slice(4);
}

function buildRegionTable(raw: RawTable): RegionTable {
  const byCode = new Map<string, RegionEntry>();
  const childrenByCode = new Map<string, readonly RegionEntry[]>();
  const visit = (parentCode: string, sourceCode: string, depth: 1 | 2 | 3): void => {
    const children: RegionEntry[] = [];
    for (const [rawCode, name] of Object.entries(raw[sourceCode] ?? {})) {
      const code = repairChildCode(rawCode, parentCode, depth);
      const entry: RegionEntry = Object.freeze({ code, name, parentCode, depth });
      byCode.set(code, entry);
      children.push(entry);
      if (depth < MAX_REGION_DEPTH) visit(code, rawCode, (depth + 1) as 2 | 3);
    }
    if (children.length > 0) childrenByCode.set(parentCode, Object.freeze(children));
  };
  visit(REGION_ROOT_CODE, REGION_ROOT_CODE, 1);
  return { byCode, childrenByCode };
}

let table: RegionTable | undefined;

/**
 * The table, built on its first use rather than when the module loads: a server or a page that
 * never reads a region does not hold its 3,800 entries and their indexes (docs/performance.md).
 */
function regionTable(): RegionTable {
  table ??= buildRegionTable(rawTable as RawTable);
  return table;
}

/** The division with this code, or `undefined` when the table has none. */
export function findRegion(code: string): RegionEntry | undefined {
  return regionTable().byCode.get(code);
}

/** Children of a division in table order (ascending code); empty for a leaf or an unknown code. */
export function listRegionChildren(code: string = REGION_ROOT_CODE): readonly RegionEntry[] {
  return regionTable().childrenByCode.get(code) ?? NO_CHILDREN;
}

/** Every division of the table, depth first: each division is followed by its descendants. */
export function listAllRegions(): IterableIterator<RegionEntry> {
  return regionTable().byCode.values();
}
