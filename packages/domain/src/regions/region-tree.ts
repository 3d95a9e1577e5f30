/**
 * Cascader-ready region tree (spec §3): `{ value, label, children? }` nodes under root 86.
 */
import {
  DEFAULT_REGION_DEPTH,
  MAX_REGION_DEPTH,
  REGION_ROOT_CODE,
  listRegionChildren,
} from './region-table.ts';

/** One option of a cascading region picker: `value` is the division code, `label` its name. */
export interface RegionTreeNode {
  readonly value: string;
  readonly label: string;
  /** Absent on a leaf, so a cascader treats the node as selectable. */
  readonly children?: readonly RegionTreeNode[];
}

const treeCache = new Map<number, readonly RegionTreeNode[]>();

function buildLevel(parentCode: string, depth: number, maxDepth: number): readonly RegionTreeNode[] {
  const nodes = listRegionChildren(parentCode).map((entry): RegionTreeNode => {
    const children = depth < maxDepth ? buildLevel(entry.code, depth + 1, maxDepth) : [];
    return Object.freeze(
      children.length > 0
        ? { value: entry.code, label: entry.name, children }
        : { value: entry.code, label: entry.name },
    );
  });
  return Object.freeze(nodes);
}

/**
 * The provinces of the region table with their descendants down to `depth` levels
 * (1 provinces, 2 cities, 3 districts; default 3, spec §3 and §9).
 * The tree is built once per depth and frozen; 香港 and 澳门 stop at depth 2 because the table
 * lists their districts directly under the province.
 * @throws RangeError when `depth` is not an integer from 1 to 3.
 */
export function getRegionTree(depth: number = DEFAULT_REGION_DEPTH): readonly RegionTreeNode[] {
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_REGION_DEPTH) {
    throw new RangeError(`Region tree depth must be an integer from 1 to ${MAX_REGION_DEPTH}, got ${depth}`);
  }
  let tree = treeCache.get(depth);
  if (tree === undefined) {
    tree = buildLevel(REGION_ROOT_CODE, 1, depth);
    treeCache.set(depth, tree);
  }
  return tree;
}
