/**
 * Tree navigation of the quotation routes: the category nodes and products a route names, the
 * category menu built from the tree, and the category names above a product.
 */
import type { CategoryTreeNodeWire, ContentImage, ProductSummary } from '@inkstone/contracts';
import type { CategoryPath } from './category-paths.ts';

/**
 * The nodes named by `ids`, level by level, or null when one does not exist. A node without
 * children may be repeated as its own child (a route always names three levels).
 */
export function findNodePath(
  tree: readonly CategoryTreeNodeWire[],
  ids: CategoryPath,
): CategoryTreeNodeWire[] | null {
  const nodes: CategoryTreeNodeWire[] = [];
  let level: readonly CategoryTreeNodeWire[] = tree;
  for (const id of ids) {
    const parent = nodes[nodes.length - 1];
    const node = level.find((candidate) => candidate.Id === id);
    if (node) {
      nodes.push(node);
      level = node.children;
    } else if (parent && parent.Id === id && parent.children.length === 0) {
      continue;
    } else {
      return null;
    }
  }
  return nodes.length > 0 ? nodes : null;
}

/** Ids of the categories without children at or under `node` (where products hang). */
export function leafIdsOf(node: CategoryTreeNodeWire): number[] {
  if (node.children.length === 0) return [node.Id];
  return node.children.flatMap(leafIdsOf);
}

/** What a quotation route points at: its category nodes and the products under the last one. */
export interface CategoryScope {
  nodes: CategoryTreeNodeWire[];
  products: ProductSummary[];
}

/** The category scope of route `ids`, or null when the ids name no category of the tree. */
export function resolveCategoryScope(
  tree: readonly CategoryTreeNodeWire[],
  products: readonly ProductSummary[],
  ids: CategoryPath,
): CategoryScope | null {
  const nodes = findNodePath(tree, ids);
  const last = nodes?.[nodes.length - 1];
  if (!nodes || !last) return null;
  const leaves = new Set(leafIdsOf(last));
  return { nodes, products: products.filter((product) => leaves.has(product.CategoryId)) };
}

/** One entry of a category menu: a link, with third-level links under it when it has some. */
export interface MenuItem {
  id: number;
  title: string;
  /** Route ids of the link (the first leaf for an entry with children). */
  path: number[];
  children: MenuItem[];
  /** The picture of the first product under the entry that has one; null when none has. */
  image: ContentImage | null;
  /** The lowest 起价 (fen) of the products under the entry; null when none prices. */
  fromPriceFen: number | null;
}

/** What the products under a set of leaf categories show in a menu: a picture and a 起价. */
function showcaseOf(
  productsByLeaf: ReadonlyMap<number, readonly ProductSummary[]>,
  leafIds: readonly number[],
): Pick<MenuItem, 'image' | 'fromPriceFen'> {
  let image: ContentImage | null = null;
  let fromPriceFen: number | null = null;
  for (const leafId of leafIds) {
    for (const product of productsByLeaf.get(leafId) ?? []) {
      image ??= product.Image;
      if (product.FromPriceFen !== null && (fromPriceFen === null || product.FromPriceFen < fromPriceFen))
        fromPriceFen = product.FromPriceFen;
    }
  }
  return { image, fromPriceFen };
}

/** A first-level category and its entries. */
export interface MenuSection {
  id: number;
  title: string;
  icon: string;
  items: MenuItem[];
}

/**
 * The menu of spec §3's three-level tree for a version's route depth. A second-level category
 * that stands as its own child (SourceType 2) or has no children is one link; in versions 2 and 3
 * (two route ids) every second-level category is one link. Each link carries the picture and the
 * lowest 起价 of the products under it (`products`, the catalogue's summaries).
 */
export function buildMenu(
  tree: readonly CategoryTreeNodeWire[],
  depth: 2 | 3,
  products: readonly ProductSummary[] = [],
): MenuSection[] {
  const productsByLeaf = new Map<number, ProductSummary[]>();
  for (const product of products) {
    const list = productsByLeaf.get(product.CategoryId);
    if (list) list.push(product);
    else productsByLeaf.set(product.CategoryId, [product]);
  }
  const showcase = (node: CategoryTreeNodeWire) => showcaseOf(productsByLeaf, leafIdsOf(node));

  return tree.map((first) => {
    const seconds = first.children.length > 0 ? first.children : [first];
    return {
      id: first.Id,
      title: first.Title,
      icon: first.Icon,
      items: seconds.map((second): MenuItem => {
        const thirds = second.children.filter((third) => third.Id !== second.Id);
        const base = [first.Id, second.Id];
        if (depth === 2 || thirds.length === 0) {
          const leaf = second.children[0]?.Id ?? second.Id;
          return {
            id: second.Id,
            title: second.Title,
            path: depth === 2 ? base : [...base, leaf],
            children: [],
            ...showcase(second),
          };
        }
        const children = second.children.map((third): MenuItem => ({
          id: third.Id,
          title: third.Title,
          path: [...base, third.Id],
          children: [],
          ...showcase(third),
        }));
        return { id: second.Id, title: second.Title, path: children[0]!.path, children, ...showcase(second) };
      }),
    };
  });
}

/** Names of the categories on a route path, outermost first, a SourceType 2 repeat said once. */
export function trailTitles(tree: readonly CategoryTreeNodeWire[], path: CategoryPath): string[] {
  const titles: string[] = [];
  let level = tree;
  for (const id of path) {
    const node = level.find((candidate) => candidate.Id === id);
    if (!node) break;
    if (titles[titles.length - 1] !== node.Title) titles.push(node.Title);
    level = node.children;
  }
  return titles;
}
