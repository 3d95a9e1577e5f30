/** The orders module's public API: other modules and the composition root import only this. */
export { customerActor } from './actors.ts';
export { cancelExpiredUnpaidOrders } from './auto-cancel.ts';
export { generatePaymentNo, generateTestPaymentNo } from './business-numbers.ts';
export { CheckoutService } from './checkout.service.ts';
export {
  type Actor,
  type OrderAction,
  conflictMessage,
  requireTransition,
  TRANSITIONS,
  transitionOrder,
} from './order-lifecycle.ts';
export {
  type ExportedOrder,
  exportCustomerOrders,
  exportMerchantOrders,
  type MerchantOrderExportFilter,
  type OrderExport,
  type OrderExportFilter,
} from './order-export.ts';
export { isSelfPickupOrder, type OrderRow, ordersOfCustomer } from './order-queries.ts';
export { dashboardOf } from './order-stats.ts';
export { registerOrderRoutes } from './orders.routes.ts';
export { OrdersService } from './orders.service.ts';
