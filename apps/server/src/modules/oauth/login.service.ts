import type { AccessToken, RequestAccessTokenBody } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { generateToken, hashToken } from '../../lib/crypto.ts';
import { authenticateCustomer, recordSignIn, toLoginUserInfo } from '../customers/index.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { insertAccessToken } from './tokens.repository.ts';

/**
 * Signs a customer in by password or SMS code and issues an access token: a session token, or
 * with RememberMe the long-term token the browser keeps under a company-specific key.
 */
export async function signIn(
  context: ServerContext,
  merchant: Merchant,
  body: RequestAccessTokenBody,
): Promise<AccessToken> {
  const customer = await authenticateCustomer(context, merchant.id, body);

  const now = context.clock.now();
  const token = generateToken();
  const ttlMs = body.RememberMe
    ? context.config.LONG_TERM_TOKEN_TTL_DAYS * 86_400_000
    : context.config.ACCESS_TOKEN_TTL_SECONDS * 1000;
  await insertAccessToken(context.db, {
    token_hash: hashToken(token),
    merchant_id: merchant.id,
    customer_id: customer.id,
    is_long_term: body.RememberMe ? 1 : 0,
    expires_at: now + ttlMs,
    created_at: now,
  });
  await recordSignIn(context, customer.id, now);
  return {
    AccessToken: token,
    IsLongTerm: body.RememberMe,
    ExpiresAt: new Date(now + ttlMs).toISOString(),
    UserInfo: toLoginUserInfo(merchant, { ...customer, last_login_at: now }),
  };
}
