import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productsCalls } from '@inkstone/contracts';
import type { GetCompanyProductInfoBody, ProductInfo } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Which product: by id, or the first product of a leaf category (the route's last cid). */
export type ProductRef = { ProductId: number } | { CategoryId: number };

/**
 * POST /api/product/GetCompanyProductInfo: a product's choices, rules and default selection
 * (docs/catalog.md). The page shows a failure in place, so no toast.
 */
export function getCompanyProductInfo(ref: ProductRef): Promise<ProductInfo> {
  const body: GetCompanyProductInfoBody = ref;
  return api.call(productsCalls.GetCompanyProductInfo, body, { ignoreAlert: true });
}

export function productInfoQuery(ref: ProductRef | null) {
  return queryOptions({
    queryKey: queryKeys.productInfo(ref),
    queryFn: () => getCompanyProductInfo(ref!),
    enabled: ref !== null,
    staleTime: 5 * 60_000,
  });
}

/** The product's info; the previous product stays on screen while the next one loads. */
export function useProductInfo(ref: ProductRef | null) {
  return useQuery({ ...productInfoQuery(ref), placeholderData: keepPreviousData });
}
