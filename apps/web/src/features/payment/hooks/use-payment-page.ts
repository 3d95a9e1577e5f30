import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { ApiCode } from '@inkstone/contracts';
import type { Payment } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { balancePaymannet } from '../api/balance-paymannet.ts';
import { getQrCode } from '../api/get-qrcode.ts';
import type { QrPayType } from '../api/get-qrcode.ts';
import { useQrPayment } from './use-qr-payment.ts';

/** 余额支付, or a QR code of 微信支付 / 支付宝. */
export type PayMethod = 'balance' | QrPayType;

/** Why the balance payment failed; `isBalance`: the balance is short (offer 去充值). */
export interface PayProblem {
  text: string;
  isBalance: boolean;
}

/**
 * The pay page's state and calls: the payment named by `?no=` (with its orders when checkout
 * handed it over), the chosen method, the balance payment and the QR payment.
 */
export function usePaymentPage() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const location = useLocation();
  const paymentNo = search.get('no') ?? '';
  const given = (location.state as { payment?: Payment } | null)?.payment;
  const payment = given?.PaymentNo === paymentNo ? given : null;

  const [method, setMethod] = useState<PayMethod | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [problem, setProblem] = useState<PayProblem | null>(null);

  const qrPayment = useQrPayment({
    paymentNo,
    onPaid: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
  const { status } = qrPayment;
  const isWorking = isPaying || qrPayment.isIssuing || qrPayment.isRefreshing;

  async function payByBalance() {
    setIsPaying(true);
    setProblem(null);
    try {
      await balancePaymannet(paymentNo);
      await status.refetch();
    } catch (error) {
      const isBalance = error instanceof ApiError && error.apiCode === ApiCode.InsufficientBalance;
      setProblem({ text: error instanceof Error ? error.message : '支付失败，请稍后重试', isBalance });
    } finally {
      setIsPaying(false);
    }
  }

  function choose(next: PayMethod) {
    setMethod(next);
    setProblem(null);
    if (next === 'balance') qrPayment.clear();
    else void qrPayment.issue(() => getQrCode(paymentNo, next));
  }

  return { paymentNo, payment, method, problem, isWorking, qrPayment, status, payByBalance, choose };
}
