/** The cart module's public API: other modules and the composition root import only this. */
export { pricedColumns, storedSelection, toCartLine } from './cart.mapper.ts';
export { findCartLines, type OrderLineRow } from './cart.repository.ts';
export { CartService, refusal } from './cart.service.ts';
export { finishedSizeOf, type PricedLine, type StoredPriceLine, toEngineSelection } from './line-pricing.ts';
export { registerCartRoutes } from './cart.routes.ts';
