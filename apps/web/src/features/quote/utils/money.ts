import { formatYuan } from '@inkstone/domain';

/**
 * The one money format of the quote screens: integer fen as yuan with two decimals and thousands
 * separators (`118458` → `¥1,184.58`, `-300` → `-¥3.00`), by the domain's `formatYuan`. A
 * fractional amount (an average, as on the unit-price chart) is rounded half away from zero first.
 */
export function formatFen(fen: number): string {
  if (!Number.isFinite(fen)) return '—';
  const rounded = Math.round(Math.abs(fen)) * (fen < 0 ? -1 : 1);
  return formatYuan(rounded === 0 ? 0 : rounded);
}

/** Grams as the quote shows them: `850 g` under a kilogram, else kilograms with two decimals. */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(2)} kg`;
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** `2026-11-25` → `11月25日（周三）`; any other text is returned as it is. */
export function formatShipDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}月${day}日（周${weekday}）`;
}
