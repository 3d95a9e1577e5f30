/**
 * A verified gateway notice applied to its payment (docs/payments.md "Notify"), in one
 * transaction, the same for the simulator's notifications and the real gateways' notifications
 * and query answers: `closed` closes a pending payment; `paid` marks it paid unless it is and
 * settles it, or — when it was paid another way — credits the money to the balance. The same
 * gateway trade applied twice, one after the other or at once, changes nothing the second time.
 */
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { GatewayNotice } from './gateways/payment-gateway.ts';
import {
  findPaymentById,
  insertNotification,
  markPaidUnlessPaid,
  updatePaymentIf,
  type PaymentRow,
} from './payments.repository.ts';
import { settleDuplicateGatewayPayment, settleFromGateway } from './settlement.ts';

export interface NotifyOutcome {
  Accepted: boolean;
  Duplicate: boolean;
}

export async function applyGatewayNotice(
  db: Db,
  payment: PaymentRow,
  provider: string,
  notice: GatewayNotice,
  now: number,
  /** More to do in the same transaction (a real gateway's trade is marked paid). */
  alongside?: (trx: Db) => Promise<unknown>,
): Promise<NotifyOutcome> {
  const apply = () =>
    db.transaction().execute(async (trx): Promise<NotifyOutcome> => {
      if (notice.status === 'closed') {
        const closed = await updatePaymentIf(trx, payment.id, 'pending', {
          status: 'closed',
          close_reason: 'declined',
          closed_at: now,
          updated_at: now,
        });
        return { Accepted: true, Duplicate: !closed };
      }
      const gatewayInfo = { provider, tradeNo: notice.tradeNo, method: notice.payType };
      const marked = await markPaidUnlessPaid(trx, payment.id, {
        method: notice.payType,
        provider,
        provider_trade_no: notice.tradeNo,
        paid_at: now,
        updated_at: now,
      });
      if (marked) {
        await settleFromGateway(trx, payment, gatewayInfo, now);
      } else {
        const current = await findPaymentById(trx, payment.id);
        if (current?.provider === provider && current.provider_trade_no === notice.tradeNo) {
          return { Accepted: true, Duplicate: true };
        }
        await settleDuplicateGatewayPayment(trx, payment, gatewayInfo, now);
      }
      await alongside?.(trx);
      await insertNotification(trx, {
        provider,
        payment_no: payment.payment_no,
        trade_no: notice.tradeNo,
        outcome: marked ? 'applied' : 'overpaid',
        detail: `${notice.payType} ${notice.amountFen}`,
        created_at: now,
      });
      return { Accepted: true, Duplicate: false };
    });
  try {
    return await apply();
  } catch (error) {
    // The same trade recorded by a parallel delivery of this notification: it is a repeat.
    if (isUniqueViolation(error)) return { Accepted: true, Duplicate: true };
    throw error;
  }
}
