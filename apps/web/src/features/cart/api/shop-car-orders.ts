import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cartCalls } from '@inkstone/contracts';
import type { CartPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/order/ShopCarOrders: a page of the cart, re-priced with today's catalogue. */
export function shopCarOrders(pageindex: number, limit: number): Promise<CartPage> {
  return api.call(cartCalls.ShopCarOrders, { pageindex, limit });
}

export function useCartPage(pageindex: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.cart.page(pageindex, limit),
    queryFn: () => shopCarOrders(pageindex, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
