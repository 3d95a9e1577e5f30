import { OrderStatus, type Dashboard, type DashboardDay } from '@inkstone/contracts';

/** One count of orders waiting on the 工作台, and the 订单 board's address showing those orders. */
export interface WaitingItem {
  key: keyof Dashboard['Waiting'];
  label: string;
  /** The board filtered by that status (and review state): `/orders?status=2&review=pending`. */
  to: string;
}

/**
 * The waiting counts in the order an order moves through them; the two halves of 生产中 open the
 * board's 生产中 tab on 待开始生产 and on 已开始.
 */
export const WAITING_ITEMS: readonly WaitingItem[] = [
  { key: 'Unpaid', label: '待付款', to: `/orders?status=${OrderStatus.Unpaid}` },
  { key: 'ReviewPending', label: '待审核', to: `/orders?status=${OrderStatus.Reviewing}&review=pending` },
  { key: 'ReviewRejected', label: '稿件退回', to: `/orders?status=${OrderStatus.Reviewing}&review=rejected` },
  {
    key: 'ProductionNotStarted',
    label: '待开始生产',
    to: `/orders?status=${OrderStatus.Producing}&production=not_started`,
  },
  {
    key: 'ProductionStarted',
    label: '生产中（已开始）',
    to: `/orders?status=${OrderStatus.Producing}&production=started`,
  },
  { key: 'Shipped', label: '已发货待完成', to: `/orders?status=${OrderStatus.Shipped}` },
];

/** A bar of the 30-day chart: its day (`MM-DD`), its height's value and its tooltip. */
export interface ChartBar {
  date: string;
  label: string;
  value: number;
  title: string;
}

/** The chart's bars: revenue in yuan when the member sees money, else paid orders. */
export function chartBars(days: readonly DashboardDay[], showsMoney: boolean): ChartBar[] {
  return days.map((day) => {
    const yuan = (day.RevenueFen ?? 0) / 100;
    return {
      date: day.Date,
      label: day.Date.slice(5),
      value: showsMoney ? yuan : day.PaidOrders,
      title: showsMoney
        ? `${day.Date}：付款 ${day.PaidOrders} 单，${formatYuanPlain(yuan)} 元`
        : `${day.Date}：付款 ${day.PaidOrders} 单`,
    };
  });
}

/** The top of the chart's scale: a round number (1, 2 or 5 × 10ⁿ) at or above the largest value. */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max)!;
  return step * power;
}

/** `1,280.50` (yuan, two decimals, grouped). */
export function formatYuanPlain(yuan: number): string {
  return yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** How today compares with yesterday: `较昨日 +3`, `较昨日 -¥12.00`, `与昨日持平`. */
export function comparedWithYesterday(
  today: number,
  yesterday: number,
  format: (value: number) => string = String,
): string {
  const change = today - yesterday;
  if (change === 0) return '与昨日持平';
  return `较昨日 ${change > 0 ? '+' : '-'}${format(Math.abs(change))}`;
}
