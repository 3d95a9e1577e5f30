import type { PayStatus } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** How often a shown QR code's payment is asked about. */
export const PAY_STATUS_POLL_MS = 2000;

/**
 * POST /api/payment/QueryPayStatus {PaymentNo}: whether the payment is paid yet (polled while a
 * code is shown). Polling is quiet: a lost reply is asked again.
 */
export function queryPayStatus(paymentNo: string): Promise<PayStatus> {
  return api.call(paymentsCalls.QueryPayStatus, { PaymentNo: paymentNo }, { ignoreAlert: true });
}
