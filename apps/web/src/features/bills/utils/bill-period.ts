import { CHINA_OFFSET_MS } from '@inkstone/domain';

/** The bill's period presets; `YYYY-MM` names one month. */
export const PERIOD_PRESETS = [
  { value: 'this-month', label: '本月' },
  { value: 'last-month', label: '上月' },
  { value: 'last-3-months', label: '近三个月' },
  { value: 'this-year', label: '今年' },
  { value: 'all', label: '全部' },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];
/** A preset, or one month as `YYYY-MM`. */
export type BillPeriod = PeriodPreset | `${number}-${number}`;

export const DEFAULT_PERIOD: BillPeriod = 'this-month';

/** QueryCustomerBill's date filter: both days included, China time (docs/payments.md). */
export interface DateRange {
  StartDate?: string;
  EndDate?: string;
}

/** One calendar month in China time. */
export interface MonthSpan {
  /** `YYYY-MM` */
  key: string;
  year: number;
  /** 1–12 */
  month: number;
  StartDate: string;
  EndDate: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's year, month (1–12) and day in China, whatever the browser's time zone. */
export function chinaToday(now: Date): { year: number; month: number; day: number } {
  const shifted = new Date(now.getTime() + CHINA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `offset` months from year/month (negative: earlier). */
function shiftMonth(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthSpan(year: number, month: number): MonthSpan {
  return {
    key: `${year}-${pad(month)}`,
    year,
    month,
    StartDate: `${year}-${pad(month)}-01`,
    EndDate: `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`,
  };
}

/** The dates a period covers on `now`; `all` has none. */
export function periodRange(period: BillPeriod, now: Date): DateRange {
  const today = chinaToday(now);
  const todayText = `${today.year}-${pad(today.month)}-${pad(today.day)}`;
  switch (period) {
    case 'this-month':
      return { StartDate: monthSpan(today.year, today.month).StartDate, EndDate: todayText };
    case 'last-month': {
      const last = shiftMonth(today.year, today.month, -1);
      const span = monthSpan(last.year, last.month);
      return { StartDate: span.StartDate, EndDate: span.EndDate };
    }
    case 'last-3-months': {
      const first = shiftMonth(today.year, today.month, -2);
      return { StartDate: monthSpan(first.year, first.month).StartDate, EndDate: todayText };
    }
    case 'this-year':
      return { StartDate: `${today.year}-01-01`, EndDate: todayText };
    case 'all':
      return {};
    default: {
      const match = /^(\d{4})-(\d{2})$/.exec(period);
      if (!match) return {};
      const span = monthSpan(Number(match[1]), Number(match[2]));
      return { StartDate: span.StartDate, EndDate: span.EndDate };
    }
  }
}

/** The last `count` months up to this one, oldest first. */
export function lastMonths(now: Date, count: number): MonthSpan[] {
  const today = chinaToday(now);
  return Array.from({ length: count }, (_, index) => {
    const { year, month } = shiftMonth(today.year, today.month, index - count + 1);
    return monthSpan(year, month);
  });
}

/** The label of a period, e.g. 本月, 2026年5月. */
export function periodLabel(period: BillPeriod): string {
  const preset = PERIOD_PRESETS.find((item) => item.value === period);
  if (preset) return preset.label;
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  return match ? `${match[1]}年${Number(match[2])}月` : period;
}
