import type { WechatJsapiPay } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/payment/WechatJsapiPay: inside 微信, either 微信's 网页授权 link (once per customer,
 * coming back to `returnPath` with code and state) or the parameters that open 微信支付 in the
 * page. A refusal is shown by the pay page, not as a toast.
 */
export function wechatJsapiPay(paymentNo: string, returnPath: string): Promise<WechatJsapiPay> {
  return api.call(
    paymentsCalls.WechatJsapiPay,
    { PaymentNo: paymentNo, ReturnPath: returnPath },
    { ignoreAlert: true },
  );
}
