/** The merchants module's public API: other modules and the composition root import only this. */
export { MerchantResolver, normaliseHost } from './merchant-resolver.ts';
export { registerMerchantRoutes } from './merchants.routes.ts';
export { merchantByCode, saveSiteSettings, siteSettings, verifyApiClient } from './merchants.service.ts';
