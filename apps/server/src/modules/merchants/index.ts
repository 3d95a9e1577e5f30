/** The merchants module's public API: other modules and the composition root import only this. */
export { MerchantResolver, normaliseHost } from './merchant-resolver.ts';
export { registerMerchantRoutes } from './merchants.routes.ts';
export {
  merchantByCode,
  removeSiteLogo,
  saveSiteSettings,
  setSiteLogo,
  siteSettings,
  verifyApiClient,
  webClientCredentials,
} from './merchants.service.ts';
export { makeSiteLogoImage, siteLogoUrl } from './site-logo-image.ts';
export { seedDemoSiteLogos } from './demo-site-logo.ts';
