/**
 * What coupons need to know of a merchant's catalogue: the categories above a product (for
 * category-scoped coupons) and the names of the products or categories a coupon is limited to.
 * Read from the products module's in-memory CatalogStore; a merchant without a usable catalogue
 * gets an empty view (scoped coupons then read `指定商品` and match by product id only).
 */
import type { Catalog } from '@inkstone/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogStore } from '../products/index.ts';

/** A merchant's catalogue as coupons see it. */
export interface CouponCatalog {
  /** The product's category and every category above it; [] when the product is unknown. */
  categoryIdsOf(productId: number): number[];
  /** `名片卡片`, `商务名片、海报`: names of the scope's products or categories ('' when unknown). */
  labelOf(scopeType: string, ids: readonly number[]): string;
  /** The products and categories a coupon may be limited to (the console's scope picker). */
  scopeOptions(): CouponScopeOptions;
}

/** The catalogue's products and categories by id and title, in catalogue order. */
export interface CouponScopeOptions {
  products: { id: number; title: string; categoryId: number }[];
  categories: { id: number; title: string; parentId: number }[];
}

/** Loads the coupon view of a merchant's current catalogue. */
export type CouponCatalogSource = (merchantId: number) => Promise<CouponCatalog>;

const MAX_LABEL_NAMES = 3;

export const EMPTY_COUPON_CATALOG: CouponCatalog = {
  categoryIdsOf: () => [],
  labelOf: () => '',
  scopeOptions: () => ({ products: [], categories: [] }),
};

function buildCouponCatalog(catalog: Catalog): CouponCatalog {
  const parents = new Map(catalog.Categories.map((node) => [node.Id, node.ParentId]));
  const categoryTitles = new Map(catalog.Categories.map((node) => [node.Id, node.Title]));
  const productCategories = new Map(catalog.Products.map((product) => [product.Id, product.CategoryId]));
  const productTitles = new Map(catalog.Products.map((product) => [product.Id, product.Title]));
  return {
    categoryIdsOf(productId) {
      const ids: number[] = [];
      let current = productCategories.get(productId);
      while (current !== undefined && current !== 0 && !ids.includes(current)) {
        ids.push(current);
        current = parents.get(current);
      }
      return ids;
    },
    labelOf(scopeType, ids) {
      const titles = scopeType === 'categories' ? categoryTitles : productTitles;
      const names = ids.map((id) => titles.get(id)).filter((name): name is string => name !== undefined);
      if (names.length === 0) return '';
      const shown = names.slice(0, MAX_LABEL_NAMES).join('、');
      return names.length > MAX_LABEL_NAMES ? `${shown}等` : shown;
    },
    scopeOptions() {
      return {
        products: catalog.Products.map((product) => ({
          id: product.Id,
          title: product.Title,
          categoryId: product.CategoryId,
        })),
        categories: catalog.Categories.map((node) => ({
          id: node.Id,
          title: node.Title,
          parentId: node.ParentId,
        })),
      };
    },
  };
}

const views = new WeakMap<Catalog, CouponCatalog>();

/** A source reading the store the products module keeps; no store means no catalogue. */
export function couponCatalogSource(getStore: () => CatalogStore | null): CouponCatalogSource {
  return async (merchantId) => {
    const store = getStore();
    if (!store) return EMPTY_COUPON_CATALOG;
    let snapshot;
    try {
      snapshot = await store.current(merchantId);
    } catch (error) {
      // A catalogue that no longer validates leaves coupons usable, only unscoped by category.
      if (error instanceof AppError) return EMPTY_COUPON_CATALOG;
      throw error;
    }
    if (!snapshot) return EMPTY_COUPON_CATALOG;
    let view = views.get(snapshot.catalog);
    if (!view) {
      view = buildCouponCatalog(snapshot.catalog);
      views.set(snapshot.catalog, view);
    }
    return view;
  };
}
