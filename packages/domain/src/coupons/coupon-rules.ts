/**
 * Coupon (优惠券) rules: the discount a coupon gives and whether it applies to an order or a
 * product, with the Chinese reason when it does not (spec §3 coupon, §7 Coupons;
 * docs/addresses-express-coupons.md). Pure: `now` is an argument; money is integer fen.
 */
import { CHINA_OFFSET_MS } from '../china-time.ts';

/** 满减 (amount off) or 折扣 (pay a percentage, optionally capped). */
export const CouponDiscountType = { Amount: 'amount', Percent: 'percent' } as const;
export type CouponDiscountType = (typeof CouponDiscountType)[keyof typeof CouponDiscountType];

/** Which order lines a coupon counts: all, listed products, or products under listed categories. */
export const CouponScopeType = { All: 'all', Products: 'products', Categories: 'categories' } as const;
export type CouponScopeType = (typeof CouponScopeType)[keyof typeof CouponScopeType];

/** Why a coupon does not apply (the Chinese sentence is in `reason`). */
export const CouponRefusal = {
  NotStarted: 'not-started',
  Expired: 'expired',
  Scope: 'scope',
  Threshold: 'threshold',
} as const;
export type CouponRefusal = (typeof CouponRefusal)[keyof typeof CouponRefusal];

/** What a coupon promises. */
export interface CouponTerms {
  discountType: CouponDiscountType;
  /** Amount coupons: fen taken off. */
  amountOffFen: number;
  /** Percent coupons: the percentage paid, 1–99 (90 = 9折, 85 = 8.5折). */
  payPercent: number;
  /** Percent coupons: the most taken off, in fen; null = no cap. */
  maxDiscountFen: number | null;
  /** 满…可用: the counted amount must reach this (fen); 0 = no threshold (无门槛). */
  thresholdFen: number;
  scopeType: CouponScopeType;
  /** Product ids or category ids, by `scopeType`; empty for `all`. */
  scopeIds: readonly number[];
  /** How the scope reads to a customer, e.g. `名片卡片`; used in reasons. Empty = `指定商品`. */
  scopeLabel?: string;
}

/** One order line as a coupon sees it. */
export interface CouponLine {
  productId: number;
  /** The product's category and every category above it. */
  categoryIds: readonly number[];
  /** The line's amount in fen; null when not known yet (a product page before pricing). */
  amountFen: number | null;
}

/** What a coupon is judged against. */
export interface CouponContext {
  /** Epoch milliseconds. */
  now: number;
  /** When the coupon may be used: `validStartsAt ≤ now < validEndsAt`. */
  validStartsAt: number;
  validEndsAt: number;
  /** The order's payable amount in fen; null/undefined = not known (no threshold check). */
  paymentAmountFen?: number | null;
  /** The lines (or the one product) being bought; empty/undefined = not known (no scope check). */
  lines?: readonly CouponLine[];
}

/** Outcome of {@link evaluateCoupon}. */
export type CouponEvaluation =
  | {
      ok: true;
      /** Fen taken off; null when the counted amount is not known. */
      discountFen: number | null;
      /** The amount the coupon counted (the in-scope lines, or the payment); null when unknown. */
      countedAmountFen: number | null;
    }
  | { ok: false; refusal: CouponRefusal; reason: string };

/** Fen as yuan for Chinese texts (`减20元`, `还差35.50元`): `20`, `35.50`, `1234.05`; no sign or separators. */
export function formatYuanText(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const cents = fen - yuan * 100;
  return cents === 0 ? String(yuan) : `${yuan}.${cents < 10 ? '0' : ''}${cents}`;
}

/** `90` → `9`, `85` → `8.5`: the 折 number of a pay percentage. */
function formatZhe(payPercent: number): string {
  return payPercent % 10 === 0
    ? String(payPercent / 10)
    : `${Math.floor(payPercent / 10)}.${payPercent % 10}`;
}

