/** The products module's public API: other modules and the composition root import only this. */
export {
  type CatalogCliResult,
  parseCatalogArgs,
  runCatalogExport,
  runCatalogImport,
} from './catalog-cli.ts';
export { CatalogAdmin, type CatalogDownload } from './catalog-admin.service.ts';
export { seedDemoCatalogs } from './catalog-import.service.ts';
export { type CatalogSnapshot } from './catalog-snapshot.ts';
export { CatalogStore } from './catalog-store.ts';
export { addMissingProductImages, ProductImages } from './product-images.ts';
export { toQuoteSelection, toSelection } from './selection.ts';
export { registerProductRoutes } from './products.routes.ts';
export { PRICERS, ProductsService } from './products.service.ts';
