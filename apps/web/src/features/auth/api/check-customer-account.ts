import { ApiCode } from '@inkstone/contracts';
import { customersCalls } from '@inkstone/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';

/**
 * POST /api/cust/CheckCustomerAccount. True when the account is already registered (apiCode
 * -1001, asked with ignoreExists so the form says it beside the field instead of a toast).
 */
export async function isAccountRegistered(account: string): Promise<boolean> {
  try {
    await api.call(customersCalls.CheckCustomerAccount, { Account: account }, { ignoreExists: true });
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.apiCode === ApiCode.AlreadyExists) return true;
    throw error;
  }
}
