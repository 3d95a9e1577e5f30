/** The merchants module's public API: other modules and the composition root import only this. */
export { MerchantResolver, normaliseHost } from './merchant-resolver.ts';
export { findApiClient, findMerchantByCode, type Merchant } from './merchants.repository.ts';
export { registerMerchantRoutes } from './merchants.routes.ts';
