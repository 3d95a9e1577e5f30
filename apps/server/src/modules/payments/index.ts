/** The payments module's public API: other modules and the composition root import only this. */
export { createGateways, type PaymentGateways } from './create-gateway.ts';
export { GatewayTestPayments } from './gateway-test-payments.ts';
export { GatewayTradesService } from './gateway-trades.service.ts';
export { createPaymentAdmin, type AdminMerchant, type PaymentAdmin } from './payment-admin.ts';
export { SIMULATOR_PROVIDER } from './gateways/simulator-gateway.ts';
export { balanceOf, paymentsOfOrder } from './payment-queries.ts';
export { registerPaymentRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { adjustBalance, refundOrderToBalance } from './settlement.ts';
export { WechatJsapiService } from './wechat-jsapi.service.ts';
