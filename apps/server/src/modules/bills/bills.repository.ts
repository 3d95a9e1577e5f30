import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Queries of the customer bill: the ledger, scoped by merchant and customer. */
export interface BillFilter {
  merchantId: number;
  customerId: number;
  type: string;
  method: string;
  fromMs?: number;
  toMs?: number;
  keyword: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function filteredEntries(db: Db, filter: BillFilter) {
  let query = db
    .selectFrom('ledger_entries as e')
    .leftJoin('payments as p', 'p.id', 'e.payment_id')
    .where('e.merchant_id', '=', filter.merchantId)
    .where('e.customer_id', '=', filter.customerId);
  if (filter.type) query = query.where('e.type', '=', filter.type);
  if (filter.method) query = query.where('e.method', '=', filter.method);
  if (filter.fromMs !== undefined) query = query.where('e.created_at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('e.created_at', '<', filter.toMs);
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword.toUpperCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`upper(e.order_nos)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`upper(p.payment_no)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of ledger lines, newest first, with the count and the sums of the whole selection. */
export async function queryBill(db: Db, filter: BillFilter, page: { offset: number; limit: number }) {
  const totals = await filteredEntries(db, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('e.amount_fen').as('sum'),
      eb.fn.sum<number>(sql<number>`case when e.amount_fen > 0 then e.amount_fen else 0 end`).as('income'),
      eb.fn.sum<number>(sql<number>`case when e.amount_fen < 0 then e.amount_fen else 0 end`).as('expense'),
      eb.fn.sum<number>('e.balance_change_fen').as('balanceChange'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await filteredEntries(db, filter)
    .selectAll('e')
    .select(['p.payment_no', 'p.provider'])
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    rows,
    totalCount: Number(totals.count),
    sumFen: Number(totals.sum ?? 0),
    incomeFen: Number(totals.income ?? 0),
    expenseFen: Number(totals.expense ?? 0),
    balanceChangeFen: Number(totals.balanceChange ?? 0),
  };
}

export type BillRow = Awaited<ReturnType<typeof queryBill>>['rows'][number];

/** How many ledger lines match the filter. */
export async function countBill(db: Db, filter: BillFilter): Promise<number> {
  const row = await filteredEntries(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Ledger lines matching the filter, newest first, older than `beforeId` when given: keyset pages,
 * each as cheap as the first however deep it is (exports walk the whole bill with it).
 */
export async function listBillBefore(
  db: Db,
  filter: BillFilter,
  page: { beforeId: number | null; limit: number },
): Promise<BillRow[]> {
  let query = filteredEntries(db, filter).selectAll('e').select(['p.payment_no', 'p.provider']);
  if (page.beforeId !== null) query = query.where('e.id', '<', page.beforeId);
  return query.orderBy('e.id', 'desc').limit(page.limit).execute();
}
