import { useQuery } from '@tanstack/react-query';
import { cartCalls } from '@inkstone/contracts';
import type { CartTotal } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/order/TotalShopCarOrders: number of cart lines (the header badge). */
export function totalShopCarOrders(): Promise<CartTotal> {
  return api.call(cartCalls.TotalShopCarOrders, {}, { ignoreAlert: true });
}

export function useCartTotal(enabled = true) {
  return useQuery({
    queryKey: queryKeys.cart.total,
    queryFn: totalShopCarOrders,
    enabled,
    staleTime: 30_000,
  });
}
