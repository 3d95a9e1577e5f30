import { useQuery } from '@tanstack/react-query';
import { calls } from '@inkstone/contracts';
import type { PayStatus } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** How often the recharge dialog asks whether the code was paid. */
export const PAY_STATUS_POLL_MS = 2000;

/** POST /api/payment/QueryPayStatus {PaymentNo}. Polling is quiet: a lost reply is asked again. */
export function queryPayStatus(paymentNo: string): Promise<PayStatus> {
  return api.call(calls.payments.QueryPayStatus, { PaymentNo: paymentNo }, { ignoreAlert: true });
}

/** Asks every 2 s until the payment is paid or closed, or its code expired. */
export function usePayStatus(paymentNo: string | null) {
  return useQuery({
    queryKey: ['account', 'pay-status', paymentNo],
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
