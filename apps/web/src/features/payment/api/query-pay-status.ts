import type { PayStatus } from '@inkstone/contracts';
import { calls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payment/QueryPayStatus: whether the payment is paid yet (polled while a code is shown). */
export function queryPayStatus(paymentNo: string): Promise<PayStatus> {
  return api.call(calls.payments.QueryPayStatus, { PaymentNo: paymentNo }, { ignoreAlert: true });
}
