import type { Version } from '../../lib/sites.ts';

/** Where each version keeps its order pages (spec §2 `/user/order/{t}` and `/user-v{n}/order/{t}`). */
export const ORDER_BASE: Record<Version, string> = {
  1: '/user/order',
  2: '/user-v2/order',
  3: '/user-v3/order',
  4: '/user-v4/order',
};

/** The status tabs of the order list, in display order, with the status number QueryOrders takes. */
export const ORDER_TABS = [
  { key: 'all', label: '全部', status: 0, count: null },
  { key: 'unpaid', label: '待付款', status: 1, count: 'Unpaid' },
  { key: 'reviewing', label: '待审稿', status: 2, count: 'Reviewing' },
  { key: 'producing', label: '生产中', status: 3, count: 'Producing' },
  { key: 'shipped', label: '已发货', status: 4, count: 'Shipped' },
  { key: 'completed', label: '已完成', status: 5, count: 'Completed' },
  { key: 'cancelled', label: '已取消', status: 9, count: 'Cancelled' },
] as const;

export type OrderTab = (typeof ORDER_TABS)[number];
export type OrderTabKey = OrderTab['key'];

/** The non-list pages that share the order route. */
export type OrderFlowPage = 'cart' | 'checkout' | 'pay';

/**
 * What `/user/order/{t}` shows: the cart, checkout, the payment page, or the order list on a
 * status tab. `1` (the nav's first tab) and anything unknown read as 全部.
 */
export function resolveOrderPage(
  t: string | undefined,
): { page: OrderFlowPage } | { page: 'list'; tab: OrderTab } {
  if (t === 'cart' || t === 'checkout' || t === 'pay') return { page: t };
  const tab = ORDER_TABS.find((item) => item.key === t) ?? ORDER_TABS[0];
  return { page: 'list', tab };
}

/** The address of an order page of `version`, e.g. `orderPath(1, 'pay', { no: 'P…' })`. */
export function orderPath(
  version: Version,
  t: OrderFlowPage | OrderTabKey,
  query: Record<string, string | number | readonly (string | number)[] | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value as string | number));
  }
  const search = params.toString();
  return `${ORDER_BASE[version]}/${t}${search ? `?${search}` : ''}`;
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
