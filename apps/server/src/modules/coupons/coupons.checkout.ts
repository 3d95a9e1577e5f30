/**
 * Coupons at checkout (docs/addresses-express-coupons.md, "Checkout"): which of the customer's
 * coupons fit an order, and using one inside the order's transaction so that it is used once
 * even when two orders race for it. Money is integer fen; the amounts are the server's own prices.
 */
import {
  describeCouponDiscount,
  describeCouponScope,
  describeCouponThreshold,
  evaluateCoupon,
  type CouponLine,
} from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogStore } from '../products/index.ts';
import { EMPTY_COUPON_CATALOG, couponCatalogSource, type CouponCatalog } from './coupon-catalog.ts';
import { toCouponTerms } from './coupons.mapper.ts';
import {
  StoredCouponStatus,
  findCouponsByIds,
  findCustomerCoupon,
  listUsableCustomerCoupons,
  markCustomerCouponUsed,
  releaseCustomerCouponsOfOrder,
} from './coupons.repository.ts';

/** One line of the order being placed. */
export interface CouponCheckoutLine {
  productId: number;
  /** The line's amount in fen, as the server priced it. */
  amountFen: number;
  /** The product's category and the ones above it; looked up in `catalog` when left out. */
  categoryIds?: readonly number[];
}

/** The order a coupon is judged against. */
export interface CouponCheckout {
  merchantId: number;
  customerId: number;
  lines: readonly CouponCheckoutLine[];
  /** The goods amount an all-products coupon counts (fen, without shipping); default: the lines' sum. */
  goodsAmountFen?: number;
  /** Epoch milliseconds. */
  now: number;
  /** The merchant's catalogue view (see {@link loadCouponCatalog}); without it category scopes match nothing. */
  catalog?: CouponCatalog;
}

/** One of the customer's usable coupons, judged against an order. */
export interface CouponOption {
  /** The customer's coupon id (what addorder's CouponId names). */
  customerCouponId: number;
  couponId: number;
  name: string;
  isApplicable: boolean;
  /** Why it does not fit (Chinese); '' when it does. */
  reason: string;
  /** Fen it takes off this order; 0 when it does not fit. */
  discountFen: number;
  discountText: string;
  thresholdText: string;
  scopeText: string;
  /** Epoch milliseconds the coupon stops being usable. */
  validEndsAt: number;
}

/** A coupon now used by an order. */
export interface CouponUse {
  customerCouponId: number;
  couponId: number;
  name: string;
  discountFen: number;
}

/** The coupon view of a merchant's current catalogue, from the products module's store. */
export async function loadCouponCatalog(
  store: CatalogStore | null,
  merchantId: number,
): Promise<CouponCatalog> {
  return couponCatalogSource(() => store)(merchantId);
}

function couponLinesOf(checkout: CouponCheckout): CouponLine[] {
  const catalog = checkout.catalog ?? EMPTY_COUPON_CATALOG;
  return checkout.lines.map((line) => ({
    productId: line.productId,
    categoryIds: line.categoryIds ?? catalog.categoryIdsOf(line.productId),
    amountFen: line.amountFen,
  }));
}

function goodsAmountOf(checkout: CouponCheckout): number {
  return checkout.goodsAmountFen ?? checkout.lines.reduce((sum, line) => sum + line.amountFen, 0);
}

/**
 * The customer's coupons that can be used now (unused, inside their validity), each judged
 * against the order: the ones that fit first, largest discount first, then the ones that do not
 * with their reason. Pass the result's first applicable option as the suggested coupon.
 */
