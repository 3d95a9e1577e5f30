import { CHINA_OFFSET_MS, formatYuan } from '@inkstone/domain';

/**
 * The one way the site writes money, weights and times. Money is integer fen; every time is shown
 * in China time (UTC+8 all year), whatever the browser's own time zone.
 */

/**
 * Integer fen as yuan with two decimals and thousands separators (`118458` → `¥1,184.58`,
 * `-300` → `-¥3.00`), by the domain's `formatYuan`. A fractional amount (an average, as on the
 * unit-price chart) is rounded half away from zero first; a value that is not finite shows `—`.
 */
export function formatFen(fen: number): string {
  if (!Number.isFinite(fen)) return '—';
  const rounded = Math.round(Math.abs(fen)) * (fen < 0 ? -1 : 1);
  return formatYuan(rounded === 0 ? 0 : rounded);
}

/**
 * A 起价 as a shop writes it: `¥35起`, `¥1,280起`, `¥12.50起` — exact to the fen, whole yuan
 * without `.00`.
 */
export function formatFromPrice(fen: number): string {
  return `${formatFen(fen).replace(/\.00$/, '')}起`;
}

/** An amount with its direction: `+¥100.00` in, `-¥20.00` out, `¥0.00`. */
export function formatSignedFen(fen: number): string {
  const text = formatFen(fen);
  return fen > 0 && text !== '¥0.00' ? `+${text}` : text;
}

/** Grams as `850 g` under a kilogram, else kilograms with two decimals (`14.69 kg`). */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(2)} kg`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time in China time as `2026-11-21 10:05`; empty for nothing or an unreadable value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  // China has no daylight saving time: UTC+8 all year.
  const china = new Date(time + CHINA_OFFSET_MS);
  return `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
}

/** Seconds left as `4:05` (minutes:seconds), never below `0:00`. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${pad(whole % 60)}`;
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** A China calendar day `2026-11-25` as `11月25日（周三）`; any other text is returned as it is. */
export function formatShipDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}月${day}日（周${weekday}）`;
}

/**
 * A delivery address on one line: `李四 13900139000 北京市东城区东长安街1号` (a 市辖区 city is
 * left out, as the address book writes it).
 */
export function formatDeliveryAddress(address: {
  Contacts: string;
  PhoneNumber: string;
  Province: string;
  City: string;
  Region: string;
  Address: string;
}): string {
  const place = [
    address.Province,
    address.City === '市辖区' ? '' : address.City,
    address.Region,
    address.Address,
  ];
  return `${address.Contacts} ${address.PhoneNumber} ${place.join('')}`;
}
