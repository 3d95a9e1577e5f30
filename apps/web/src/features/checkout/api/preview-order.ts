import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersCalls } from '@inkstone/contracts';
import type { OrderPreview, PreviewOrderBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/order/PreviewOrder: the itemised totals addorder would charge now (nothing stored). */
export function previewOrder(body: PreviewOrderBody): Promise<OrderPreview> {
  return api.call(ordersCalls.PreviewOrder, body, { ignoreAlert: true });
}

export function useOrderPreview(body: PreviewOrderBody | null) {
  return useQuery({
    queryKey: queryKeys.checkoutPreview(body),
    queryFn: () => previewOrder(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
