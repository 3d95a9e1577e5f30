import type { RegionTreeNode } from '@inkstone/domain';

/** Messages of the region field (as the server words them, docs/addresses-express-coupons.md). */
export const REGION_MESSAGES = {
  required: '请选择所在地区',
  invalid: '所在地区无效，请重新选择',
  incomplete: '所在地区请选择到区/县',
} as const;

/**
 * Why `citys` is not a complete region of `tree` (a parent→child path ending at a division with no
 * children), or null when it is.
 */
export function checkRegionPath(
  citys: readonly string[] | undefined,
  tree: readonly RegionTreeNode[],
): string | null {
  if (!citys || citys.length === 0) return REGION_MESSAGES.required;
  let level: readonly RegionTreeNode[] | undefined = tree;
  let node: RegionTreeNode | undefined;
  for (const code of citys) {
    node = level?.find((item) => item.value === code);
    if (!node) return REGION_MESSAGES.invalid;
    level = node.children;
  }
  return node?.children && node.children.length > 0 ? REGION_MESSAGES.incomplete : null;
}
