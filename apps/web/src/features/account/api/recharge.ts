import { paymentsCalls } from '@inkstone/contracts';
import type { QrCode, RechargeBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/cust/Recharge {AmountFen, PayType}: the QR code of a new recharge payment. A refusal
 * (e.g. 本站尚未开通在线支付) is shown in the dialog, not as a toast.
 */
export function recharge(body: RechargeBody): Promise<QrCode> {
  return api.call(paymentsCalls.Recharge, body, { ignoreAlert: true });
}
