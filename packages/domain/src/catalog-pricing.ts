/**
 * Public API of the catalogue model, the price engine and delivery-date prediction
 * (pure, no I/O). See docs/pricing.md.
 */
export {
  INKS,
  TECHNOLOGY_KINDS,
  FINISHING_UNITS,
  MAX_CATALOG_FEN,
  categoryNodeSchema,
  merchantCalendarSchema,
  paperSchema,
  pressSheetSchema,
  finishingPriceSchema,
  sheetOfferSchema,
  areaOfferSchema,
  productSchema,
  catalogShapeSchema,
} from './catalog/catalog.schema.ts';
export type {
  Ink,
  FinishingUnit,
  CategoryNode,
  MerchantCalendar,
  Paper,
  PressSheet,
  Product,
  Technology,
  Offer,
  SheetOffer,
  Press,
  FinishingPrice,
  Catalog,
} from './catalog/catalog.schema.ts';
export { catalogSchema, parseCatalog, catalogJsonSchema, formatJsonPath } from './catalog/catalog.ts';
export type { CatalogIssue, ParseCatalogResult } from './catalog/catalog.ts';
export { describeQuantityProblem } from './catalog/quantity-rule.ts';
export type { QuantityRule } from './catalog/quantity-rule.ts';
export {
  buildCategoryTree,
  findCategoryPath,
  SELF_CHILD_SOURCE_TYPE,
  CATEGORY_TREE_DEPTH,
} from './catalog/category-tree.ts';
export type { CategoryTreeNode } from './catalog/category-tree.ts';
export { DEMO_MERCHANT_CODES, DEMO_CATALOG_FILES, getDemoCatalog } from './catalog/demo/demo-catalogs.ts';
export type { DemoMerchantCode } from './catalog/demo/demo-catalogs.ts';

export { compileProduct, compileCatalog } from './pricing/compile.ts';
export type { CompiledProduct } from './pricing/compile.ts';
export { calculateOfferPrice } from './pricing/offer.ts';
export {
  calculateFixedPrice,
  calculateFixedOrOfferPrice,
  calculatePrice,
  findSkuCode,
} from './pricing/fixed.ts';
export { excludedTechnologies, MAX_PIECES } from './pricing/selection.ts';
export { MAX_QUOTE_FEN } from './pricing/quote-assembly.ts';
export { suggestSelection } from './pricing/suggest-selection.ts';
export { fitPieces } from './pricing/imposition.ts';
export type { SheetFit } from './pricing/imposition.ts';
export { divideHalfUp, mulDivHalfUp, formatYuan } from './pricing/money.ts';
export { QUOTE_LINE_KINDS } from './pricing/quote.types.ts';
export type {
  QuoteSelection,
  QuoteLine,
  QuoteLineKind,
  ImpositionPart,
  QuoteSuccess,
  QuoteFailure,
  QuoteResult,
  ExcludedTechnology,
} from './pricing/quote.types.ts';

export { predictShipDate, isWorkingDay } from './delivery/ship-date.ts';
export type { ShipDateInput, ShipDatePrediction } from './delivery/ship-date.ts';
