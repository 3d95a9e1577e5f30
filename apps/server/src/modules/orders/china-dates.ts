import { CHINA_OFFSET_MS } from '@inkstone/domain';

const DAY_MS = 86_400_000;

/** Epoch ms of 00:00 China time on a `YYYY-MM-DD` day. */
export function chinaDayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) - CHINA_OFFSET_MS;
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
