import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { OrderStatus } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { insertRow, insertRowReturning, selectRowsWhere, updateRowsWhere } from '../../db/row-statements.ts';
import type { OrderEventTable, OrderFileTable, OrderLineTable, OrderTable } from '../../db/schema.ts';

/**
 * Every query of orders, their lines, files and events. Each function takes the database or a
 * transaction; every query is scoped by merchant (and by customer where the customer asks).
 */
export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderFileRow = Selectable<OrderFileTable>;
export type OrderEventRow = Selectable<OrderEventTable>;

/** Which order, and whose (customerId omitted: any customer of the merchant, for staff). */
export interface OrderKey {
  merchantId: number;
  orderId: number;
  customerId?: number;
}

/** Inserts an order; returns the row as stored (its id and the columns' defaults included). */
export async function insertOrder(db: Db, row: Insertable<OrderTable>): Promise<OrderRow> {
  return insertRowReturning(db, 'orders', row);
}

/** Inserts an order's files; returns the rows as stored, in the order given. */
export async function insertOrderFiles(db: Db, rows: Insertable<OrderFileTable>[]): Promise<OrderFileRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('order_files').values(rows).returningAll().execute();
}

export async function insertEvent(db: Db, row: Insertable<OrderEventTable>): Promise<void> {
  await insertRow(db, 'order_events', row);
}

/** Inserts an event; returns the row as stored. */
export async function insertEventRow(db: Db, row: Insertable<OrderEventTable>): Promise<OrderEventRow> {
  return insertRowReturning(db, 'order_events', row);
}

/**
 * The conditional UPDATE behind every transition: changes the order only while it is in
 * `status` (and `reviewState`, and not yet marked started when asked). True when it changed.
 */
export async function updateOrderWhere(
  db: Db,
  condition: {
    merchantId: number;
    orderId: number;
    status: number;
    reviewState?: string;
    productionNotStarted?: boolean;
  },
  set: Updateable<OrderTable>,
): Promise<boolean> {
  const changed = await updateRowsWhere(db, 'orders', set, {
    id: condition.orderId,
    merchant_id: condition.merchantId,
    status: condition.status,
    review_state: condition.reviewState,
    production_started_at: condition.productionNotStarted ? null : undefined,
  });
  return changed === 1;
}

/**
 * Appends text to the order's remarks (on a new line) if it is in one of `statuses` and the
 * remarks then hold at most `maxLength` characters; false when either fails (nothing is cut).
 */
