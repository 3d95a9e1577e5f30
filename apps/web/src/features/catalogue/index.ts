/** Public face of the catalogue feature: the category store, route paths and the category menu. */
export { catalogueStore, useCatalogue } from './catalogue-store.ts';
export type { CatalogueState } from './catalogue-store.ts';
export { loadProductCategories } from './load-categories.ts';
export {
  firstProductPath,
  parseCategoryIds,
  productIntroRouteOf,
  quoteRouteOf,
  resolveCategoryScope,
  routeDepthOf,
  trailTitles,
} from './category-paths.ts';
export type { CategoryPath, CategoryScope } from './category-paths.ts';
export { CategoryMenu } from './components/category-menu.tsx';
