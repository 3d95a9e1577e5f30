/** The website module's public API (site content, docs/website.md): the composition root imports only this. */
export { registerWebsiteRoutes } from './website.routes.ts';
export { seedDemoProductImages } from './demo-product-images.ts';
export { seedDemoSiteContent } from './website.seed.ts';
export { WebsiteService } from './website.service.ts';
export { SiteContentAdmin, type EditorImageUpload, type SitePictureRef } from './content-admin.service.ts';
