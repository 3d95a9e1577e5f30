/**
 * Exact integer arithmetic for money: every amount is integer fen, and a line is rounded
 * half-up to the fen exactly once (docs/pricing.md §取整规则). Products that would leave the
 * safe-integer range are computed with BigInt, so no result depends on floating-point error.
 */

const HALF_UP_BIG = (numerator: bigint, denominator: bigint): bigint => {
  const quotient = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
};

/**
 * `numerator / denominator` rounded half-up (ties away from zero) to an integer.
 * Both arguments are non-negative safe integers; `denominator` is positive.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // The float quotient can be one off near an integer boundary; the remainder corrects it.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** `a × b / denominator` rounded half-up; non-negative integer arguments, exact for any size. */
export function mulDivHalfUp(a: number, b: number, denominator: number): number {
  const product = a * b;
  if (product <= Number.MAX_SAFE_INTEGER) return divideHalfUp(product, denominator);
  return Number(HALF_UP_BIG(BigInt(a) * BigInt(b), BigInt(denominator)));
}

/** `a × b × c / denominator` rounded half-up; non-negative integer arguments, exact for any size. */
export function mul3DivHalfUp(a: number, b: number, c: number, denominator: number): number {
  const product = a * b * c;
  if (product <= Number.MAX_SAFE_INTEGER) return divideHalfUp(product, denominator);
  return Number(HALF_UP_BIG(BigInt(a) * BigInt(b) * BigInt(c), BigInt(denominator)));
}

/** `ceil(a × b / denominator)` for non-negative integers (used for spoilage sheets). */
export function mulDivCeil(a: number, b: number, denominator: number): number {
  const product = a * b;
  if (product <= Number.MAX_SAFE_INTEGER) {
    let quotient = Math.floor(product / denominator);
    let remainder = product - quotient * denominator;
    if (remainder < 0) {
      quotient -= 1;
      remainder += denominator;
    } else if (remainder >= denominator) {
      quotient += 1;
      remainder -= denominator;
    }
    return remainder > 0 ? quotient + 1 : quotient;
  }
  const big = BigInt(a) * BigInt(b);
  const d = BigInt(denominator);
  return Number(big % d === 0n ? big / d : big / d + 1n);
}

/**
 * An exact non-negative rational number, reduced. `num`/`den` are set when both are safe
 * integers; otherwise `big` holds the terms and arithmetic goes through BigInt.
 */
export interface Ratio {
  readonly num: number;
  readonly den: number;
  readonly big?: { readonly num: bigint; readonly den: bigint };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);

/** The reduced ratio (product of `numerators`) / (product of `denominators`); integers, den > 0. */
export function ratioOf(numerators: readonly number[], denominators: readonly number[]): Ratio {
  let num = numerators.reduce((acc, value) => acc * BigInt(value), 1n);
  let den = denominators.reduce((acc, value) => acc * BigInt(value), 1n);
  const divisor = num === 0n ? den : gcd(num, den);
  num /= divisor;
  den /= divisor;
  if (num <= MAX_SAFE_BIG && den <= MAX_SAFE_BIG) return { num: Number(num), den: Number(den) };
  return { num: Number(num), den: Number(den), big: { num, den } };
}

/** `count × ratio` rounded half-up to an integer; `count` is a non-negative integer. */
export function applyRatioHalfUp(count: number, ratio: Ratio): number {
  if (ratio.big) return Number(HALF_UP_BIG(BigInt(count) * ratio.big.num, ratio.big.den));
  return mulDivHalfUp(count, ratio.num, ratio.den);
}

/** Inserts thousands separators into the decimal digits of a non-negative integer. */
export function groupThousands(value: number): string {
  if (value < 1000) return String(value);
  const head = Math.floor(value / 1000);
  const tail = value - head * 1000;
  return `${groupThousands(head)},${tail < 10 ? '00' : tail < 100 ? '0' : ''}${tail}`;
}

/** Formats fen as yuan with two decimals and thousands separators, e.g. `¥1,234.50`, `-¥0.05`. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs - yuan * 100;
  return `${sign}¥${groupThousands(yuan)}.${cents < 10 ? '0' : ''}${cents}`;
}
