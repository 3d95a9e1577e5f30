import { paymentsCalls } from '@inkstone/contracts';
import type { MobilePay, MobileRechargeBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/cust/MobileRecharge {AmountFen, PayType, ReturnPath}: on a phone, a new recharge and
 * the 微信 H5 支付 / 支付宝手机网站支付 link to open; the payer comes back to `ReturnPath` with
 * `no=<PaymentNo>`. A refusal is shown in the dialog, not as a toast.
 */
export function mobileRecharge(body: MobileRechargeBody): Promise<MobilePay> {
  return api.call(paymentsCalls.MobileRecharge, body, { ignoreAlert: true });
}
