import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CouponTable } from '../../db/schema.ts';
import { hasCoupons, insertCoupon } from './coupons.repository.ts';

const DAY_MS = 86_400_000;

type DemoCoupon = Omit<
  Insertable<CouponTable>,
  | 'merchant_id'
  | 'receive_starts_at'
  | 'receive_ends_at'
  | 'valid_starts_at'
  | 'valid_ends_at'
  | 'remaining_stock'
  | 'created_at'
  | 'updated_at'
>;

/**
 * The demo merchants' coupons (docs/addresses-express-coupons.md). Scopes name the demo
 * catalogues' ids: 墨砚快印 category 100 名片卡片 and product 2002 海报; 红枫图文 product 9201
 * 条幅 and category 20 广告制作.
 */
const DEMO_COUPONS: Record<'demo' | 'maple', readonly DemoCoupon[]> = {
  demo: [
    {
      code: 'FULL200-20',
      name: '满200减20',
      description: '全场通用，订单满200元立减20元；每人限领2张。',
      discount_type: 'amount',
      amount_off_fen: 2000,
      threshold_fen: 20_000,
      per_customer_limit: 2,
      total_stock: 1000,
    },
    {
      code: 'OFF10-MAX50',
      name: '9折券',
      description: '全场满100元享9折，最高减50元；领取后30天内有效。',
      discount_type: 'percent',
      pay_percent: 90,
      max_discount_fen: 5000,
      threshold_fen: 10_000,
      valid_days: 30,
      per_customer_limit: 1,
      total_stock: 500,
    },
    {
      code: 'CARD-15',
      name: '名片专享券',
      description: '名片卡片类商品满100元减15元；领取后15天内有效。',
      discount_type: 'amount',
      amount_off_fen: 1500,
      threshold_fen: 10_000,
      scope_type: 'categories',
      scope_ids: '100',
      valid_days: 15,
      per_customer_limit: 3,
      total_stock: 300,
    },
    {
      code: 'POSTER-88',
      name: '海报8.8折',
      description: '海报满50元享8.8折，最高减30元。',
      discount_type: 'percent',
      pay_percent: 88,
      max_discount_fen: 3000,
      threshold_fen: 5000,
      scope_type: 'products',
      scope_ids: '2002',
      per_customer_limit: 1,
      total_stock: 100,
    },
    {
      code: 'WELCOME-10',
      name: '新客立减10元',
      description: '无门槛立减10元，领取后7天内有效。',
      discount_type: 'amount',
      amount_off_fen: 1000,
      threshold_fen: 0,
      valid_days: 7,
      per_customer_limit: 1,
      total_stock: 200,
    },
  ],
  maple: [
    {
      code: 'FULL300-30',
      name: '满300减30',
      description: '全场通用，订单满300元立减30元；每人限领2张。',
      discount_type: 'amount',
      amount_off_fen: 3000,
      threshold_fen: 30_000,
      per_customer_limit: 2,
      total_stock: 500,
    },
    {
      code: 'BANNER-90',
      name: '条幅专享9折',
      description: '条幅享9折，最高减20元；领取后30天内有效。',
      discount_type: 'percent',
      pay_percent: 90,
      max_discount_fen: 2000,
      threshold_fen: 0,
      scope_type: 'products',
      scope_ids: '9201',
      valid_days: 30,
      per_customer_limit: 1,
      total_stock: 200,
    },
    {
      code: 'ADS-150-20',
      name: '广告制作满150减20',
      description: '条幅、KT板展板等广告制作类商品满150元减20元。',
      discount_type: 'amount',
      amount_off_fen: 2000,
      threshold_fen: 15_000,
      scope_type: 'categories',
      scope_ids: '20',
      per_customer_limit: 1,
      total_stock: 100,
    },
  ],
};

/**
 * Gives each demo merchant that exists and has no coupon yet its demo coupons, receivable from a
 * day before `now` for a year. Returns the codes that got them.
 */
export async function seedDemoCoupons(db: Db, now: number): Promise<string[]> {
  const seeded: string[] = [];
  for (const [code, coupons] of Object.entries(DEMO_COUPONS)) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!merchant || (await hasCoupons(db, merchant.id))) continue;
    const startsAt = now - DAY_MS;
    const endsAt = now + 365 * DAY_MS;
    await db.transaction().execute(async (trx) => {
      for (const [index, coupon] of coupons.entries()) {
        await insertCoupon(trx, {
          ...coupon,
          merchant_id: merchant.id,
          receive_starts_at: startsAt,
          receive_ends_at: endsAt,
          valid_starts_at: startsAt,
          valid_ends_at: endsAt,
          remaining_stock: coupon.total_stock,
          sort_order: (index + 1) * 10,
          created_at: now,
          updated_at: now,
        });
      }
    });
    seeded.push(code);
  }
  return seeded;
}
