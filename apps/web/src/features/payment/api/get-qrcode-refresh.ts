import type { QrCode } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import type { QrPayType } from './get-qrcode.ts';

/** GET /api/v1/get_qrcode_refresh?PaymentNo=&PayType=: a fresh code once the last one expired. */
export function getQrCodeRefresh(paymentNo: string, payType: QrPayType): Promise<QrCode> {
  return api.call(paymentsCalls.get_qrcode_refresh, { PaymentNo: paymentNo, PayType: payType });
}
