/**
 * The periodic order job (docs/orders.md "Unpaid orders"): unpaid orders past
 * ORDER_UNPAID_CANCEL_MINUTES are cancelled by the system — each in its own transaction through the
 * guarded transition, so a payment that lands first wins and the order stays paid. (Pending
 * payments past PAYMENT_EXPIRE_MINUTES are closed by the payments module; maintenance.ts runs both.)
 */
import { ApiCode } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { SYSTEM_ACTOR } from './order-lifecycle.ts';
import { findExpiredUnpaidOrders } from './orders.repository.ts';
import type { OrdersService } from './orders.service.ts';

/** Unpaid orders cancelled per round (the rest wait for the next round). */
const BATCH = 200;

export async function cancelExpiredUnpaidOrders(orders: OrdersService, db: Db, now: number): Promise<number> {
  const expired = await findExpiredUnpaidOrders(db, now, BATCH);
  let cancelled = 0;
  for (const order of expired) {
    const target = { id: order.id, merchantId: order.merchant_id };
    try {
      await db
        .transaction()
        .execute((trx) =>
          orders.cancelUnpaid(trx, target, 'auto_cancel', SYSTEM_ACTOR, '超时未付款，系统自动取消', now),
        );
      cancelled++;
    } catch (error) {
      // Paid (or cancelled) meanwhile: the payment won, and nothing was changed here.
      if (!(error instanceof AppError && error.apiCode === ApiCode.OrderStatusConflict)) throw error;
    }
  }
  return cancelled;
}
