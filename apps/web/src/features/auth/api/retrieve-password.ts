import type { RetrievePasswordBody } from '@inkstone/contracts';
import { customersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/cust/RetrievePassword {MobileNo, SmsCode, Password, ConfirmPassword}: reset by SMS code. */
export function retrievePassword(body: RetrievePasswordBody): Promise<unknown> {
  return api.call(customersCalls.RetrievePassword, body);
}
