/**
 * Public face of the order pages: their addresses and the cache key of the order queries. The
 * pages themselves load on demand through the route.
 */
export { ORDER_BASE, ORDER_TABS, orderPath, parseIds, resolveOrderPage } from './paths.ts';
export type { OrderFlowPage, OrderTab, OrderTabKey } from './paths.ts';
export { ORDERS_KEY } from './api/keys.ts';
