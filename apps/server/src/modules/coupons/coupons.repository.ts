import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CouponTable, CustomerCouponTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Every query of the coupons module. Each takes the database or a transaction; coupons are
 * scoped by merchant, customers' coupons by merchant and customer.
 */
export type CouponRow = Selectable<CouponTable>;
export type CustomerCouponRow = Selectable<CustomerCouponTable>;

/** Stored status of a customer's coupon; 已过期 is Unused with valid_ends_at passed. */
export const StoredCouponStatus = { Unused: 0, Used: 1 } as const;

/** Which of a customer's coupons to list (undefined = no condition). */
export interface ReceivedFilter {
  isUsed?: boolean;
  isExpired?: boolean;
}

// ---- coupons ----

/** A coupon customers may receive: the merchant's, active and public. */
export async function findReceivableCoupon(
  db: Db,
  merchantId: number,
  id: number,
): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .where('is_public', '=', 1)
    .executeTakeFirst();
}

export async function findCouponsByIds(
  db: Db,
  merchantId: number,
  ids: readonly number[],
): Promise<CouponRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Takes one from the stock if any is left; returns false when none was. Never goes below zero. */
export async function takeCouponStock(db: Db, couponId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ remaining_stock: eb('remaining_stock', '-', 1), updated_at: now }))
    .where('id', '=', couponId)
    .where('remaining_stock', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertCoupon(db: Db, row: Insertable<CouponTable>): Promise<number> {
  const inserted = await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function hasCoupons(db: Db, merchantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('coupons')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Conditions of a coupon this customer can receive now. */
function receivable(db: Db, merchantId: number, customerId: number, now: number) {
  return db
    .selectFrom('coupons as c')
    .where('c.merchant_id', '=', merchantId)
    .where('c.is_active', '=', 1)
    .where('c.is_public', '=', 1)
    .where('c.receive_starts_at', '<=', now)
    .where('c.receive_ends_at', '>', now)
    .where('c.valid_ends_at', '>', now)
    .where('c.remaining_stock', '>', 0)
    .where((eb) =>
      eb(
        eb
          .selectFrom('customer_coupons as cc')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('cc.coupon_id', '=', 'c.id')
          .where('cc.customer_id', '=', customerId),
        '<',
        eb.ref('c.per_customer_limit'),
      ),
    );
}

/** A page of the coupons the customer can receive now, with how many they already hold of each. */
export async function listReceivableCoupons(
  db: Db,
  owner: CustomerScope,
  now: number,
  page: { offset: number; limit: number },
): Promise<(CouponRow & { received_count: number })[]> {
  const rows = await receivable(db, owner.merchantId, owner.customerId, now)
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('customer_coupons as cc')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('cc.coupon_id', '=', 'c.id')
        .where('cc.customer_id', '=', owner.customerId)
        .as('received_count'),
    )
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, received_count: Number(row.received_count ?? 0) }));
}

export async function countReceivableCoupons(db: Db, owner: CustomerScope, now: number): Promise<number> {
  const row = await receivable(db, owner.merchantId, owner.customerId, now)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- customers' coupons ----

export async function countCustomerCopies(db: Db, couponId: number, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_coupons')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('coupon_id', '=', couponId)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCustomerCoupon(db: Db, row: Insertable<CustomerCouponTable>): Promise<number> {
  const inserted = await db
    .insertInto('customer_coupons')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findCustomerCoupon(
  db: Db,
  owner: CustomerScope,
  id: number,
): Promise<CustomerCouponRow | undefined> {
  return db
    .selectFrom('customer_coupons')
    .selectAll()
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

function owned(db: Db, owner: CustomerScope, filter: ReceivedFilter, now: number) {
  let query = db
    .selectFrom('customer_coupons')
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId);
  if (filter.isUsed !== undefined) {
    query = query.where('status', '=', filter.isUsed ? StoredCouponStatus.Used : StoredCouponStatus.Unused);
  }
  if (filter.isExpired === true) {
    query = query.where('status', '=', StoredCouponStatus.Unused).where('valid_ends_at', '<=', now);
  } else if (filter.isExpired === false) {
    query = query.where((eb) =>
      eb.or([eb('status', '=', StoredCouponStatus.Used), eb('valid_ends_at', '>', now)]),
    );
  }
  return query;
}

/**
 * A page of the customer's coupons: usable ones first (expiring soonest first), then used, then
 * expired (newest first).
 */
export async function listCustomerCoupons(
  db: Db,
  owner: CustomerScope,
  filter: ReceivedFilter,
  now: number,
  page: { offset: number; limit: number },
): Promise<CustomerCouponRow[]> {
  return owned(db, owner, filter, now)
    .selectAll()
    .orderBy(sql`case when status = 1 then 1 when valid_ends_at <= ${now} then 2 else 0 end`)
    .orderBy(sql`case when status = 0 and valid_ends_at > ${now} then valid_ends_at else 0 end`)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countCustomerCoupons(
  db: Db,
  owner: CustomerScope,
  filter: ReceivedFilter,
  now: number,
): Promise<number> {
  const row = await owned(db, owner, filter, now)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of the customer's coupons are unused, used and expired. */
export async function countCustomerCouponsByState(
  db: Db,
  owner: CustomerScope,
  now: number,
): Promise<{ unused: number; used: number; expired: number }> {
  const row = await db
    .selectFrom('customer_coupons')
    .select([
      sql<string | number | null>`sum(case when status = 0 and valid_ends_at > ${now} then 1 else 0 end)`.as(
        'unused',
      ),
      sql<string | number | null>`sum(case when status = 1 then 1 else 0 end)`.as('used'),
      sql<string | number | null>`sum(case when status = 0 and valid_ends_at <= ${now} then 1 else 0 end)`.as(
        'expired',
      ),
    ])
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirstOrThrow();
  return { unused: Number(row.unused ?? 0), used: Number(row.used ?? 0), expired: Number(row.expired ?? 0) };
}

/** The customer's coupons that can still be used at `now` (unused, inside their window). */
export async function listUsableCustomerCoupons(
  db: Db,
  owner: CustomerScope,
  now: number,
): Promise<CustomerCouponRow[]> {
  return db
    .selectFrom('customer_coupons')
    .selectAll()
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('status', '=', StoredCouponStatus.Unused)
    .where('valid_starts_at', '<=', now)
    .where('valid_ends_at', '>', now)
    .orderBy('valid_ends_at')
    .orderBy('id')
    .execute();
}

/**
 * Marks a customer's coupon used by an order if it is still unused and inside its window —
 * one conditional update, so two orders racing for one coupon cannot both get it.
 * Returns false when the coupon was not available.
 */
export async function markCustomerCouponUsed(
  db: Db,
  owner: CustomerScope,
  id: number,
  use: { orderId: number; discountFen: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('customer_coupons')
    .set({
      status: StoredCouponStatus.Used,
      used_order_id: use.orderId,
      used_at: use.now,
      discount_fen: use.discountFen,
    })
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .where('status', '=', StoredCouponStatus.Unused)
    .where('valid_starts_at', '<=', use.now)
    .where('valid_ends_at', '>', use.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the coupons an order used; returns how many. */
export async function releaseCustomerCouponsOfOrder(
  db: Db,
  merchantId: number,
  orderId: number,
): Promise<number> {
  const result = await db
    .updateTable('customer_coupons')
    .set({ status: StoredCouponStatus.Unused, used_order_id: null, used_at: null, discount_fen: 0 })
    .where('merchant_id', '=', merchantId)
    .where('used_order_id', '=', orderId)
    .where('status', '=', StoredCouponStatus.Used)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
