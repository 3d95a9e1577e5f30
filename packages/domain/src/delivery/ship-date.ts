/**
 * Delivery-date prediction (spec §7 GetProductNumPedictTime): production days from a quote, the
 * merchant's daily cut-off and working calendar → the predicted ship date. Pure: `now` is an
 * argument; all dates are China Standard Time (UTC+8, no daylight saving).
 */
import type { MerchantCalendar } from '../catalog/catalog.schema.ts';
import { CHINA_OFFSET_MS } from '../china-time.ts';

const DAY_MS = 86_400_000;
/** Longest search for working days before the calendar is judged unusable (about ten years). */
const MAX_DAYS_SEARCHED = 3660;

/** Input of `predictShipDate`. */
export interface ShipDateInput {
  /** Working days of production, from the quote (0 = ships on the first working day). */
  productionDays: number;
  /** Moment of ordering: a Date or epoch milliseconds. */
  now: Date | number;
  calendar: MerchantCalendar;
}

/** Outcome of `predictShipDate`: dates are `YYYY-MM-DD` in China time. */
export type ShipDatePrediction =
  | { ok: true; orderDate: string; startDate: string; shipDate: string; productionDays: number }
  | { ok: false; reason: string };

interface CompiledCalendar {
  cutoffMinutes: number;
  restWeekdays: ReadonlySet<number>;
  holidays: ReadonlySet<number>;
  workingDays: ReadonlySet<number>;
}

const compiled = new WeakMap<MerchantCalendar, CompiledCalendar>();

/** Days since 1970-01-01 of an ISO date string. */
function dayNumberOf(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** ISO date string of a day number (days since 1970-01-01). */
function isoDateOf(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

function compileCalendar(calendar: MerchantCalendar): CompiledCalendar {
  const cached = compiled.get(calendar);
  if (cached) return cached;
  const [hours = 0, minutes = 0] = calendar.CutoffTime.split(':').map(Number);
  const holidays = new Set<number>();
  for (const holiday of calendar.Holidays) {
    for (let day = dayNumberOf(holiday.From); day <= dayNumberOf(holiday.To); day += 1) holidays.add(day);
  }
  const result: CompiledCalendar = {
    cutoffMinutes: hours * 60 + minutes,
    restWeekdays: new Set(calendar.RestWeekdays),
    holidays,
    workingDays: new Set(calendar.ExtraWorkingDays.map((day) => dayNumberOf(day.Date))),
  };
  compiled.set(calendar, result);
  return result;
}

function isWorkingDayNumber(calendar: CompiledCalendar, dayNumber: number): boolean {
  if (calendar.workingDays.has(dayNumber)) return true;
  if (calendar.holidays.has(dayNumber)) return false;
  // 1970-01-01 was a Thursday (weekday 4).
  return !calendar.restWeekdays.has((((dayNumber + 4) % 7) + 7) % 7);
}

/**
 * True when the merchant produces on `isoDate` (YYYY-MM-DD): an extra working day (调休上班),
 * or a day that is neither in a holiday range nor a weekly rest day.
 */
export function isWorkingDay(calendar: MerchantCalendar, isoDate: string): boolean {
  return isWorkingDayNumber(compileCalendar(calendar), dayNumberOf(isoDate));
}

/**
 * Predicts the ship date. Production starts today when today is a working day and the order
 * comes before the cut-off time; at or after the cut-off, or on a non-working day, it starts on
 * the next working day. N production days occupy N working days from the start day, and goods
 * ship on the last of them (N = 0 ships on the start day). Refuses bad input with a reason.
 */
export function predictShipDate(input: ShipDateInput): ShipDatePrediction {
  const { productionDays, calendar } = input;
  const nowMs = input.now instanceof Date ? input.now.getTime() : input.now;
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) return { ok: false, reason: '下单时间无效' };
  if (!Number.isInteger(productionDays) || productionDays < 0 || productionDays > 365) {
    return { ok: false, reason: '生产天数须为0–365之间的整数' };
  }
  const days = compileCalendar(calendar);
  const localMs = nowMs + CHINA_OFFSET_MS;
  const orderDay = Math.floor(localMs / DAY_MS);
  const minuteOfDay = Math.floor((localMs - orderDay * DAY_MS) / 60_000);
  let day = orderDay;
  let searched = 0;
  const advanceToWorkingDay = (): boolean => {
    while (!isWorkingDayNumber(days, day)) {
      day += 1;
      searched += 1;
      if (searched > MAX_DAYS_SEARCHED) return false;
    }
    return true;
  };
  if (minuteOfDay >= days.cutoffMinutes || !isWorkingDayNumber(days, day)) day += 1;
  if (!advanceToWorkingDay()) return { ok: false, reason: '商家生产日历中找不到工作日' };
  const startDay = day;
  for (let remaining = productionDays - 1; remaining > 0; remaining -= 1) {
    day += 1;
    if (!advanceToWorkingDay()) return { ok: false, reason: '商家生产日历中找不到工作日' };
  }
  return {
    ok: true,
    orderDate: isoDateOf(orderDay),
    startDate: isoDateOf(startDay),
    shipDate: isoDateOf(day),
    productionDays,
  };
}
