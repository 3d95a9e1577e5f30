import { useMutation } from '@tanstack/react-query';
import { calls } from '@inkstone/contracts';
import type { QrCode } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/v1/get_qrcode_refresh?PaymentNo=&PayType=: a fresh code for a payment whose code expired. */
export function getQrCodeRefresh(paymentNo: string, payType?: 'wechat' | 'alipay'): Promise<QrCode> {
  return api.call(calls.payments.get_qrcode_refresh, { PaymentNo: paymentNo, PayType: payType });
}

export function useQrCodeRefresh() {
  return useMutation({
    mutationFn: ({ paymentNo, payType }: { paymentNo: string; payType?: 'wechat' | 'alipay' }) =>
      getQrCodeRefresh(paymentNo, payType),
  });
}
