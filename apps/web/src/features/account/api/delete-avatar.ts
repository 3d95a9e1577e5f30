import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customersCalls } from '@inkstone/contracts';
import type { LoginUserInfo } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { applyCustomerInfo } from './update-customer-info.ts';

/** POST /api/cust/DeleteAvatar: the profile without an avatar. */
export function deleteAvatar(): Promise<LoginUserInfo> {
  return api.call(customersCalls.DeleteAvatar, {});
}

export function useDeleteAvatar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (info) => applyCustomerInfo(client, info) });
}
