import type { MobilePay } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import type { QrPayType } from './get-qrcode.ts';

/**
 * POST /api/payment/GetMobilePayUrl: on a phone, the 微信 H5 支付 / 支付宝手机网站支付 link to open
 * (the simulator's page for simulated merchants), coming back to `returnPath` afterwards. A
 * refusal is shown by the pay page, not as a toast.
 */
export function getMobilePayUrl(
  paymentNo: string,
  payType: QrPayType,
  returnPath: string,
): Promise<MobilePay> {
  return api.call(
    paymentsCalls.GetMobilePayUrl,
    { PaymentNo: paymentNo, PayType: payType, ReturnPath: returnPath },
    { ignoreAlert: true },
  );
}
