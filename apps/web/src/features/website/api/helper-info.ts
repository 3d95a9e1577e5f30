import { queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { HelpArticle } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/website/HelperInfo: one published help article with its neighbours in its category. */
export function helperInfo(id: number): Promise<HelpArticle> {
  // An unknown or withdrawn article (-1) is shown on the page itself, not as a toast.
  return api.call(websiteCalls.HelperInfo, { Id: id }, { ignoreAlert: true });
}

export function helperInfoQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.site.helpArticle(id),
    queryFn: () => helperInfo(id),
    staleTime: 5 * 60_000,
  });
}

/** The article `id`; null (an address that names no article) asks nothing. */
export function useHelperInfo(id: number | null) {
  return useQuery({ ...helperInfoQuery(id ?? 0), enabled: id !== null });
}
