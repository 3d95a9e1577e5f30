/** The express module's public API: other modules and the composition root import only this. */
export { registerExpressRoutes } from './express.routes.ts';
export { seedDemoExpressCompanies } from './express.seed.ts';
export { calculateExpressFee, listShippingCarriers, type ShippingCarrier } from './express.service.ts';
export { type ExpressAdmin, createExpressAdmin } from './express.admin.ts';