/** `YYYY-MM-DD HH:mm` in China time. */
export function formatChinaDateTime(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The fen a coupon takes off an amount it counts: amount coupons `min(amountOffFen, amount)`;
 * percent coupons `floor(amount × (100 − payPercent) / 100)` (rounded down, in the merchant's
 * favour, so the discount never exceeds the stated rate), capped by `maxDiscountFen`.
 * Never more than the amount, never negative. The threshold is not checked here.
 */
export function calculateCouponDiscount(terms: CouponTerms, amountFen: number): number {
  if (amountFen <= 0) return 0;
  if (terms.discountType === CouponDiscountType.Amount) return Math.min(terms.amountOffFen, amountFen);
  const offPercent = 100 - terms.payPercent;
  const product = amountFen * offPercent;
  const raw = Number.isSafeInteger(product)
    ? Math.floor(product / 100)
    : Number((BigInt(amountFen) * BigInt(offPercent)) / 100n);
  const capped = terms.maxDiscountFen === null ? raw : Math.min(raw, terms.maxDiscountFen);
  return Math.max(0, Math.min(capped, amountFen));
}

/** `减20元`, `9折`, `8.5折，最高减50元`. */
export function describeCouponDiscount(terms: CouponTerms): string {
  if (terms.discountType === CouponDiscountType.Amount) return `减${formatYuanText(terms.amountOffFen)}元`;
  const zhe = `${formatZhe(terms.payPercent)}折`;
  return terms.maxDiscountFen === null ? zhe : `${zhe}，最高减${formatYuanText(terms.maxDiscountFen)}元`;
}

/** `满200元可用` or `无门槛`. */
export function describeCouponThreshold(terms: CouponTerms): string {
  return terms.thresholdFen > 0 ? `满${formatYuanText(terms.thresholdFen)}元可用` : '无门槛';
}

/** `全部商品可用`, `仅限名片卡片可用`. */
export function describeCouponScope(terms: CouponTerms): string {
  if (terms.scopeType === CouponScopeType.All) return '全部商品可用';
  return `仅限${terms.scopeLabel || '指定商品'}可用`;
}

/** True when the line falls in the coupon's scope. */
export function isLineInCouponScope(terms: CouponTerms, line: Pick<CouponLine, 'productId' | 'categoryIds'>) {
  switch (terms.scopeType) {
    case CouponScopeType.All:
      return true;
    case CouponScopeType.Products:
      return terms.scopeIds.includes(line.productId);
    case CouponScopeType.Categories:
      return line.categoryIds.some((id) => terms.scopeIds.includes(id));
  }
}

/**
 * Whether a coupon applies now, to these lines and this payment, and how much it takes off.
 * Checks in order: validity window, scope (only when lines are given), threshold (only when
 * the counted amount is known). The counted amount is the payment for an all-products coupon
 * (or the lines' sum when no payment is given) and the in-scope lines' sum for a scoped one.
 */
export function evaluateCoupon(terms: CouponTerms, context: CouponContext): CouponEvaluation {
  if (context.now < context.validStartsAt) {
    return {
      ok: false,
      refusal: CouponRefusal.NotStarted,
      reason: `优惠券尚未生效，${formatChinaDateTime(context.validStartsAt)} 起可用`,
    };
  }
  if (context.now >= context.validEndsAt) {
    return { ok: false, refusal: CouponRefusal.Expired, reason: '优惠券已过期' };
  }
  const lines = context.lines ?? [];
  const payment = context.paymentAmountFen ?? null;
  let counted: number | null;
  if (terms.scopeType === CouponScopeType.All) {
    counted =
      payment ??
      (lines.length > 0 && lines.every((line) => line.amountFen !== null)
        ? lines.reduce((sum, line) => sum + (line.amountFen ?? 0), 0)
        : null);
  } else if (lines.length === 0) {
    counted = payment;
  } else {
    const inScope = lines.filter((line) => isLineInCouponScope(terms, line));
    if (inScope.length === 0) {
      return {
        ok: false,
        refusal: CouponRefusal.Scope,
        reason: `${describeCouponScope(terms)}，当前商品不可用`,
      };
    }
    counted = inScope.every((line) => line.amountFen !== null)
      ? inScope.reduce((sum, line) => sum + (line.amountFen ?? 0), 0)
      : null;
    // The one product of a product page: its amount is the payment.
    if (counted === null && lines.length === 1 && payment !== null) counted = payment;
  }
  if (counted !== null && counted < terms.thresholdFen) {
    const subject = terms.scopeType === CouponScopeType.All ? '订单金额' : '适用商品金额';
    return {
      ok: false,
      refusal: CouponRefusal.Threshold,
      reason: `${subject}满${formatYuanText(terms.thresholdFen)}元可用，还差${formatYuanText(
        terms.thresholdFen - counted,
      )}元`,
    };
  }
  return {
    ok: true,
    discountFen: counted === null ? null : calculateCouponDiscount(terms, counted),
    countedAmountFen: counted,
  };
}
