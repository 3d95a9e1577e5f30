import { queryOptions, useQuery } from '@tanstack/react-query';
import { websiteCalls } from '@inkstone/contracts';
import type { Ad, AdPosition } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/website/QueryAd: the banners of one position showing now, in order. */
export function queryAd(position: AdPosition): Promise<Ad[]> {
  // A page without its banners still works: no toast, the page leaves the space out.
  return api.call(websiteCalls.QueryAd, { Position: position }, { ignoreAlert: true });
}

export function adsQuery(position: AdPosition) {
  return queryOptions({
    queryKey: queryKeys.site.ads(position),
    queryFn: () => queryAd(position),
    staleTime: 5 * 60_000,
  });
}

export function useAds(position: AdPosition) {
  return useQuery(adsQuery(position));
}
