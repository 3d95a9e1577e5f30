/** Public face of the catalogue feature: the category store, route paths and the category menu. */
export { catalogueStore, useCatalogue } from './catalogue-store.ts';
export type { CatalogueState } from './catalogue-store.ts';
export { loadProductCategories } from './load-categories.ts';
export {
  firstProductPath,
  parseCategoryIds,
  productIntroRouteOf,
  quoteRouteOf,
  routeDepthOf,
} from './category-paths.ts';
export type { CategoryPath } from './category-paths.ts';
export { resolveCategoryScope, trailTitles } from './category-tree.ts';
export type { CategoryScope } from './category-tree.ts';
export { CategoryMenu } from './components/category-menu.tsx';
