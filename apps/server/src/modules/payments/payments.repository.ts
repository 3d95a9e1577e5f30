import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertRow, insertRowReturning, updateRowsWhere } from '../../db/row-statements.ts';
import type { PaymentNotificationTable, PaymentTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Queries of payments and the orders they pay. Each function takes the database or a
 * transaction. Status changes are conditional UPDATEs: a payment is paid once, closed once.
 */
export type PaymentRow = Selectable<PaymentTable>;

export async function insertPayment(db: Db, row: Insertable<PaymentTable>): Promise<PaymentRow> {
  return insertRowReturning(db, 'payments', row);
}

export async function insertPaymentOrders(
  db: Db,
  rows: { payment_id: number; order_id: number; amount_fen: number }[],
): Promise<void> {
  if (rows.length === 1) await insertRow(db, 'payment_orders', rows[0]!);
  else if (rows.length > 0) await db.insertInto('payment_orders').values(rows).execute();
}

/** The customer's payment with this number. */
export async function findOwnedPayment(db: Db, owner: CustomerScope, paymentNo: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('payment_no', '=', paymentNo)
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirst();
}

/** A payment by number, any merchant (gateway notifications and the simulator page). */
export async function findPaymentByNo(db: Db, paymentNo: string) {
  return db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst();
}

export async function findPaymentById(db: Db, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a payment only while it is in `status`; true when it changed. */
export async function updatePaymentIf(
  db: Db,
  id: number,
  status: string,
  set: Updateable<PaymentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a payment paid unless it already is (a gateway's money arrives whatever we closed). */
export async function markPaidUnlessPaid(
  db: Db,
  id: number,
  set: Updateable<PaymentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...set, status: 'paid' })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The orders of a payment with their status and number, in id order (the lock order). */
export async function listPaymentOrders(db: Db, paymentId: number) {
  return db
    .selectFrom('payment_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .select(['po.order_id', 'po.amount_fen', 'po.outcome', 'o.order_no', 'o.status', 'o.total_fen'])
    .where('po.payment_id', '=', paymentId)
    .orderBy('po.order_id')
    .execute();
}

export async function setPaymentOrderOutcome(
  db: Db,
  paymentId: number,
  orderId: number,
  outcome: 'applied' | 'refunded',
): Promise<void> {
  await updateRowsWhere(db, 'payment_orders', { outcome }, { payment_id: paymentId, order_id: orderId });
}

/** Closes every pending payment that pays any of these orders (they can no longer be paid). */
export async function closePendingPaymentsOfOrders(
  db: Db,
  orderIds: readonly number[],
  now: number,
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('payments')
    .set({ status: 'closed', close_reason: 'order_cancelled', closed_at: now, updated_at: now })
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb.selectFrom('payment_orders').select('payment_id').where('order_id', 'in', orderIds),
    )
    .execute();
}

/** Closes pending payments past their expiry; returns how many. */
export async function closeExpiredPayments(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'closed', close_reason: 'expired', closed_at: now, updated_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every payment that included an order (staff see them on the order). */
export async function listPaymentsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('payment_orders as po')
    .innerJoin('payments as p', 'p.id', 'po.payment_id')
    .select(['p.payment_no', 'p.status', 'p.method', 'po.amount_fen', 'p.paid_at', 'po.outcome'])
    .where('po.order_id', '=', orderId)
    .orderBy('p.id')
    .execute();
}

export async function insertNotification(db: Db, row: Insertable<PaymentNotificationTable>): Promise<void> {
  await db.insertInto('payment_notifications').values(row).execute();
}

/** The merchant's display name (the simulator page shows whom the payer pays). */
export async function findMerchantName(db: Db, merchantId: number): Promise<string> {
  const row = await db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirst();
  return row?.name ?? '';
}

/** What decides the merchant's gateways: its code (notify addresses) and whether it is a demo merchant. */
export async function findGatewayMerchant(
  db: Db,
  merchantId: number,
): Promise<{ id: number; code: string; isDemo: boolean } | undefined> {
  const row = await db
    .selectFrom('merchants')
    .select(['id', 'code', 'is_demo'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  return row ? { id: row.id, code: row.code, isDemo: row.is_demo === 1 } : undefined;
}
