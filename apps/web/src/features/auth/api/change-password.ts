import type { ChangePasswordBody } from '@inkstone/contracts';
import { calls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/cust/CustomerChangePassword {OldPassword, Password, ConfirmPassword}. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return api.call(calls.customers.CustomerChangePassword, body);
}
