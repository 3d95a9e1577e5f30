import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MerchantCalendar } from '../catalog/catalog.schema.ts';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { isWorkingDay, predictShipDate } from './ship-date.ts';

const demo = getDemoCatalog('demo').Calendar;
const maple = getDemoCatalog('maple').Calendar;
/** Epoch ms of a China Standard Time wall-clock moment. */
const cst = (isoLocal: string): number => Date.parse(`${isoLocal}+08:00`);

describe('predictShipDate', () => {
  it.each([
    {
      name: 'starts today before the cut-off',
      now: '2026-11-20T10:00',
      days: 2,
      start: '2026-11-20',
      ship: '2026-11-21',
    },
    {
      name: 'starts the next working day at the cut-off',
      now: '2026-11-20T17:00',
      days: 2,
      start: '2026-11-21',
      ship: '2026-11-23',
    },
    {
      name: 'skips Sunday, the weekly rest day',
      now: '2026-11-21T18:00',
      days: 1,
      start: '2026-11-23',
      ship: '2026-11-23',
    },
    {
      name: 'starts Monday when ordered on Sunday morning',
      now: '2026-11-22T09:00',
      days: 3,
      start: '2026-11-23',
      ship: '2026-11-25',
    },
    {
      name: 'ships on the start day with zero production days',
      now: '2026-11-20T08:00',
      days: 0,
      start: '2026-11-20',
      ship: '2026-11-20',
    },
    {
      name: 'skips the National Day holiday',
      now: '2026-09-30T16:00',
      days: 3,
      start: '2026-09-30',
      ship: '2026-10-09',
    },
    {
      name: 'works on a make-up Sunday',
      now: '2026-09-19T18:00',
      days: 1,
      start: '2026-09-20',
      ship: '2026-09-20',
    },
    {
      name: 'skips the Spring Festival',
      now: '2026-02-13T18:00',
      days: 2,
      start: '2026-02-14',
      ship: '2026-02-24',
    },
    {
      name: 'reads the date in China time, not UTC',
      now: '2026-11-21T00:30',
      days: 1,
      start: '2026-11-21',
      ship: '2026-11-21',
    },
  ])('$name', ({ now, days, start, ship }) => {
    expect(predictShipDate({ productionDays: days, now: cst(now), calendar: demo })).toMatchObject({
      ok: true,
      startDate: start,
      shipDate: ship,
    });
  });

  it('follows the other merchant’s own cut-off and rest day', () => {
    // 红枫图文: cut-off 16:00, closed on Mondays.
    expect(
      predictShipDate({ productionDays: 1, now: cst('2026-11-22T16:30'), calendar: maple }),
    ).toMatchObject({ startDate: '2026-11-24', shipDate: '2026-11-24' });
    expect(
      predictShipDate({ productionDays: 1, now: cst('2026-11-22T16:30'), calendar: demo }),
    ).toMatchObject({ startDate: '2026-11-23' });
  });

  it('accepts a Date as well as epoch milliseconds', () => {
    const now = cst('2026-11-20T10:00');
    expect(predictShipDate({ productionDays: 2, now: new Date(now), calendar: demo })).toEqual(
      predictShipDate({ productionDays: 2, now, calendar: demo }),
    );
  });

  it.each([
    { productionDays: -1, now: cst('2026-11-20T10:00'), reason: '生产天数须为0–365之间的整数' },
    { productionDays: 1.5, now: cst('2026-11-20T10:00'), reason: '生产天数须为0–365之间的整数' },
    { productionDays: 400, now: cst('2026-11-20T10:00'), reason: '生产天数须为0–365之间的整数' },
    { productionDays: 1, now: Number.NaN, reason: '下单时间无效' },
    { productionDays: 1, now: new Date('not a date'), reason: '下单时间无效' },
  ])('refuses production days $productionDays at $now', ({ productionDays, now, reason }) => {
    expect(predictShipDate({ productionDays, now, calendar: demo })).toEqual({ ok: false, reason });
  });

  it('refuses a calendar without any working day instead of looping', () => {
    const closed: MerchantCalendar = { ...demo, RestWeekdays: [0, 1, 2, 3, 4, 5, 6], ExtraWorkingDays: [] };
    expect(predictShipDate({ productionDays: 1, now: cst('2026-11-20T10:00'), calendar: closed })).toEqual({
      ok: false,
      reason: '商家生产日历中找不到工作日',
    });
  });

  it('always ships on a working day, never before the start, and never earlier for longer production', () => {
    const moment = fc.integer({ min: cst('2026-01-01T00:00'), max: cst('2027-11-30T23:59') });
    fc.assert(
      fc.property(
        moment,
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(demo, maple),
        (now, days, calendar) => {
          const shorter = predictShipDate({ productionDays: days, now, calendar });
          const longer = predictShipDate({ productionDays: days + 1, now, calendar });
          if (!shorter.ok || !longer.ok) throw new Error('unexpected refusal');
          expect(isWorkingDay(calendar, shorter.shipDate)).toBe(true);
          expect(isWorkingDay(calendar, shorter.startDate)).toBe(true);
          expect(shorter.startDate >= shorter.orderDate).toBe(true);
          expect(shorter.shipDate >= shorter.startDate).toBe(true);
          expect(longer.shipDate > shorter.shipDate || days === 0).toBe(true);
        },
      ),
    );
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2026-10-01', false],
    ['2026-10-08', true],
    ['2026-11-22', false],
    ['2026-11-21', true],
    ['2026-01-04', true],
  ])('says %s is a working day: %s', (date, expected) => {
    expect(isWorkingDay(demo, date)).toBe(expected);
  });
});
