import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { HelpCategory } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/website/QueryHelperMenu: the help centre's categories with their articles' titles;
 * with a keyword only the articles whose title or text contains it.
 */
export function queryHelperMenu(keyword: string): Promise<HelpCategory[]> {
  return api.call(websiteCalls.QueryHelperMenu, { Keyword: keyword });
}

export function helperMenuQuery(keyword: string) {
  return queryOptions({
    queryKey: queryKeys.site.helpMenu(keyword),
    queryFn: () => queryHelperMenu(keyword),
    staleTime: 5 * 60_000,
  });
}

/** The help menu; while a new keyword's results load, the previous ones stay on screen. */
export function useHelperMenu(keyword: string) {
  return useQuery({ ...helperMenuQuery(keyword), placeholderData: keepPreviousData });
}
