import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useQrPayment } from '../../payment/index.ts';
import { recharge } from '../api/recharge.ts';
import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN, yuanToFen } from '../utils/coupon-tabs.ts';

export type PayType = 'wechat' | 'alipay';

/**
 * 充值's state: the amount and how to pay, then the QR code (Recharge), its payment polled and an
 * expired code refreshed. Paid money refreshes the balance and the bill.
 */
export function useRecharge(onClose: () => void, onPaid?: (balanceFen: number) => void) {
  const client = useQueryClient();
  const [amountYuan, setAmountYuan] = useState<number | null>(100);
  const [payType, setPayType] = useState<PayType>('wechat');
  const qrPayment = useQrPayment({
    onPaid(paid) {
      void client.invalidateQueries({ queryKey: queryKeys.account.balance });
      void client.invalidateQueries({ queryKey: queryKeys.bills.all });
      onPaid?.(paid.BalanceFen);
    },
  });
  const amountFen = yuanToFen(amountYuan);

  function close() {
    qrPayment.clear();
    onClose();
  }

  async function createCode() {
    if (amountFen === null) return;
    await qrPayment.issue(() => recharge({ AmountFen: amountFen, PayType: payType }));
  }

  return {
    amountYuan,
    setAmountYuan,
    payType,
    setPayType,
    amountFen,
    isAmountValid:
      amountFen !== null && amountFen >= RECHARGE_MIN_YUAN * 100 && amountFen <= RECHARGE_MAX_YUAN * 100,
    qrPayment,
    close,
    createCode,
  };
}
