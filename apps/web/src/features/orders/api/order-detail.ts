import { useQuery } from '@tanstack/react-query';
import { ordersCalls } from '@inkstone/contracts';
import type { OrderDetail } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/order/OrderDetail: one order with its lines, files and history. */
export function getOrderDetail(orderId: number): Promise<OrderDetail> {
  return api.call(ordersCalls.OrderDetail, { OrderId: orderId }, { ignoreAlert: true });
}

export function useOrderDetail(orderId: number) {
  return useQuery({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => getOrderDetail(orderId),
    staleTime: 0,
  });
}
