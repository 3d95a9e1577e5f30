/**
 * The merchant console's 工作台 figures (staff Dashboard, docs/console.md#工作台), each one SQL
 * aggregate that runs the same on SQLite and PostgreSQL. Days are China days (UTC+8).
 *
 * - **Placed** on a day: orders created that day, not 已取消.
 * - **Paid** on a day: orders whose payment was applied that day (`paid_at`, set by the payments
 *   module for a balance payment and for a gateway's confirmed notice alike), not 已取消.
 * - **Revenue**: the paid orders' `total_fen` (what the customer paid: goods after coupon, plus
 *   express). A cancelled order is refunded in full (staff CancelOrder), so 已取消 counts nowhere.
 * - **A product's sales**: the `amount_fen` and `quantity` of its lines in paid orders (goods as
 *   sold, before the order's coupon and without express).
 */
import { sql, type RawBuilder } from 'kysely';
import { CHINA_OFFSET_MS, startOfChinaDay } from '@inkstone/domain';
import {
  DASHBOARD_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  OrderStatus,
  ReviewState,
  type Dashboard,
  type DashboardDay,
  type DashboardProduct,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';

const DAY_MS = 86_400_000;

/** The China day number (days since 1970-01-01 China time) of an epoch-ms column. */
function chinaDayOf(column: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
}

/** `YYYY-MM-DD` of a China day number. */
function dayName(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The figures of the 工作台 of one merchant at `now`; without `withMoney` no money field at all. */
export async function dashboardOf(
  db: Db,
  merchantId: number,
  now: number,
  withMoney: boolean,
): Promise<Dashboard> {
  const todayStart = startOfChinaDay(now);
  const today = (todayStart + CHINA_OFFSET_MS) / DAY_MS;
  const from = todayStart - (DASHBOARD_DAYS - 1) * DAY_MS;
  const to = todayStart + DAY_MS;

  const [placed, paid, waiting, byQuantity, byRevenue] = await Promise.all([
    db
      .selectFrom('orders')
      .select([chinaDayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('merchant_id', '=', merchantId)
      .where('status', '!=', OrderStatus.Cancelled)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(chinaDayOf('created_at'))
      .execute(),
    db
      .selectFrom('orders')
      .select([
        chinaDayOf('paid_at').as('day'),
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('total_fen').as('revenue'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('status', '!=', OrderStatus.Cancelled)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .groupBy(chinaDayOf('paid_at'))
      .execute(),
    db
      .selectFrom('orders')
      .select([
        'status',
        'review_state',
        sql<number>`case when production_started_at is null then 0 else 1 end`.as('started'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('status', 'in', [
        OrderStatus.Unpaid,
        OrderStatus.Reviewing,
        OrderStatus.Producing,
        OrderStatus.Shipped,
      ])
      .groupBy(['status', 'review_state', sql`case when production_started_at is null then 0 else 1 end`])
      .execute(),
    topProducts(db, merchantId, from, to, 'quantity'),
    withMoney ? topProducts(db, merchantId, from, to, 'amount') : Promise.resolve([]),
  ]);

  const placedByDay = new Map(placed.map((row) => [Number(row.day), Number(row.count)]));
  const paidByDay = new Map(
    paid.map((row) => [Number(row.day), { count: Number(row.count), revenue: Number(row.revenue ?? 0) }]),
  );
  const dayFigures = (day: number): DashboardDay => ({
    Date: dayName(day),
    Orders: placedByDay.get(day) ?? 0,
    PaidOrders: paidByDay.get(day)?.count ?? 0,
    ...(withMoney ? { RevenueFen: paidByDay.get(day)?.revenue ?? 0 } : {}),
  });

  const count = (match: (row: (typeof waiting)[number]) => boolean) =>
    waiting.filter(match).reduce((sum, row) => sum + Number(row.count), 0);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
    dayFigures(today - (DASHBOARD_DAYS - 1) + index),
  );

  return {
    Today: days[days.length - 1]!,
    // Yesterday is inside the 30 days' window, which starts 29 days before today.
    Yesterday: days[days.length - 2]!,
    Waiting: {
      Unpaid: count((row) => row.status === OrderStatus.Unpaid),
      ReviewPending: count(
        (row) => row.status === OrderStatus.Reviewing && row.review_state !== ReviewState.Rejected,
      ),
      ReviewRejected: count(
        (row) => row.status === OrderStatus.Reviewing && row.review_state === ReviewState.Rejected,
      ),
      ProductionNotStarted: count((row) => row.status === OrderStatus.Producing && Number(row.started) === 0),
      ProductionStarted: count((row) => row.status === OrderStatus.Producing && Number(row.started) === 1),
      Shipped: count((row) => row.status === OrderStatus.Shipped),
    },
    Days: days,
    TopByQuantity: byQuantity.map((product) => productFigures(product, withMoney)),
    ...(withMoney ? { TopByRevenue: byRevenue.map((product) => productFigures(product, true)) } : {}),
    ShowsMoney: withMoney,
  };
}

interface ProductRow {
  productId: number;
  title: string;
  unit: string;
  quantity: number;
  orders: number;
  amount: number;
}

function productFigures(row: ProductRow, withMoney: boolean): DashboardProduct {
  return {
    ProductId: row.productId,
    Title: row.title,
    Unit: row.unit,
    Quantity: row.quantity,
    Orders: row.orders,
    ...(withMoney ? { AmountFen: row.amount } : {}),
  };
}

/** The products sold most in orders paid in [from, to), by quantity or by amount. */
async function topProducts(
  db: Db,
  merchantId: number,
  from: number,
  to: number,
  by: 'quantity' | 'amount',
): Promise<ProductRow[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.product_id',
      (eb) => eb.fn.max('l.product_title').as('title'),
      (eb) => eb.fn.max('l.unit').as('unit'),
      (eb) => eb.fn.sum<number>('l.quantity').as('quantity'),
      (eb) => eb.fn.sum<number>('l.amount_fen').as('amount'),
      (eb) => eb.fn.count<number>('o.id').distinct().as('orders'),
    ])
    .where('o.merchant_id', '=', merchantId)
    .where('l.merchant_id', '=', merchantId)
    .where('o.status', '!=', OrderStatus.Cancelled)
    .where('o.paid_at', '>=', from)
    .where('o.paid_at', '<', to)
    .groupBy('l.product_id')
    .orderBy(by === 'quantity' ? sql`sum(l.quantity)` : sql`sum(l.amount_fen)`, 'desc')
    .orderBy('l.product_id')
    .limit(DASHBOARD_TOP_PRODUCTS)
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    title: String(row.title ?? ''),
    unit: String(row.unit ?? ''),
    quantity: Number(row.quantity ?? 0),
    orders: Number(row.orders),
    amount: Number(row.amount ?? 0),
  }));
}
