import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PayStatus } from '@inkstone/contracts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PAY_STATUS_POLL_MS, queryPayStatus } from '../api/query-pay-status.ts';

/**
 * The followed payment's status: read once, then every 2 s while a code is shown, until the
 * payment is paid or closed or the server says the code expired.
 */
export function usePayStatus(paymentNo: string, isCodeShown: boolean): UseQueryResult<PayStatus> {
  return useQuery({
    queryKey: queryKeys.payStatus(paymentNo),
    queryFn: () => queryPayStatus(paymentNo),
    enabled: paymentNo !== '',
    refetchInterval: (query) => {
      const data = query.state.data;
      const isOver = data !== undefined && (data.IsPaid || data.Status !== 'pending' || data.IsQrExpired);
      return isCodeShown && !isOver ? PAY_STATUS_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** Calls the latest `onPaid` once for each payment that turns up paid. */
export function useOnPaid(paid: PayStatus | null, onPaid: ((status: PayStatus) => void) | undefined) {
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  });
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!paid || reported.current === paid.PaymentNo) return;
    reported.current = paid.PaymentNo;
    onPaidRef.current?.(paid);
  }, [paid]);
}
