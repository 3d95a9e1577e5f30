import { describe, expect, it } from 'vitest';
import { lastMonths, periodLabel, periodRange } from './bill-period.ts';
import { DEFAULT_CHART_BOX, layoutBars } from './spending-chart.ts';
import { resolveBillTab } from './bill-tabs.ts';

/** 2026-03-15 10:00 in China. */
const MID_MARCH = new Date('2026-03-15T02:00:00Z');

describe('periodRange', () => {
  it.each([
    ['this-month', { StartDate: '2026-03-01', EndDate: '2026-03-15' }],
    ['last-month', { StartDate: '2026-02-01', EndDate: '2026-02-28' }],
    ['last-3-months', { StartDate: '2026-01-01', EndDate: '2026-03-15' }],
    ['this-year', { StartDate: '2026-01-01', EndDate: '2026-03-15' }],
    ['all', {}],
    ['2024-02', { StartDate: '2024-02-01', EndDate: '2024-02-29' }],
    ['2025-12', { StartDate: '2025-12-01', EndDate: '2025-12-31' }],
  ] as const)('covers %s', (period, expected) => {
    expect(periodRange(period, MID_MARCH)).toEqual(expected);
  });

  it('counts the day in China time, not the browser’s', () => {
    // 2026-01-31 17:00 UTC is already 1 February in China.
    expect(periodRange('this-month', new Date('2026-01-31T17:00:00Z'))).toEqual({
      StartDate: '2026-02-01',
      EndDate: '2026-02-01',
    });
    expect(periodRange('last-month', new Date('2026-01-31T17:00:00Z')).StartDate).toBe('2026-01-01');
  });

  it('crosses the year back to December', () => {
    expect(periodRange('last-month', new Date('2026-01-10T02:00:00Z'))).toEqual({
      StartDate: '2025-12-01',
      EndDate: '2025-12-31',
    });
  });

  it('names the periods in Chinese', () => {
    expect(periodLabel('this-month')).toBe('本月');
    expect(periodLabel('2026-05')).toBe('2026年5月');
  });
});

describe('lastMonths', () => {
  it('lists six whole months up to this one, oldest first, across the year', () => {
    const months = lastMonths(MID_MARCH, 6);
    expect(months.map((month) => month.key)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(months[4]).toMatchObject({ StartDate: '2026-02-01', EndDate: '2026-02-28' });
  });
});

describe('layoutBars', () => {
  const box = DEFAULT_CHART_BOX;
  const baseY = box.height - box.labelHeight;
  const plotHeight = baseY - box.valueHeight;

  it('lets the largest bar reach the top and scales the others', () => {
    const bars = layoutBars([100, 400, 0, 200], box);
    expect(bars[1]!.height).toBeCloseTo(plotHeight);
    expect(bars[1]!.y).toBeCloseTo(box.valueHeight);
    expect(bars[0]!.height).toBeCloseTo(plotHeight / 4);
    expect(bars[2]!.height).toBe(0);
    expect(bars[3]!.height).toBeCloseTo(plotHeight / 2);
  });

  it('keeps every bar inside the box, on one baseline, in order, without overlap', () => {
    const bars = layoutBars([5, 1, 9, 3, 7, 2], box);
    for (const bar of bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(box.width);
      expect(bar.y + bar.height).toBeCloseTo(baseY);
      expect(bar.y).toBeGreaterThanOrEqual(box.valueHeight - 1e-9);
    }
    for (let index = 1; index < bars.length; index++) {
      expect(bars[index]!.x).toBeGreaterThanOrEqual(bars[index - 1]!.x + bars[index - 1]!.width);
    }
  });

  it('draws flat bars when nothing was spent, and nothing for no months', () => {
    expect(layoutBars([0, 0, 0], box).every((bar) => bar.height === 0)).toBe(true);
    expect(layoutBars([], box)).toEqual([]);
  });
});

describe('resolveBillTab', () => {
  it.each([
    ['all', ''],
    ['recharge', 'recharge'],
    ['1', ''],
    ['3', 'recharge'],
    ['x', ''],
    [undefined, ''],
  ])('opens %s as type %j', (t, type) => {
    expect(resolveBillTab(t).type).toBe(type);
  });
});
