/** Every cached order query (lists and details): invalidate after an action on an order. */
export const ORDERS_KEY = ['orders'] as const;
