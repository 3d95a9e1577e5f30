import { useQuery } from '@tanstack/react-query';
import type { PayStatus } from '@inkstone/contracts';
import { calls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** How often a shown QR code's payment is asked about. */
export const PAY_STATUS_POLL_MS = 2000;

/** The cache key of a payment's status. */
export function payStatusKey(paymentNo: string | null) {
  return ['payment', 'status', paymentNo] as const;
}

/**
 * POST /api/payment/QueryPayStatus {PaymentNo}: whether the payment is paid yet (polled while a
 * code is shown). Polling is quiet: a lost reply is asked again.
 */
export function queryPayStatus(paymentNo: string): Promise<PayStatus> {
  return api.call(calls.payments.QueryPayStatus, { PaymentNo: paymentNo }, { ignoreAlert: true });
}

/** For the recharge dialog: asks every 2 s until the payment is paid or closed, or its code expired. */
export function usePayStatus(paymentNo: string | null) {
  return useQuery({
    queryKey: payStatusKey(paymentNo),
    queryFn: () => queryPayStatus(paymentNo!),
    enabled: paymentNo !== null,
    refetchInterval: (query) => {
      const status = query.state.data;
      if (status && (status.IsPaid || status.Status !== 'pending' || status.IsQrExpired)) return false;
      return PAY_STATUS_POLL_MS;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
}
