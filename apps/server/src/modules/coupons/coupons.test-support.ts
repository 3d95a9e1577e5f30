import type { Insertable } from 'kysely';
import type { CouponTable } from '../../db/schema.ts';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertCoupon } from './coupons.repository.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

let serial = 0;

/**
 * A coupon of the merchant, receivable and valid from an hour before the server's clock for 30
 * days: 减10元, no threshold, all products, one per customer, 100 in stock — unless overridden.
 */
export async function createCoupon(
  server: TestServer,
  merchant: 'demo' | 'maple',
  overrides: Partial<Insertable<CouponTable>> = {},
): Promise<number> {
  serial += 1;
  const now = server.clock.now();
  const totalStock = overrides.total_stock ?? 100;
  return insertCoupon(server.context.db, {
    merchant_id: await merchantIdOf(server, merchant),
    code: `TEST-${serial}`,
    name: `测试券${serial}`,
    description: '测试用',
    discount_type: 'amount',
    amount_off_fen: 1000,
    threshold_fen: 0,
    receive_starts_at: now - HOUR_MS,
    receive_ends_at: now + 30 * DAY_MS,
    valid_starts_at: now - HOUR_MS,
    valid_ends_at: now + 30 * DAY_MS,
    per_customer_limit: 1,
    total_stock: totalStock,
    remaining_stock: totalStock,
    created_at: now,
    updated_at: now,
    ...overrides,
  });
}

/** A coupon's stock as stored. */
export async function stockOf(server: TestServer, couponId: number): Promise<number> {
  const row = await server.context.db
    .selectFrom('coupons')
    .select('remaining_stock')
    .where('id', '=', couponId)
    .executeTakeFirstOrThrow();
  return row.remaining_stock;
}

/** How many copies of a coupon customers hold. */
export async function copiesOf(server: TestServer, couponId: number): Promise<number> {
  const rows = await server.context.db
    .selectFrom('customer_coupons')
    .select('id')
    .where('coupon_id', '=', couponId)
    .execute();
  return rows.length;
}
