import type { Selectable } from 'kysely';
import type { AccessTokenTable, AppTokenTable, CustomerTable } from '../db/schema.ts';

type AccessTokenColumns = Pick<
  Selectable<AccessTokenTable>,
  'merchant_id' | 'customer_id' | 'expires_at' | 'revoked_at' | 'is_long_term'
>;
type CustomerColumns = Pick<
  Selectable<CustomerTable>,
  'account' | 'mobile_no' | 'nick_name' | 'is_active' | 'created_at' | 'last_login_at' | 'avatar_sha256'
>;

/** An access token with the customer it signs in: what authentication needs of both. */
export type AccessTokenRecord = AccessTokenColumns & CustomerColumns & { tokenHash: string };

/** What authentication needs of an app token's row. */
export type AppTokenRecord = Pick<Selectable<AppTokenTable>, 'expires_at'>;

/**
 * Token look-ups for every authenticated call and revocations (logout, password change). The
 * oauth module implements it with a short cache (TokenVerifier).
 */
export interface TokenStore {
  findAppToken(merchantId: number, token: string): Promise<AppTokenRecord | undefined>;
  findAccessToken(token: string): Promise<AccessTokenRecord | undefined>;
  /** `findAppToken`'s row when the cache holds it (no waiting), else undefined. */
  cachedAppToken(merchantId: number, token: string): AppTokenRecord | undefined;
  /** `findAccessToken`'s row when the cache holds it (no waiting), else undefined. */
  cachedAccessToken(token: string): AccessTokenRecord | undefined;
  revokeToken(merchantId: number, tokenHash: string, now: number): Promise<void>;
  revokeCustomer(customerId: number, now: number, exceptHash?: string): Promise<void>;
  /**
   * The customer's profile changed (nickname, avatar): what was kept of their sessions is read
   * again on their next call (on this instance at once, elsewhere within the cache's lifetime).
   */
  forgetCustomer(customerId: number): void;
}
