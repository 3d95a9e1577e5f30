import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { customersCalls } from '@inkstone/contracts';
import type { LoginUserInfo, UpdateCustomerInfoBody } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { session } from '../../../lib/session.ts';

/** POST /api/cust/UpdateCustomerInfo {NickName}: the profile as saved. */
export function updateCustomerInfo(body: UpdateCustomerInfoBody): Promise<LoginUserInfo> {
  return api.call(customersCalls.UpdateCustomerInfo, body);
}

/**
 * The profile the server returned after a change (nickname, avatar): the settings page's copy and
 * the session's, which the header reads, so both show it at once and after a reload.
 */
export function applyCustomerInfo(client: QueryClient, info: LoginUserInfo): void {
  client.setQueryData(queryKeys.account.info, info);
  session.patch({ currentInfo: info, account: info.Account });
}

export function useUpdateCustomerInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerInfo,
    onSuccess: (info) => applyCustomerInfo(client, info),
  });
}
