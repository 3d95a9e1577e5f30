import { describe, expect, it } from 'vitest';
import type { ReceivedCoupon } from '@inkstone/contracts';
import { couponQueryOf, sortCoupons, summariseLines } from './checkout-rules.ts';

describe('summariseLines', () => {
  it('adds up the goods amount and the weight of the lines', () => {
    expect(
      summariseLines([
        { AmountFen: 1500, WeightGrams: 400 },
        { AmountFen: 2999, WeightGrams: 1250 },
      ]),
    ).toEqual({ goodsFen: 4499, weightGrams: 1650 });
  });

  it('is zero for no lines', () => {
    expect(summariseLines([])).toEqual({ goodsFen: 0, weightGrams: 0 });
  });
});

describe('couponQueryOf', () => {
  it('names the product when every line is the same product', () => {
    expect(
      couponQueryOf([
        { ProductId: 7, AmountFen: 100 },
        { ProductId: 7, AmountFen: 250 },
      ]),
    ).toEqual({ productId: 7, paymentAmount: 350 });
  });

  it('leaves the product out when the lines are of several products', () => {
    expect(
      couponQueryOf([
        { ProductId: 7, AmountFen: 100 },
        { ProductId: 8, AmountFen: 250 },
      ]),
    ).toEqual({ paymentAmount: 350 });
  });

  it('asks nothing without lines', () => {
    expect(couponQueryOf([])).toBeNull();
  });
});

describe('sortCoupons', () => {
  const coupon = (Id: number, IsApplicable: boolean, DiscountFen: number | null) =>
    ({ Id, IsApplicable, DiscountFen }) as ReceivedCoupon;

  it('puts applicable coupons first, the largest discount first', () => {
    const sorted = sortCoupons([coupon(1, false, null), coupon(2, true, 500), coupon(3, true, 2000)]);
    expect(sorted.map((item) => item.Id)).toEqual([3, 2, 1]);
  });
});
