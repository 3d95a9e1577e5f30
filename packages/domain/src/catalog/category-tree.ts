/**
 * Three-level category tree for the web (spec §3): sorted by SerialNumber, with the fields the
 * client adds (label, value, children, isSelected) and the SourceType 2 rule.
 */
import type { CategoryNode } from './catalog.schema.ts';

/** SourceType value meaning "a leaf may stand as its own child" (spec §3). */
export const SELF_CHILD_SOURCE_TYPE = 2;
/** Depth of the category tree (spec §3: three levels). */
export const CATEGORY_TREE_DEPTH = 3;

/** A category node as the web shows it: the stored fields plus label, value, children, isSelected. */
export interface CategoryTreeNode extends CategoryNode {
  /** The title, for cascader and menu components. */
  label: string;
  /** The id, for cascader and menu components and the route segments. */
  value: number;
  /** Child nodes, sorted; empty for a leaf. */
  children: CategoryTreeNode[];
  /** Selection flag the client toggles; always false here. */
  isSelected: boolean;
}

function bySerialNumber(a: CategoryNode, b: CategoryNode): number {
  return a.SerialNumber - b.SerialNumber || a.Id - b.Id;
}

/**
 * Builds the three-level tree from flat nodes. Roots have ParentId 0; siblings are sorted by
 * SerialNumber, then Id. A node with no children whose SourceType is 2 gets a copy of itself as
 * its only child, level after level down to level 3, so every route has three category ids.
 * Nodes below level 3, orphans and cycles are left out. Pure: the input is not changed.
 */
export function buildCategoryTree(nodes: readonly CategoryNode[]): CategoryTreeNode[] {
  const childrenOf = new Map<number, CategoryNode[]>();
  for (const node of nodes) {
    if (node.ParentId === node.Id) continue;
    const siblings = childrenOf.get(node.ParentId);
    if (siblings) siblings.push(node);
    else childrenOf.set(node.ParentId, [node]);
  }
  for (const siblings of childrenOf.values()) siblings.sort(bySerialNumber);

  const build = (node: CategoryNode, level: number): CategoryTreeNode => {
    const kids = level < CATEGORY_TREE_DEPTH ? (childrenOf.get(node.Id) ?? []) : [];
    let children = kids.map((child) => build(child, level + 1));
    if (children.length === 0 && level < CATEGORY_TREE_DEPTH && node.SourceType === SELF_CHILD_SOURCE_TYPE) {
      children = [buildSelfChild(node, level + 1)];
    }
    return { ...node, label: node.Title, value: node.Id, children, isSelected: false };
  };
  const buildSelfChild = (node: CategoryNode, level: number): CategoryTreeNode => {
    const children = level < CATEGORY_TREE_DEPTH ? [buildSelfChild(node, level + 1)] : [];
    return { ...node, label: node.Title, value: node.Id, children, isSelected: false };
  };
  return (childrenOf.get(0) ?? []).map((root) => build(root, 1));
}

/**
 * Path of category ids from the root to `leafId` as the routes use it
 * (`/proinfo/{first}/{second}/{third}`), repeating a self-child's id; empty when not in the tree.
 */
export function findCategoryPath(tree: readonly CategoryTreeNode[], leafId: number): number[] {
  for (const node of tree) {
    if (node.children.length === 0) {
      if (node.Id === leafId) return [node.value];
      continue;
    }
    const rest = findCategoryPath(node.children, leafId);
    if (rest.length > 0) return [node.value, ...rest];
  }
  return [];
}
