import { queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { HomeLayout } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Version } from '../../../lib/paths.ts';

/** POST /api/website/QueryHomeLayout: every group of a version's home page with its items. */
export function queryHomeLayout(version: Version): Promise<HomeLayout> {
  return api.call(websiteCalls.QueryHomeLayout, { Version: version }, { ignoreAlert: true });
}

export function homeLayoutQuery(version: Version) {
  return queryOptions({
    queryKey: queryKeys.site.homeLayout(version),
    queryFn: () => queryHomeLayout(version),
    staleTime: 5 * 60_000,
  });
}

export function useHomeLayout(version: Version) {
  return useQuery(homeLayoutQuery(version));
}
