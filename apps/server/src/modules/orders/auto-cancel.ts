/**
 * The periodic order job (docs/orders.md "Unpaid orders"): unpaid orders past
 * ORDER_UNPAID_CANCEL_MINUTES are cancelled by the system — each in its own transaction through the
 * guarded transition, so a payment that lands first wins and the order stays paid — and pending
 * payments past PAYMENT_EXPIRE_MINUTES are closed.
 */
import { ApiCode } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { closeExpiredPayments } from '../payments/payments.repository.ts';
import { SYSTEM_ACTOR } from './order-lifecycle.ts';
import { findExpiredUnpaidOrders } from './orders.repository.ts';
import { cancelUnpaidOrder } from './orders.service.ts';

/** Unpaid orders cancelled per round (the rest wait for the next round). */
const BATCH = 200;

export async function cancelExpiredUnpaidOrders(db: Db, now: number): Promise<number> {
  const expired = await findExpiredUnpaidOrders(db, now, BATCH);
  let cancelled = 0;
  for (const order of expired) {
    const target = { id: order.id, merchantId: order.merchant_id };
    try {
      await db
        .transaction()
        .execute((trx) =>
          cancelUnpaidOrder(trx, target, 'auto_cancel', SYSTEM_ACTOR, '超时未付款，系统自动取消', now),
        );
      cancelled++;
    } catch (error) {
      // Paid (or cancelled) meanwhile: the payment won, and nothing was changed here.
      if (!(error instanceof AppError && error.apiCode === ApiCode.OrderStatusConflict)) throw error;
    }
  }
  return cancelled;
}

/** One round of the order job. */
export async function runOrderMaintenance(
  db: Db,
  now: number,
): Promise<{ cancelled: number; closedPayments: number }> {
  const cancelled = await cancelExpiredUnpaidOrders(db, now);
  const closedPayments = await closeExpiredPayments(db, now);
  return { cancelled, closedPayments };
}
