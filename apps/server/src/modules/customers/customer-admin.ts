/**
 * The merchant's customers as the console's 客户 section sees them (docs/console.md): the list
 * with balance, order count and total spent, one customer's profile, and 停用 / 启用 of an account.
 * Every query is scoped to the merchant: another merchant's customer is never found.
 */
import {
  OrderStatus,
  type SetCustomerEnabledBody,
  type StaffCustomer,
  type StaffCustomerDetail,
  type StaffCustomerPage,
  type StaffQueryCustomersBody,
} from '@inkstone/contracts';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';

/** Orders that were paid and not cancelled: what a customer has spent. */
const SPENT_STATUSES = [
  OrderStatus.Reviewing,
  OrderStatus.Producing,
  OrderStatus.Shipped,
  OrderStatus.Completed,
];

type CustomerProfile = StaffCustomerDetail['Customer'];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function customersOf(db: Db, merchantId: number, keyword: string) {
  let query = db.selectFrom('customers as c').where('c.merchant_id', '=', merchantId);
  if (keyword) {
    const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(c.account)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`c.mobile_no`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(c.nick_name)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

function withFigures(db: Db, merchantId: number, keyword: string) {
  return customersOf(db, merchantId, keyword).select((eb) => [
    'c.id',
    'c.account',
    'c.mobile_no',
    'c.nick_name',
    'c.is_active',
    'c.created_at',
    'c.last_login_at',
    'c.status_reason',
    'c.status_changed_at',
    'c.status_changed_by',
    eb
      .selectFrom('customer_balances as b')
      .select('b.balance_fen')
      .whereRef('b.customer_id', '=', 'c.id')
      .where('b.merchant_id', '=', merchantId)
      .as('balance_fen'),
    eb
      .selectFrom('orders as o')
      .select((inner) => inner.fn.countAll().as('n'))
      .whereRef('o.customer_id', '=', 'c.id')
      .where('o.merchant_id', '=', merchantId)
      .where('o.status', '>=', OrderStatus.Unpaid)
      .as('order_count'),
    eb
      .selectFrom('orders as o')
      .select((inner) => inner.fn.sum('o.total_fen').as('s'))
      .whereRef('o.customer_id', '=', 'c.id')
      .where('o.merchant_id', '=', merchantId)
      .where('o.status', 'in', SPENT_STATUSES)
      .as('spent_fen'),
  ]);
}

type FigureRow = Awaited<ReturnType<ReturnType<typeof withFigures>['executeTakeFirstOrThrow']>>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toStaffCustomer(row: FigureRow): StaffCustomer {
  return {
    Id: row.id,
    Account: row.account,
    MobileNo: row.mobile_no,
    NickName: row.nick_name,
    IsActive: row.is_active === 1,
    CreatedAt: iso(row.created_at)!,
    LastLoginAt: iso(row.last_login_at),
    BalanceFen: Number(row.balance_fen ?? 0),
    OrderCount: Number(row.order_count ?? 0),
    SpentFen: Number(row.spent_fen ?? 0),
  };
}

/** QueryCustomers: the merchant's customers matching the keyword, newest first. */
export async function queryCustomers(
  db: Db,
  merchantId: number,
  body: StaffQueryCustomersBody,
): Promise<StaffCustomerPage> {
  const [rows, total] = await Promise.all([
    withFigures(db, merchantId, body.Keyword)
      .orderBy('c.id', 'desc')
      .limit(body.limit)
      .offset((body.pageindex - 1) * body.limit)
      .execute(),
    customersOf(db, merchantId, body.Keyword)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.n);
  return {
    List: rows.map(toStaffCustomer),
    PageIndex: body.pageindex,
    Limit: body.limit,
    PageCount: Math.ceil(totalCount / body.limit),
    TotalCount: totalCount,
  };
}

/** One customer of the merchant with their figures and last status change; 客户不存在 otherwise. */
export async function customerProfile(
  db: Db,
  merchantId: number,
  customerId: number,
): Promise<CustomerProfile> {
  const row = await withFigures(db, merchantId, '').where('c.id', '=', customerId).executeTakeFirst();
  if (!row) throw new AppError('AccountNotFound', '客户不存在');
  return {
    ...toStaffCustomer(row),
    StatusChange:
      row.status_changed_at === null
        ? null
        : {
            Reason: row.status_reason,
            ChangedAt: iso(row.status_changed_at)!,
            ChangedBy: row.status_changed_by,
          },
  };
}

/**
 * SetCustomerEnabled: 停用 or 启用 with the reason. Disabling revokes every session of the customer,
 * so their next call is refused (-202) and signing in says 账号已停用，请联系商家; an enabled
 * customer signs in again.
 */
export async function setCustomerEnabled(
  context: ServerContext,
  merchantId: number,
  actorName: string,
  body: SetCustomerEnabledBody,
  /** Runs in the change's transaction with the account before and after it (the 操作日志). */
  inTransaction?: (trx: Db, before: CustomerProfile, after: CustomerProfile) => Promise<void>,
): Promise<CustomerProfile> {
  const now = context.clock.now();
  const after = await context.db.transaction().execute(async (trx) => {
    const before = await customerProfile(trx, merchantId, body.CustomerId);
    await trx
      .updateTable('customers')
      .set({
        is_active: body.Enabled ? 1 : 0,
        status_reason: body.Reason,
        status_changed_at: now,
        status_changed_by: actorName.slice(0, 64),
      })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', body.CustomerId)
      .execute();
    const changed = await customerProfile(trx, merchantId, body.CustomerId);
    await inTransaction?.(trx, before, changed);
    return changed;
  });
  if (body.Enabled) context.tokens.forgetCustomer(body.CustomerId);
  else await context.tokens.revokeCustomer(body.CustomerId, now);
  return after;
}
