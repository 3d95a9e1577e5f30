/** Times and amounts as the gateways write them. */
import { CHINA_OFFSET_MS } from '@inkstone/domain';

function chinaParts(ms: number): string[] {
  const china = new Date(Math.floor(ms / 1000) * 1000 + CHINA_OFFSET_MS).toISOString();
  return [china.slice(0, 10), china.slice(11, 19)];
}

/** RFC 3339 in China time, as 微信支付 API v3 writes it: 2026-11-21T10:05:00+08:00. */
export function rfc3339China(ms: number): string {
  const [day, time] = chinaParts(ms);
  return `${day}T${time}+08:00`;
}

/** `yyyy-MM-dd HH:mm:ss` in China time, as 支付宝 writes it. */
export function alipayTime(ms: number): string {
  const [day, time] = chinaParts(ms);
  return `${day} ${time}`;
}

/** Fen as a yuan string with two decimals (支付宝 amounts): 1234 → "12.34". */
export function fenToYuanString(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return `${yuan}.${cents < 10 ? '0' : ''}${cents}`;
}

/** A yuan string ("12.34", "12.3", "12") as integer fen; NaN when it is not one. */
export function yuanStringToFen(text: unknown): number {
  if (typeof text !== 'string') return Number.NaN;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
