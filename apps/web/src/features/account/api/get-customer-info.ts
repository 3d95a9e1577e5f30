import { queryOptions, useQuery } from '@tanstack/react-query';
import { customersCalls } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/cust/info: the signed-in customer's profile. */
export function getCustomerInfo(): Promise<LoginUserInfo> {
  return api.call(customersCalls.info, {});
}

export function customerInfoQuery() {
  return queryOptions({ queryKey: queryKeys.account.info, queryFn: getCustomerInfo, staleTime: 60_000 });
}

export function useCustomerInfo() {
  return useQuery(customerInfoQuery());
}
