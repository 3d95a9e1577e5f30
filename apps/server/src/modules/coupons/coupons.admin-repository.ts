import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CouponTable } from '../../db/schema.ts';
import { StoredCouponStatus, type CouponRow } from './coupons.repository.ts';

/** The console's queries on coupons (营销); each scoped by merchant, each takes a transaction. */

/** What became of a coupon's copies. */
export interface CouponUsage {
  received: number;
  used: number;
  discountedFen: number;
}

/** Every coupon of the merchant in display order. */
export async function listMerchantCoupons(db: Db, merchantId: number): Promise<CouponRow[]> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('id', 'desc')
    .execute();
}

export async function findMerchantCoupon(
  db: Db,
  merchantId: number,
  id: number,
): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Received, used and discounted per coupon of the merchant (coupons nobody holds are absent). */
export async function couponUsage(
  db: Db,
  merchantId: number,
  couponIds?: readonly number[],
): Promise<Map<number, CouponUsage>> {
  let query = db
    .selectFrom('customer_coupons')
    .select([
      'coupon_id',
      (eb) => eb.fn.countAll<number | string>().as('received'),
      sql<number | string | null>`sum(case when status = ${StoredCouponStatus.Used} then 1 else 0 end)`.as(
        'used',
      ),
      sql<
        number | string | null
      >`sum(case when status = ${StoredCouponStatus.Used} then discount_fen else 0 end)`.as('discounted'),
    ])
    .where('merchant_id', '=', merchantId)
    .groupBy('coupon_id');
  if (couponIds) {
    if (couponIds.length === 0) return new Map();
    query = query.where('coupon_id', 'in', [...couponIds]);
  }
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.coupon_id,
      {
        received: Number(row.received),
        used: Number(row.used ?? 0),
        discountedFen: Number(row.discounted ?? 0),
      },
    ]),
  );
}

/**
 * Writes a staff edit when the stored revision is still `revision`, raising it. `totalStock`
 * moves the remaining stock by the same amount and is refused (no row) below what was issued;
 * `requireNoneIssued` refuses (no row) once any copy was received. One statement, so a customer
 * receiving at the same moment either came before it (and is counted) or after it.
 */
export async function updateCouponTerms(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  change: Omit<Updateable<CouponTable>, 'total_stock' | 'remaining_stock' | 'revision'>,
  totalStock: number,
  requireNoneIssued: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('coupons')
    .set((eb) => ({
      ...change,
      total_stock: totalStock,
      remaining_stock: sql<number>`remaining_stock + ${totalStock} - total_stock`,
      revision: eb('revision', '+', 1),
    }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where(sql<boolean>`total_stock - remaining_stock <= ${totalStock}`);
  if (requireNoneIssued) query = query.where(sql<boolean>`remaining_stock = total_stock`);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Switches receiving on or off when the stored revision is still `revision`. */
export async function updateCouponActive(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  isActive: boolean,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ is_active: isActive ? 1 : 0, updated_at: now, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves the end of the unused copies that ended with the coupon's old end (`oldEndsAt`) to the
 * new one; copies valid for `validDays` from receipt end at receipt + days when that comes first.
 */
export async function extendHeldCopies(
  db: Db,
  couponId: number,
  oldEndsAt: number,
  newEndsAt: number,
  validDays: number | null,
): Promise<void> {
  const held = () =>
    db
      .updateTable('customer_coupons')
      .where('coupon_id', '=', couponId)
      .where('status', '=', StoredCouponStatus.Unused)
      .where('valid_ends_at', '=', oldEndsAt);
  if (validDays === null) {
    await held().set({ valid_ends_at: newEndsAt }).execute();
    return;
  }
  const spanMs = validDays * 86_400_000;
  await held()
    .where(sql<boolean>`received_at + ${spanMs} >= ${newEndsAt}`)
    .set({ valid_ends_at: newEndsAt })
    .execute();
  await held()
    .where(sql<boolean>`received_at + ${spanMs} < ${newEndsAt}`)
    .set({ valid_ends_at: sql<number>`received_at + ${spanMs}` })
    .execute();
}
