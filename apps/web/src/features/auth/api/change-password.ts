import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@inkstone/contracts';
import { customersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/cust/CustomerChangePassword {OldPassword, Password, ConfirmPassword}; other sessions end. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return api.call(customersCalls.CustomerChangePassword, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