export async function appendOrderRemarks(
  db: Db,
  key: OrderKey,
  statuses: readonly number[],
  text: string,
  maxLength: number,
  now: number,
): Promise<boolean> {
  const textLength = [...text].length;
  let query = db
    .updateTable('orders')
    .set({
      remarks: sql<string>`case when remarks = '' then ${text} else remarks || ${`\n${text}`} end`,
      updated_at: now,
    })
    .where('id', '=', key.orderId)
    .where('merchant_id', '=', key.merchantId)
    .where('status', 'in', statuses)
    .where(
      sql<number>`(case when remarks = '' then 0 else length(remarks) + 1 end) + ${textLength}`,
      '<=',
      maxLength,
    );
  if (key.customerId !== undefined) query = query.where('customer_id', '=', key.customerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findOrderState(db: Db, merchantId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['status', 'review_state'])
    .where('id', '=', orderId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Whether the order's carrier is the merchant's 到店自提 (the customer collects it: no tracking number). */
export async function isSelfPickupOrder(
  db: Db,
  order: Pick<OrderRow, 'merchant_id' | 'express_company_id'>,
): Promise<boolean> {
  if (order.express_company_id === null) return false;
  const row = await db
    .selectFrom('express_companies')
    .select('is_self_pickup')
    .where('merchant_id', '=', order.merchant_id)
    .where('id', '=', order.express_company_id)
    .executeTakeFirst();
  return row?.is_self_pickup === 1;
}

export async function findOrder(db: Db, key: OrderKey): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', key.orderId)
    .where('merchant_id', '=', key.merchantId);
  if (key.customerId !== undefined) query = query.where('customer_id', '=', key.customerId);
  return query.executeTakeFirst();
}

export async function findOrderByNo(
  db: Db,
  key: { merchantId: number; orderNo: string; customerId?: number },
): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', key.orderNo)
    .where('merchant_id', '=', key.merchantId);
  if (key.customerId !== undefined) query = query.where('customer_id', '=', key.customerId);
  return query.executeTakeFirst();
}

/** The customer's orders among `ids`, by id. */
export async function findOrdersByIds(
  db: Db,
  owner: { merchantId: number; customerId: number },
  ids: readonly number[],
): Promise<OrderRow[]> {
  return selectRowsWhere(
    db,
    'orders',
    { merchant_id: owner.merchantId, customer_id: owner.customerId, id: ids },
    { orderBy: [['id', 'asc']] },
  );
}

export async function listLinesOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function listFilesOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderFileRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_files').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function listEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Which orders a list shows. */
export interface OrderFilter {
  merchantId: number;
  customerId?: number;
  /** 0: every status. */
  status: number;
  keyword: string;
  fromMs?: number;
  toMs?: number;
  reviewState?: string;
  /** Part of the customer's account, mobile number or nickname (staff lists). */
  customerKeyword?: string;
  /**
   * 生产中 orders only, marked started (StartProduction) or not yet (staff board's 已开始 /
   * 待开始生产); other statuses never match it.
   */
  productionStarted?: boolean;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function filteredOrders(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders as o').where('o.merchant_id', '=', filter.merchantId);
  if (filter.customerId !== undefined) query = query.where('o.customer_id', '=', filter.customerId);
  if (filter.status !== 0) query = query.where('o.status', '=', filter.status);
  if (filter.reviewState !== undefined) query = query.where('o.review_state', '=', filter.reviewState);
  if (filter.productionStarted !== undefined) {
    query = query
      .where('o.status', '=', OrderStatus.Producing)
      .where('o.production_started_at', filter.productionStarted ? 'is not' : 'is', null);
  }
  if (filter.fromMs !== undefined) query = query.where('o.created_at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('o.created_at', '<', filter.toMs);
  if (filter.customerKeyword) {
    const pattern = `%${escapeLike(filter.customerKeyword.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customers as c')
          .select('c.id')
          .whereRef('c.id', '=', 'o.customer_id')
          .where((inner) =>
            inner.or([
              inner(sql<string>`lower(c.account)`, 'like', sql<string>`${pattern} escape '\\'`),
              inner(sql<string>`c.mobile_no`, 'like', sql<string>`${pattern} escape '\\'`),
              inner(sql<string>`lower(c.nick_name)`, 'like', sql<string>`${pattern} escape '\\'`),
            ]),
          ),
      ),
    );
  }
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(o.order_no)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(o.tracking_no)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('order_lines as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where(sql<boolean>`lower(l.product_title) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return query;
}

/** One page of orders, newest first, with the count and the sum of their totals. */
export async function queryOrders(
  db: Db,
  filter: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; totalCount: number; sumFen: number }> {
  const totals = await filteredOrders(db, filter)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('o.total_fen').as('sum')])
    .executeTakeFirstOrThrow();
  const rows = await filteredOrders(db, filter)
    .selectAll('o')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, totalCount: Number(totals.count), sumFen: Number(totals.sum ?? 0) };
}

/** How many orders match a list's filter. */
export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Orders matching a list's filter, newest first, older than `beforeId` when given: keyset pages,
 * each as cheap as the first however deep it is (exports walk every order with it).
 */
export async function listOrdersBefore(
  db: Db,
  filter: OrderFilter,
  page: { beforeId: number | null; limit: number },
): Promise<OrderRow[]> {
  let query = filteredOrders(db, filter).selectAll('o');
  if (page.beforeId !== null) query = query.where('o.id', '<', page.beforeId);
  return query.orderBy('o.id', 'desc').limit(page.limit).execute();
}

/** `昵称 手机号` of these customers of the merchant, by id (the staff export's 客户 column). */
export async function listCustomerNames(
  db: Db,
  merchantId: number,
  customerIds: readonly number[],
): Promise<Map<number, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'nick_name', 'mobile_no'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', customerIds)
    .execute();
  return new Map(rows.map((row) => [row.id, [row.nick_name, row.mobile_no].filter(Boolean).join(' ')]));
}

/** What an order list shows of each line of these orders (no prices, choices or quote), by id. */
export async function listLineSummariesOfOrders(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'product_title', 'quantity', 'unit'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/** How many orders are in each status (the tab badges). */
export async function countOrdersByStatus(
  db: Db,
  scope: { merchantId: number; customerId?: number },
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('merchant_id', '=', scope.merchantId);
  if (scope.customerId !== undefined) query = query.where('customer_id', '=', scope.customerId);
  const rows = await query.groupBy('status').execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * Unpaid orders past their time, oldest first, that are not being paid right now (no pending
 * payment with a QR code still valid): the customer scanning a code keeps the order alive.
 */
export async function findExpiredUnpaidOrders(db: Db, now: number, limit: number) {
  return db
    .selectFrom('orders as o')
    .select(['o.id', 'o.merchant_id', 'o.customer_id', 'o.coupon_id'])
    .where('o.status', '=', 1)
    .where('o.unpaid_expires_at', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_orders as po')
            .innerJoin('payments as p', 'p.id', 'po.payment_id')
            .select('po.order_id')
            .whereRef('po.order_id', '=', 'o.id')
            .where('p.status', '=', 'pending')
            .where('p.qr_expires_at', '>', now),
        ),
      ),
    )
    .orderBy('o.unpaid_expires_at')
    .limit(limit)
    .execute();
}

/** The customers behind ids (staff pages show who ordered). */
