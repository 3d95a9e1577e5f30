import type { CategoryPage } from '@inkstone/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { queryCommonProduct } from './api/query-common-product.ts';
import { catalogueStore } from './catalogue-store.ts';
import type { CatalogueStore } from './catalogue-store.ts';

export interface CategoryLoaderDeps {
  fetchPage(): Promise<CategoryPage>;
  store: CatalogueStore;
}

/** Shown when the category query fails without a message of its own. */
export const CATEGORY_LOAD_FAILED = '产品分类加载失败';

/**
 * Loads the category query of spec §7 into the store. A failure does not stop the start
 * sequence: the site still opens, and the category menus show the reason with a retry button.
 */
export async function loadCategoriesInto(deps: CategoryLoaderDeps): Promise<void> {
  deps.store.set({ status: 'loading', error: null });
  try {
    const page = await deps.fetchPage();
    deps.store.set({
      status: 'ready',
      tree: page.Attach.Tree,
      products: page.List.flatMap((node) => node.Products),
      catalogVersion: page.Attach.CatalogVersion,
      error: null,
    });
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : CATEGORY_LOAD_FAILED;
    deps.store.set({ status: 'failed', error: message });
  }
}

/**
 * Start-sequence step of spec §4 (company info → auth token → product categories → initialised):
 * the merchant's categories into the store the menus read.
 */
export function loadProductCategories(): Promise<void> {
  return loadCategoriesInto({ fetchPage: () => queryCommonProduct(), store: catalogueStore });
}
