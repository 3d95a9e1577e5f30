import { useQuery } from '@tanstack/react-query';
import { expressCalls } from '@inkstone/contracts';
import type { ExpressCompany } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/v2/s2b.expressinfo.all.post: the merchant's express companies, in display order. */
export function expressInfoAll(): Promise<ExpressCompany[]> {
  return api.call(expressCalls.ExpressInfoAll, {});
}

export function useExpressCompanies() {
  return useQuery({ queryKey: queryKeys.express.companies, queryFn: expressInfoAll, staleTime: 5 * 60_000 });
}
