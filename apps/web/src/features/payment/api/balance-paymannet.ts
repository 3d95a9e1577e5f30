import type { Payment } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payment/BalancePaymannet: pays the payment from the balance (the page shows refusals). */
export function balancePaymannet(paymentNo: string): Promise<Payment> {
  return api.call(paymentsCalls.BalancePaymannet, { PaymentNo: paymentNo }, { ignoreAlert: true });
}
