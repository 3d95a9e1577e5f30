/** The payments module's public API: other modules and the composition root import only this. */
export { findBalance } from './balance-ledger.repository.ts';
export { createGateway } from './create-gateway.ts';
export { type PaymentGateway } from './gateways/payment-gateway.ts';
export { listPaymentsOfOrder } from './payments.repository.ts';
export { registerPaymentRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { adjustBalance, refundOrderToBalance } from './settlement.ts';
