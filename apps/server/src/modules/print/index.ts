/** The print module's public API: other modules and the composition root import only this. */
export { PrintService } from './print.service.ts';
export { printMerchantOf, registerPrintRoutes } from './print.routes.ts';
