import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRatioHalfUp,
  divideHalfUp,
  formatYuan,
  groupThousands,
  mul3DivHalfUp,
  mulDivCeil,
  mulDivHalfUp,
  ratioOf,
} from './money.ts';

const bigHalfUp = (n: bigint, d: bigint): bigint => ((n % d) * 2n >= d ? n / d + 1n : n / d);

describe('divideHalfUp', () => {
  it.each([
    [0, 7, 0],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [25, 10, 3],
    [149, 100, 1],
    [150, 100, 2],
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 2, 4503599627370496],
  ])('rounds %i / %i half-up to %i', (numerator, denominator, expected) => {
    expect(divideHalfUp(numerator, denominator)).toBe(expected);
  });

  it('agrees with exact BigInt rounding for any safe operands', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n, d) => {
        expect(divideHalfUp(n, d)).toBe(Number(bigHalfUp(BigInt(n), BigInt(d))));
      }),
    );
  });
});

describe('mulDivHalfUp and mul3DivHalfUp', () => {
  it('stay exact when the product leaves the safe-integer range', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 40 }),
        fc.nat({ max: 2 ** 40 }),
        fc.nat({ max: 2 ** 20 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (a, b, c, d) => {
          expect(mulDivHalfUp(a, b, d)).toBe(Number(bigHalfUp(BigInt(a) * BigInt(b), BigInt(d))));
          expect(mul3DivHalfUp(a, b, c, d)).toBe(
            Number(bigHalfUp(BigInt(a) * BigInt(b) * BigInt(c), BigInt(d))),
          );
        },
      ),
    );
  });
});

describe('mulDivCeil', () => {
  it.each([
    [0, 20, 1000, 0],
    [1, 20, 1000, 1],
    [50, 20, 1000, 1],
    [51, 20, 1000, 2],
    [500, 20, 1000, 10],
  ])('ceil(%i × %i / %i) is %i', (a, b, d, expected) => {
    expect(mulDivCeil(a, b, d)).toBe(expected);
  });
});

describe('ratioOf and applyRatioHalfUp', () => {
  it('reduces the ratio and applies it exactly', () => {
    const sheetPrice = ratioOf([650_000, 157, 597, 889], [1_000_000, 1_000_000]);
    expect(sheetPrice.num / sheetPrice.den).toBeCloseTo(54.16, 2);
    // 248 × 54.16130265 = 13,431.99… fen
    expect(applyRatioHalfUp(248, sheetPrice)).toBe(13432);
  });

  it('falls back to BigInt terms when the reduced ratio is not safe', () => {
    const ratio = ratioOf([2 ** 53 + 1, 3], [7]);
    expect(ratio.big).toBeDefined();
    expect(applyRatioHalfUp(7, ratio)).toBe(Number(BigInt(2 ** 53 + 1) * 3n));
  });
});

describe('formatYuan', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [123456789, '¥1,234,567.89'],
    [-2495, '-¥24.95'],
  ])('formats %i fen as %s', (fen, text) => {
    expect(formatYuan(fen)).toBe(text);
  });

  it('groups thousands like the locale formatter', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (value) => {
        expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
  });
});
