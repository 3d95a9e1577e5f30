import type { LoginUserInfo } from '@inkstone/contracts';
import type { AuthenticatedCustomer } from '../../plugins/auth.ts';
import type { Merchant } from '../../lib/merchant.ts';
import type { Customer } from './customers.repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The avatar's address, `/api/avatars/<sha256>.webp` on the merchant's own host: named by its
 * content, so it may be cached for good. Null without one.
 */
export function avatarPath(sha256: string | null): string | null {
  return sha256 === null ? null : `/api/avatars/${sha256}.webp`;
}

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
      Avatar: avatarPath(customer.avatarSha256),
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
    Avatar: avatarPath(customer.avatar_sha256),
  };
}
