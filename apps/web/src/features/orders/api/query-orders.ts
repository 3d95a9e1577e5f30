import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CallInput, ordersCalls } from '@inkstone/contracts';
import type { OrderPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface OrderListParams {
  pageindex: number;
  limit: number;
  Status: NonNullable<CallInput<typeof ordersCalls.QueryOrders>['Status']>;
  Keyword: string;
  StartDate?: string;
  EndDate?: string;
}

/** POST /api/order/QueryOrders: a page of the customer's orders, newest first, with tab counts. */
export function queryOrders(params: OrderListParams): Promise<OrderPage> {
  return api.call(ordersCalls.QueryOrders, params);
}

export function useOrderList(params: OrderListParams) {
  return useQuery({
    queryKey: queryKeys.orders.list(params),
    queryFn: () => queryOrders(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
