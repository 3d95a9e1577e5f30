import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PayStatus, QrCode } from '@inkstone/contracts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getQrCodeRefresh } from '../api/get-qrcode-refresh.ts';
import { useOnPaid, usePayStatus } from './use-pay-status.ts';

export interface UseQrPaymentOptions {
  /**
   * The payment to follow from the start: the pay page reads its amount and state before any code
   * is shown (empty: none, nothing is asked). Without it, the payment of the issued code is followed.
   */
  paymentNo?: string;
  /** The payment is paid (by the code or any other way): called once per payment. */
  onPaid?(status: PayStatus): void;
  /**
   * Poll the payment's status even without a code shown: the payer came back from paying in 微信
   * or 支付宝 on a phone, and the result may arrive a moment later.
   */
  watch?: boolean;
}

export interface QrPayment {
  /** The code shown, or null. */
  qr: QrCode | null;
  /** The followed payment's status (QueryPayStatus), polled every 2 s while a code waits for payment. */
  status: UseQueryResult<PayStatus>;
  isPaid: boolean;
  /** Closed without being paid (expired or cancelled). */
  isClosed: boolean;
  /** The code shown has run out (its countdown, or the server says so): it needs a refresh. */
  isExpired: boolean;
  /** Seconds the code shown has left (0 without one). */
  secondsLeft: number;
  /** A new code is being issued. */
  isIssuing: boolean;
  /** The expired code is being replaced. */
  isRefreshing: boolean;
  /** Why the last code could not be issued (the server's reason), until the next try; else null. */
  error: string | null;
  /** Shows the code `request` issues (getqrcode, Recharge); a refused request shows none. */
  issue(request: () => Promise<QrCode>): Promise<void>;
  /** Replaces the code shown by a fresh one (get_qrcode_refresh); on failure the old one stays. */
  refresh(): Promise<void>;
  /** Shows no code any more. */
  clear(): void;
}

/** Seconds until `iso`, from `now` (ms); never below 0. */
export function secondsUntil(iso: string, now: number): number {
  return Math.max(0, (Date.parse(iso) - now) / 1000);
}

/** The time, ticking every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Paying by a 微信 / 支付宝 QR code: issues and refreshes the code, counts down to its expiry, and
 * asks every 2 s whether the payment was paid until it is paid or closed or its code expired.
 * Polling and the countdown stop when the screen goes away; a late reply is then ignored.
 */
export function useQrPayment({ paymentNo, onPaid, watch = false }: UseQrPaymentOptions = {}): QrPayment {
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<QrCode | null>(null);
  const [busy, setBusy] = useState<'issue' | 'refresh' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Bumped by every request, clear and unmount: only the latest request's answer is shown. */
  const generation = useRef(0);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const followed = paymentNo ?? qr?.PaymentNo ?? '';
  const status = usePayStatus(followed, qr !== null || watch);

  const isPaid = status.data?.IsPaid === true;
  const isClosed = !isPaid && status.data?.Status === 'closed';
  const now = useNow(qr !== null && !isPaid);
  const secondsLeft = qr ? secondsUntil(qr.ExpiresAt, now) : 0;
  const isExpired =
    qr !== null && !isPaid && !isClosed && (secondsLeft <= 0 || status.data?.IsQrExpired === true);

  useOnPaid(isPaid ? (status.data ?? null) : null, onPaid);

  const show = useCallback(
    async (kind: 'issue' | 'refresh', request: () => Promise<QrCode>, keepOnFailure: boolean) => {
      const mine = ++generation.current;
      setBusy(kind);
      if (!keepOnFailure) setError(null);
      try {
        const code = await request();
        if (mine !== generation.current) return;
        setQr(code);
        void queryClient.invalidateQueries({ queryKey: queryKeys.payStatus(paymentNo ?? code.PaymentNo) });
      } catch (failure) {
        if (mine === generation.current && !keepOnFailure) {
          setQr(null);
          setError(failure instanceof Error ? failure.message : '二维码生成失败，请稍后重试');
        }
      } finally {
        if (mine === generation.current) setBusy(null);
      }
    },
    [paymentNo, queryClient],
  );

  const issue = useCallback((request: () => Promise<QrCode>) => show('issue', request, false), [show]);
  const refresh = useCallback(async () => {
    if (!qr) return;
    await show('refresh', () => getQrCodeRefresh(qr.PaymentNo, qr.PayType), true);
  }, [qr, show]);
  const clear = useCallback(() => {
    generation.current += 1;
    setQr(null);
    setBusy(null);
    setError(null);
  }, []);

  return {
    qr,
    status,
    isPaid,
    isClosed,
    isExpired,
    secondsLeft,
    isIssuing: busy === 'issue',
    isRefreshing: busy === 'refresh',
    error,
    issue,
    refresh,
    clear,
  };
}
