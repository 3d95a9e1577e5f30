import { describe, expect, it } from 'vitest';
import { chartBars, comparedWithYesterday, niceMax, WAITING_ITEMS } from './dashboard-figures.ts';

describe('the 工作台 figures', () => {
  it('scales the chart to a round number at or above its largest bar', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([3])).toBe(5);
    expect(niceMax([12.5, 7])).toBe(20);
    expect(niceMax([100])).toBe(100);
    expect(niceMax([1234])).toBe(2000);
  });

  it('draws revenue in yuan for a member who sees money, paid orders for the others', () => {
    const days = [{ Date: '2026-11-21', Orders: 4, PaidOrders: 3, RevenueFen: 128050 }];
    expect(chartBars(days, true)).toEqual([
      { date: '2026-11-21', label: '11-21', value: 1280.5, title: '2026-11-21：付款 3 单，1,280.50 元' },
    ]);
    expect(chartBars([{ Date: '2026-11-21', Orders: 4, PaidOrders: 3 }], false)).toEqual([
      { date: '2026-11-21', label: '11-21', value: 3, title: '2026-11-21：付款 3 单' },
    ]);
  });

  it('compares today with yesterday', () => {
    expect(comparedWithYesterday(5, 2)).toBe('较昨日 +3');
    expect(comparedWithYesterday(2, 5)).toBe('较昨日 -3');
    expect(comparedWithYesterday(2, 2)).toBe('与昨日持平');
  });

  it('links each waiting count to the order board filtered by that status', () => {
    expect(Object.fromEntries(WAITING_ITEMS.map((item) => [item.label, item.to]))).toEqual({
      待付款: '/orders?status=1',
      待审核: '/orders?status=2&review=pending',
      稿件退回: '/orders?status=2&review=rejected',
      待开始生产: '/orders?status=3&production=not_started',
      '生产中（已开始）': '/orders?status=3&production=started',
      已发货待完成: '/orders?status=4',
    });
  });
});
