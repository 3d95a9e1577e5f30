/**
 * Public face of payment: starting a payment for unpaid orders, and paying by QR code (issue,
 * refresh, countdown and pay-status polling) and the 模拟支付 mark, for the recharge dialog. The
 * pay page loads with the route.
 */
export { postServiceOrderPay } from './api/post-service-order-pay.ts';
export { useQrPayment } from './hooks/use-qr-payment.ts';
export type { QrPayment, UseQrPaymentOptions } from './hooks/use-qr-payment.ts';
export { SimulatedTag } from './components/pay-notices.tsx';
