import { paymentsCalls } from '@inkstone/contracts';
import type { QrCode, RechargeBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/cust/Recharge {AmountFen, PayType}: the QR code of a new recharge payment. */
export function recharge(body: RechargeBody): Promise<QrCode> {
  return api.call(paymentsCalls.Recharge, body);
}
