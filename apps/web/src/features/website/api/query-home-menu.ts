import { queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { HomeMenuEntry, QueryHomeMenuBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Version } from '../../../lib/paths.ts';

export type MenuPosition = QueryHomeMenuBody['Position'];

/** POST /api/website/queryhomemenu: the navigation menu of a version and position, as a tree. */
export function queryHomeMenu(version: Version, position: MenuPosition): Promise<HomeMenuEntry[]> {
  // The shell falls back to its own navigation when this fails, so no toast.
  return api.call(
    websiteCalls.QueryHomeMenu,
    { Version: version, Position: position },
    { ignoreAlert: true },
  );
}

export function homeMenuQuery(version: Version, position: MenuPosition) {
  return queryOptions({
    queryKey: queryKeys.site.menu(version, position),
    queryFn: () => queryHomeMenu(version, position),
    staleTime: Infinity,
  });
}

export function useHomeMenu(version: Version, position: MenuPosition) {
  return useQuery(homeMenuQuery(version, position));
}
