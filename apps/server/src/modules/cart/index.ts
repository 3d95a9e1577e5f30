/** The cart module's public API: other modules and the composition root import only this. */
export { CartService, type CheckoutLine, refusal } from './cart.service.ts';
export {
  customerPriceLine,
  finishedSizeOf,
  priceLine,
  type PriceOutcome,
  type PricedLine,
  storedEngineSelection,
  type StoredPriceLine,
} from './line-pricing.ts';
export { addPricedCartLines, type PricedCartItem } from './cart-batch.ts';
export { registerCartRoutes } from './cart.routes.ts';
