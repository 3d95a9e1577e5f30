import { formatYuan } from '@inkstone/domain';

/**
 * The one money format of the ordering pages: integer fen as `¥` with two decimals and thousands
 * separators (`118458` → `¥1,184.58`, `-300` → `-¥3.00`), by the domain's `formatYuan`.
 */
export function formatFen(fen: number): string {
  if (!Number.isFinite(fen)) return '—';
  const rounded = Math.round(fen);
  return formatYuan(rounded === 0 ? 0 : rounded);
}

/** Grams as `850 g` under a kilogram, else kilograms with two decimals. */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(2)} kg`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time in China time as `2026-11-21 10:05`; empty for null or an unreadable value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  // China has no daylight saving time: UTC+8 all year.
  const china = new Date(time + 8 * 3600_000);
  return `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
}

/** Seconds left as `4:05` (minutes:seconds), never below `0:00`. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${pad(whole % 60)}`;
}
