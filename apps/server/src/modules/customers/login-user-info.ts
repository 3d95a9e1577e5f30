import type { LoginUserInfo } from '@inkstone/contracts';
import type { AuthenticatedCustomer } from '../../plugins/auth.ts';
import type { Merchant } from '../../lib/merchant.ts';
import type { Customer } from './customers.repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A customer row (or the request's authenticated customer) as LoginUserInfo. */
export function toLoginUserInfo(
  merchant: Merchant,
  customer: Customer | AuthenticatedCustomer,
): LoginUserInfo {
  if ('tokenHash' in customer) {
    return {
      CustomerId: customer.id,
      Account: customer.account,
      MobileNo: customer.mobileNo,
      NickName: customer.nickName,
      CompanyCode: merchant.code,
      CreateTime: new Date(customer.createdAt).toISOString(),
      LastLoginTime: iso(customer.lastLoginAt),
    };
  }
  return {
    CustomerId: customer.id,
    Account: customer.account,
    MobileNo: customer.mobile_no,
    NickName: customer.nick_name,
    CompanyCode: merchant.code,
    CreateTime: new Date(customer.created_at).toISOString(),
    LastLoginTime: iso(customer.last_login_at),
  };
}
