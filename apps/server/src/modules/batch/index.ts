/** The batch module's public API: other modules and the composition root import only this. */
export { BatchOrderService } from './batch.service.ts';
export { registerBatchRoutes } from './batch.routes.ts';
