import type { RegisterBody } from '@inkstone/contracts';
import { customersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/cust/Register {MobileNo, SmsCode, Password, ConfirmPassword}. */
export function register(body: RegisterBody): Promise<unknown> {
  return api.call(customersCalls.Register, body);
}
