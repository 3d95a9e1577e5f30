import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantsCalls } from '@inkstone/contracts';
import { api } from './api-client.ts';

/**
 * POST /api/website/GetWebConfig: name, contact details, ICP number and notice of the merchant's
 * site, read by every layout (the login page's too). Its cache key is the one not in
 * query-keys.ts, so that the first page does not load the keys of every other read.
 */
export const webConfigQuery = queryOptions({
  queryKey: ['website', 'web-config'],
  // The shell falls back to the company info when this fails, so no toast.
  queryFn: () => api.call(merchantsCalls.GetWebConfig, {}, { ignoreAlert: true }),
  staleTime: Infinity,
});

export function useWebConfig() {
  return useQuery(webConfigQuery);
}
