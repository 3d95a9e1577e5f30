/**
 * China Standard Time (UTC+8 all year, no daylight saving): the calendar every date of the
 * product is read in — bills by month, order filters by day, SMS limits per day, ship dates.
 * Pure: times are epoch milliseconds passed in, never read from a clock.
 */

/** China Standard Time offset from UTC in milliseconds (UTC+8). */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Epoch ms of 00:00 China time on a `YYYY-MM-DD` day. */
export function chinaDayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) - CHINA_OFFSET_MS;
}

/** Midnight of the China calendar day `time` falls on, as epoch ms. */
export function startOfChinaDay(time: number): number {
  return time - ((time + CHINA_OFFSET_MS) % DAY_MS);
}

/** A period filter of whole China-time days, both ends included: [from, to) in epoch ms. */
export function chinaDayRange(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): { fromMs?: number; toMs?: number } {
  return {
    ...(startDate ? { fromMs: chinaDayStart(startDate) } : {}),
    ...(endDate ? { toMs: chinaDayStart(endDate) + DAY_MS } : {}),
  };
}
