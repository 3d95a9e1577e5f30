/** The payments module's public API: other modules and the composition root import only this. */
export { createGateways, type PaymentGateways } from './create-gateway.ts';
export { SIMULATOR_PROVIDER } from './gateways/simulator-gateway.ts';
export { balanceOf, paymentsOfOrder } from './payment-queries.ts';
export { registerPaymentRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { adjustBalance, refundOrderToBalance } from './settlement.ts';
