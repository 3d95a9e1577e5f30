import type { OrderTabKey } from '../../lib/paths.ts';

/** The status tabs of the order list, in display order, with the status number QueryOrders takes. */
export const ORDER_TABS = [
  { key: 'all', label: '全部', status: 0, count: null },
  { key: 'unpaid', label: '待付款', status: 1, count: 'Unpaid' },
  { key: 'reviewing', label: '待审稿', status: 2, count: 'Reviewing' },
  { key: 'producing', label: '生产中', status: 3, count: 'Producing' },
  { key: 'shipped', label: '已发货', status: 4, count: 'Shipped' },
  { key: 'completed', label: '已完成', status: 5, count: 'Completed' },
  { key: 'cancelled', label: '已取消', status: 9, count: 'Cancelled' },
] as const satisfies readonly { key: OrderTabKey; label: string; status: number; count: string | null }[];

export type OrderTab = (typeof ORDER_TABS)[number];

/** The status tab `t` names; `1` (the nav's first tab) and anything unknown read as 全部. */
export function resolveOrderTab(t: string | undefined): OrderTab {
  return ORDER_TABS.find((item) => item.key === t) ?? ORDER_TABS[0];
}

/** Comma-separated positive ids of a query value (`?ids=3,5`); anything else is dropped. */
export function parseIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}
