import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateCouponDiscount,
  describeCouponDiscount,
  describeCouponScope,
  describeCouponThreshold,
  evaluateCoupon,
  formatChinaDateTime,
  formatYuanText,
  type CouponTerms,
} from './coupon-rules.ts';

const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const DAY = 86_400_000;
const window = { now: NOW, validStartsAt: NOW - DAY, validEndsAt: NOW + 30 * DAY };

/** 满200减20 */
const fullReduction: CouponTerms = {
  discountType: 'amount',
  amountOffFen: 2000,
  payPercent: 100,
  maxDiscountFen: null,
  thresholdFen: 20_000,
  scopeType: 'all',
  scopeIds: [],
};
/** 9折最高减50 */
const tenPercentOff: CouponTerms = {
  discountType: 'percent',
  amountOffFen: 0,
  payPercent: 90,
  maxDiscountFen: 5000,
  thresholdFen: 0,
  scopeType: 'all',
  scopeIds: [],
};
/** 名片专享: 满100减15, only under category 100 (名片卡片) */
const businessCards: CouponTerms = {
  discountType: 'amount',
  amountOffFen: 1500,
  payPercent: 100,
  maxDiscountFen: null,
  thresholdFen: 10_000,
  scopeType: 'categories',
  scopeIds: [100],
  scopeLabel: '名片卡片',
};

const cardLine = (amountFen: number | null) => ({ productId: 1001, categoryIds: [111, 110, 100], amountFen });
const flyerLine = (amountFen: number | null) => ({ productId: 2001, categoryIds: [210, 200], amountFen });

describe('calculateCouponDiscount', () => {
  it.each([
    [fullReduction, 20_000, 2000],
    [fullReduction, 1500, 1500],
    [tenPercentOff, 19_999, 1999],
    [tenPercentOff, 10_005, 1000],
    [tenPercentOff, 50_000, 5000],
    [tenPercentOff, 99_999_999, 5000],
    [{ ...tenPercentOff, payPercent: 85, maxDiscountFen: null }, 33_333, 4999],
    [tenPercentOff, 0, 0],
  ] as const)('takes off the right fen (%#)', (terms, amount, discount) => {
    expect(calculateCouponDiscount(terms, amount)).toBe(discount);
  });

  it('never takes off more than the amount or less than nothing, and never more than the rate', () => {
    fc.assert(
      fc.property(
        fc.record({
          discountType: fc.constantFrom('amount' as const, 'percent' as const),
          amountOffFen: fc.nat({ max: 1_000_000 }),
          payPercent: fc.integer({ min: 1, max: 99 }),
          maxDiscountFen: fc.option(fc.nat({ max: 1_000_000 }), { nil: null }),
          thresholdFen: fc.constant(0),
          scopeType: fc.constant('all' as const),
          scopeIds: fc.constant([]),
        }),
        fc.maxSafeNat(),
        (terms, amount) => {
          const discount = calculateCouponDiscount(terms, amount);
          expect(Number.isSafeInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(amount);
          if (terms.discountType === 'percent') {
            expect(BigInt(discount) * 100n).toBeLessThanOrEqual(
              BigInt(amount) * BigInt(100 - terms.payPercent),
            );
          }
        },
      ),
    );
  });
});

describe('texts', () => {
  it('describes discount, threshold and scope in Chinese', () => {
    expect(describeCouponDiscount(fullReduction)).toBe('减20元');
    expect(describeCouponDiscount(tenPercentOff)).toBe('9折，最高减50元');
    expect(describeCouponDiscount({ ...tenPercentOff, payPercent: 85, maxDiscountFen: null })).toBe('8.5折');
    expect(describeCouponThreshold(fullReduction)).toBe('满200元可用');
    expect(describeCouponThreshold(tenPercentOff)).toBe('无门槛');
    expect(describeCouponScope(fullReduction)).toBe('全部商品可用');
    expect(describeCouponScope(businessCards)).toBe('仅限名片卡片可用');
    expect(describeCouponScope({ ...businessCards, scopeLabel: '' })).toBe('仅限指定商品可用');
    expect(formatYuanText(3550)).toBe('35.50');
    expect(formatYuanText(105)).toBe('1.05');
    expect(formatChinaDateTime(Date.UTC(2026, 11, 31, 16, 0))).toBe('2027-01-01 00:00');
  });
});

describe('evaluateCoupon', () => {
  it('applies 满200减20 at 200 yuan and says how much is missing below it', () => {
    expect(evaluateCoupon(fullReduction, { ...window, paymentAmountFen: 20_000 })).toEqual({
      ok: true,
      discountFen: 2000,
      countedAmountFen: 20_000,
    });
    expect(evaluateCoupon(fullReduction, { ...window, paymentAmountFen: 16_450 })).toEqual({
      ok: false,
      refusal: 'threshold',
      reason: '订单金额满200元可用，还差35.50元',
    });
  });

  it('does not judge the threshold when no amount is known', () => {
    expect(evaluateCoupon(fullReduction, window)).toEqual({
      ok: true,
      discountFen: null,
      countedAmountFen: null,
    });
  });

  it('refuses outside the validity window with the start time or 已过期', () => {
    expect(evaluateCoupon(tenPercentOff, { ...window, validStartsAt: NOW + DAY })).toEqual({
      ok: false,
      refusal: 'not-started',
      reason: '优惠券尚未生效，2026-11-22 10:00 起可用',
    });
    expect(evaluateCoupon(tenPercentOff, { ...window, validEndsAt: NOW })).toMatchObject({
      ok: false,
      refusal: 'expired',
      reason: '优惠券已过期',
    });
    expect(evaluateCoupon(tenPercentOff, { ...window, validStartsAt: NOW }).ok).toBe(true);
  });

  it('counts only the lines in scope for a scoped coupon', () => {
    expect(
      evaluateCoupon(businessCards, { ...window, paymentAmountFen: 50_000, lines: [flyerLine(50_000)] }),
    ).toEqual({ ok: false, refusal: 'scope', reason: '仅限名片卡片可用，当前商品不可用' });
    expect(
      evaluateCoupon(businessCards, {
        ...window,
        paymentAmountFen: 60_000,
        lines: [cardLine(8000), flyerLine(52_000)],
      }),
    ).toEqual({ ok: false, refusal: 'threshold', reason: '适用商品金额满100元可用，还差20元' });
    expect(
      evaluateCoupon(businessCards, {
        ...window,
        paymentAmountFen: 62_000,
        lines: [cardLine(10_000), flyerLine(52_000)],
      }),
    ).toEqual({ ok: true, discountFen: 1500, countedAmountFen: 10_000 });
  });

  it('takes the payment as the amount of the one product of a product page', () => {
    expect(
      evaluateCoupon(businessCards, { ...window, paymentAmountFen: 12_000, lines: [cardLine(null)] }),
    ).toEqual({ ok: true, discountFen: 1500, countedAmountFen: 12_000 });
    expect(evaluateCoupon(businessCards, { ...window, lines: [cardLine(null)] })).toEqual({
      ok: true,
      discountFen: null,
      countedAmountFen: null,
    });
  });

  it('matches product-scoped coupons by product id', () => {
    const onlyFlyers: CouponTerms = {
      ...fullReduction,
      scopeType: 'products',
      scopeIds: [2001],
      thresholdFen: 0,
    };
    expect(evaluateCoupon(onlyFlyers, { ...window, lines: [flyerLine(900)] })).toMatchObject({
      ok: true,
      discountFen: 900,
    });
    expect(evaluateCoupon(onlyFlyers, { ...window, lines: [cardLine(900)] }).ok).toBe(false);
  });
});
