import type { QrCode } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

export type QrPayType = 'wechat' | 'alipay';

/**
 * POST /api/payment/getqrcode: a QR code to pay the payment by 微信支付 or 支付宝. A refusal (e.g.
 * 本站尚未开通在线支付) is shown by the pay page beside the methods, not as a toast.
 */
export function getQrCode(paymentNo: string, payType: QrPayType): Promise<QrCode> {
  return api.call(paymentsCalls.getqrcode, { PaymentNo: paymentNo, PayType: payType }, { ignoreAlert: true });
}
