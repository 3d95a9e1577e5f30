import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productsCalls } from '@inkstone/contracts';
import type { ProComplexInfo, ProComplexInfoQuery } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/public/pro-complexinfo?ProductId=|CategoryId= (login-free, no token): version 4's
 * product introduction — the tree, every product and one product's info (the first by default).
 */
export function getProComplexInfo(query: ProComplexInfoQuery): Promise<ProComplexInfo> {
  return api.call(
    productsCalls.ProComplexInfo,
    { ProductId: query.ProductId, CategoryId: query.CategoryId },
    { useToken: false, ignoreAlert: true },
  );
}

export function proComplexInfoQuery(query: ProComplexInfoQuery) {
  return queryOptions({
    queryKey: queryKeys.proComplexInfo(query.ProductId ?? null, query.CategoryId ?? null),
    queryFn: () => getProComplexInfo(query),
    staleTime: 5 * 60_000,
  });
}

export function useProComplexInfo(query: ProComplexInfoQuery) {
  return useQuery({ ...proComplexInfoQuery(query), placeholderData: keepPreviousData });
}
