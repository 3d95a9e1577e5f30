import type { Payment } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/post_service_order_pay: one payment for the total of the unpaid orders. */
export function postServiceOrderPay(orderIds: number[]): Promise<Payment> {
  return api.call(paymentsCalls.post_service_order_pay, { OrderIds: orderIds });
}
