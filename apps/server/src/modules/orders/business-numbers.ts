import { randomInt } from 'node:crypto';
import { CHINA_OFFSET_MS } from '@inkstone/domain';

/** `yyyyMMddHHmmss` in China time. */
function chinaTimestamp(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

function randomDigits(count: number): string {
  let digits = '';
  while (digits.length < count) digits += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return digits.slice(0, count);
}

/** An order number: China-time timestamp and 6 random digits, e.g. 20261121100000483920. */
export function generateOrderNo(now: number): string {
  return `${chinaTimestamp(now)}${randomDigits(6)}`;
}

/** A payment number: `P`, China-time timestamp and 10 random digits (not guessable in practice). */
export function generatePaymentNo(now: number): string {
  return `P${chinaTimestamp(now)}${randomDigits(10)}`;
}

/**
 * A test payment number (the console's 测试支付): `T`, China-time timestamp and 8 random digits —
 * 23 characters, within 微信支付's and 支付宝's out_trade_no limits, never a PaymentNo.
 */
export function generateTestPaymentNo(now: number): string {
  return `T${chinaTimestamp(now)}${randomDigits(8)}`;
}
