import { paymentsCalls } from '@inkstone/contracts';
import type { WechatJsapiPay, WechatJsapiRechargeBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/cust/WechatJsapiRecharge {AmountFen, ReturnPath}: inside 微信, a new recharge and, as
 * WechatJsapiPay answers, 微信's 网页授权 link (coming back to `ReturnPath` with `no=<PaymentNo>`)
 * or the parameters that open 微信支付 in the page. A refusal is shown in the dialog, not as a toast.
 */
export function wechatJsapiRecharge(body: WechatJsapiRechargeBody): Promise<WechatJsapiPay> {
  return api.call(paymentsCalls.WechatJsapiRecharge, body, { ignoreAlert: true });
}