export async function findApplicableCoupons(db: Db, checkout: CouponCheckout): Promise<CouponOption[]> {
  const owner = { merchantId: checkout.merchantId, customerId: checkout.customerId };
  const copies = await listUsableCustomerCoupons(db, owner, checkout.now);
  const coupons = new Map(
    (
      await findCouponsByIds(
        db,
        checkout.merchantId,
        copies.map((copy) => copy.coupon_id),
      )
    ).map((c) => [c.id, c]),
  );
  const lines = couponLinesOf(checkout);
  const goods = goodsAmountOf(checkout);
  const options = copies.map((copy): CouponOption => {
    const coupon = coupons.get(copy.coupon_id)!;
    const terms = toCouponTerms(coupon, checkout.catalog ?? EMPTY_COUPON_CATALOG);
    const evaluation = evaluateCoupon(terms, {
      now: checkout.now,
      validStartsAt: copy.valid_starts_at,
      validEndsAt: copy.valid_ends_at,
      paymentAmountFen: goods,
      lines,
    });
    return {
      customerCouponId: copy.id,
      couponId: coupon.id,
      name: coupon.name,
      isApplicable: evaluation.ok,
      reason: evaluation.ok ? '' : evaluation.reason,
      discountFen: evaluation.ok ? (evaluation.discountFen ?? 0) : 0,
      discountText: describeCouponDiscount(terms),
      thresholdText: describeCouponThreshold(terms),
      scopeText: describeCouponScope(terms),
      validEndsAt: copy.valid_ends_at,
    };
  });
  return options.sort(
    (a, b) =>
      Number(b.isApplicable) - Number(a.isApplicable) ||
      b.discountFen - a.discountFen ||
      a.validEndsAt - b.validEndsAt ||
      a.customerCouponId - b.customerCouponId,
  );
}

/**
 * Uses one of the customer's coupons for an order, inside the order's transaction `trx` (the
 * order row exists, so its id is known). Judges the coupon against the order, then marks it used
 * with one conditional update: of two orders racing for one coupon exactly one gets it, and the
 * other's transaction should roll back on the error.
 * @returns the discount to take off the order, in fen.
 * @throws AppError CouponNotFound (not the customer's), CouponUnavailable (used, expired, or
 *   taken meanwhile), CouponNotApplicable (the order does not meet its conditions; the message
 *   is the reason).
 */
export async function reserveCouponUse(
  trx: Db,
  checkout: CouponCheckout & { customerCouponId: number; orderId: number },
): Promise<CouponUse> {
  const owner = { merchantId: checkout.merchantId, customerId: checkout.customerId };
  const copy = await findCustomerCoupon(trx, owner, checkout.customerCouponId);
  if (!copy) throw new AppError('CouponNotFound');
  if (copy.status === StoredCouponStatus.Used) throw new AppError('CouponUnavailable', '优惠券已使用');
  if (copy.valid_ends_at <= checkout.now) throw new AppError('CouponUnavailable', '优惠券已过期');
  const [coupon] = await findCouponsByIds(trx, checkout.merchantId, [copy.coupon_id]);
  if (!coupon) throw new AppError('CouponNotFound');
  const terms = toCouponTerms(coupon, checkout.catalog ?? EMPTY_COUPON_CATALOG);
  const evaluation = evaluateCoupon(terms, {
    now: checkout.now,
    validStartsAt: copy.valid_starts_at,
    validEndsAt: copy.valid_ends_at,
    paymentAmountFen: goodsAmountOf(checkout),
    lines: couponLinesOf(checkout),
  });
  if (!evaluation.ok) throw new AppError('CouponNotApplicable', evaluation.reason);
  const discountFen = evaluation.discountFen ?? 0;
  const isMarked = await markCustomerCouponUsed(trx, owner, copy.id, {
    orderId: checkout.orderId,
    discountFen,
    now: checkout.now,
  });
  if (!isMarked) throw new AppError('CouponUnavailable');
  return { customerCouponId: copy.id, couponId: coupon.id, name: coupon.name, discountFen };
}

/**
 * Gives back the coupon an order used (the order was cancelled before payment). Call it inside
 * the cancelling transaction. A coupon whose validity has passed comes back as 已过期.
 * @returns how many coupons were given back (0 or 1).
 */
export async function releaseCouponUse(
  trx: Db,
  release: { merchantId: number; orderId: number },
): Promise<number> {
  return releaseCustomerCouponsOfOrder(trx, release.merchantId, release.orderId);
}
