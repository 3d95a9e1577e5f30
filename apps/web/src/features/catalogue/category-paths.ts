import type { ProductSummary } from '@inkstone/contracts';
import { PATHS, PRODUCT_INTRO_PATH } from '../../lib/paths.ts';
import type { Version } from '../../lib/paths.ts';

/**
 * Category ids as the quotation routes carry them (spec §2): first, second and — in versions 1
 * and 4 — third level. A SourceType 2 category stands as its own child, so `/200/210/210` is the
 * leaf 宣传单页 (docs/catalog.md).
 */
export type CategoryPath = readonly number[];

/** How many category ids a version's quotation route carries. */
export function routeDepthOf(version: Version): 2 | 3 {
  return version === 2 || version === 3 ? 2 : 3;
}

/**
 * The address of a version's quotation page for `path` (cut to the version's depth), with the
 * product as `?pid=` when one other than the category's first is meant.
 */
export function quoteRouteOf(version: Version, path: CategoryPath, productId?: number): string {
  const ids = path.slice(0, routeDepthOf(version)).join('/');
  const base = `${PATHS[version].quote}/${ids}`;
  return productId === undefined ? base : `${base}?pid=${productId}`;
}

/** Version 4's public product introduction for a leaf category or a product. */
export function productIntroRouteOf(path: CategoryPath, productId?: number): string {
  const leaf = path[path.length - 1];
  const query = new URLSearchParams();
  if (leaf !== undefined) query.set('cid', String(leaf));
  if (productId !== undefined) query.set('pid', String(productId));
  const text = query.toString();
  return text ? `${PRODUCT_INTRO_PATH}?${text}` : PRODUCT_INTRO_PATH;
}

/** Route ids from params, in order, stopping at the first one that is missing or not a number. */
export function parseCategoryIds(values: readonly (string | undefined)[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    if (value === undefined || !/^\d{1,10}$/.test(value)) break;
    ids.push(Number(value));
  }
  return ids;
}

/** The route path of the first product, or null when the merchant lists none. */
export function firstProductPath(products: readonly ProductSummary[]): number[] | null {
  const first = products[0];
  return first ? [...first.CategoryPath] : null;
}
