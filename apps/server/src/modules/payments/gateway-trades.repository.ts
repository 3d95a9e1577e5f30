import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentRefundTable, PaymentTradeTable } from '../../db/schema.ts';

/**
 * Trades opened at the real gateways (one per QR code or phone link) and refunds to the payer's
 * account. Status changes are conditional UPDATEs, as for payments.
 */
export type TradeRow = Selectable<PaymentTradeTable>;
export type RefundRow = Selectable<PaymentRefundTable>;

/** How many trades the payment has opened (the next one's number is this + 1). */
export async function countTrades(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_trades')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertTrade(db: Db, row: Insertable<PaymentTradeTable>): Promise<TradeRow> {
  return db.insertInto('payment_trades').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findTradeByOutTradeNo(db: Db, outTradeNo: string): Promise<TradeRow | undefined> {
  return db
    .selectFrom('payment_trades')
    .selectAll()
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

/** Moves a trade from `from` to `status`; true when it moved. */
export async function setTradeStatus(
  db: Db,
  id: number,
  from: string,
  status: string,
  now: number,
  providerTradeNo?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_trades')
    .set({ status, updated_at: now, ...(providerTradeNo ? { provider_trade_no: providerTradeNo } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markTradeChecked(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('payment_trades').set({ checked_at: now }).where('id', '=', id).execute();
}

/**
 * Open trades to ask the gateway about: opened at least `minAgeMs` ago and not asked within
 * `minAgeMs`, least recently asked first.
 */
export async function listTradesToReconcile(db: Db, now: number, minAgeMs: number, limit: number) {
  return db
    .selectFrom('payment_trades as t')
    .innerJoin('payments as p', 'p.id', 't.payment_id')
    .select([
      't.id',
      't.merchant_id',
      't.payment_id',
      't.provider',
      't.out_trade_no',
      't.expires_at',
      't.created_at',
      'p.status as payment_status',
    ])
    .where('t.status', '=', 'open')
    .where('t.created_at', '<=', now - minAgeMs)
    .where((eb) => eb.or([eb('t.checked_at', 'is', null), eb('t.checked_at', '<=', now - minAgeMs)]))
    .orderBy('t.checked_at')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** The paid trades of a payment, oldest first. */
export async function listPaidTrades(db: Db, paymentId: number): Promise<TradeRow[]> {
  return db
    .selectFrom('payment_trades')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'paid')
    .orderBy('id')
    .execute();
}

export async function listRefundsOfPayment(db: Db, paymentId: number): Promise<RefundRow[]> {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
}

export async function insertRefund(db: Db, row: Insertable<PaymentRefundTable>): Promise<RefundRow> {
  return db.insertInto('payment_refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findRefundByNo(db: Db, outRefundNo: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('out_refund_no', '=', outRefundNo)
    .executeTakeFirst();
}

/** Moves a refund out of `processing`; true when it moved (a refund ends once). */
export async function finishRefund(
  db: Db,
  id: number,
  status: 'success' | 'failed',
  providerRefundNo: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_refunds')
    .set({ status, updated_at: now, ...(providerRefundNo ? { provider_refund_no: providerRefundNo } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
