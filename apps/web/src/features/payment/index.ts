/**
 * Public face of payment: starting a payment for unpaid orders, and a QR code's refresh and pay
 * status (the recharge dialog). The pay page loads with the route.
 */
export { postServiceOrderPay } from './api/post-service-order-pay.ts';
export { getQrCodeRefresh, useQrCodeRefresh } from './api/get-qrcode-refresh.ts';
export { queryPayStatus, usePayStatus } from './api/query-pay-status.ts';
