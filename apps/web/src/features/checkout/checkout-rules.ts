import type { CartLine, ReceivedCoupon } from '@inkstone/contracts';

/** Goods amount and weight of the lines being checked out (today's prices). */
export function summariseLines(lines: readonly Pick<CartLine, 'AmountFen' | 'WeightGrams'>[]): {
  goodsFen: number;
  weightGrams: number;
} {
  return lines.reduce(
    (sum, line) => ({
      goodsFen: sum.goodsFen + line.AmountFen,
      weightGrams: sum.weightGrams + line.WeightGrams,
    }),
    { goodsFen: 0, weightGrams: 0 },
  );
}

/**
 * What receive_list judges the coupons against: the product when every line is the same one
 * (several products: no product, so the scope is checked at PreviewOrder), and the goods amount.
 */
export function couponQueryOf(
  lines: readonly Pick<CartLine, 'ProductId' | 'AmountFen'>[],
): { productId?: number; paymentAmount: number } | null {
  if (lines.length === 0) return null;
  const products = new Set(lines.map((line) => line.ProductId));
  const paymentAmount = lines.reduce((sum, line) => sum + line.AmountFen, 0);
  return products.size === 1 ? { productId: lines[0]!.ProductId, paymentAmount } : { paymentAmount };
}

/** Applicable coupons first, the largest discount first; the others after, in the server's order. */
export function sortCoupons(coupons: readonly ReceivedCoupon[]): ReceivedCoupon[] {
  const applicable = coupons
    .filter((coupon) => coupon.IsApplicable)
    .sort((a, b) => (b.DiscountFen ?? 0) - (a.DiscountFen ?? 0));
  return [...applicable, ...coupons.filter((coupon) => !coupon.IsApplicable)];
}
