/** Public face of payment: starting a payment for unpaid orders (the pay page loads with the route). */
export { postServiceOrderPay } from './api/post-service-order-pay.ts';
