import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestHeader, type CallAuth } from '@inkstone/contracts';
import type { ServerContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Merchant } from '../lib/merchant.ts';
import type { AccessTokenRecord, AppTokenRecord } from '../lib/tokens.ts';

/** The signed-in customer of a request, as the access token names them. */
export interface AuthenticatedCustomer {
  id: number;
  account: string;
  mobileNo: string;
  nickName: string;
  createdAt: number;
  lastLoginAt: number | null;
  /** SHA-256 of the avatar (docs/settings.md), or null. */
  avatarSha256: string | null;
  tokenHash: string;
  isLongTerm: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: AuthenticatedCustomer | null;
  }
}

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * The auth levels of the wire contract. -101: the app token is missing, unknown, expired or another
 * merchant's. -200: no access token. -201: the access token expired. -202: it is unknown,
 * revoked, another merchant's, or its account was disabled.
 */
export function registerAuth(app: FastifyInstance, context: ServerContext): void {
  app.decorateRequest('customer', null);

  const signIn = (
    request: FastifyRequest,
    merchant: Merchant,
    now: number,
    row: AccessTokenRecord | undefined,
  ) => {
    if (!row || row.merchant_id !== merchant.id || row.revoked_at !== null || row.is_active !== 1) {
      throw new AppError('LoginRevoked');
    }
    if (row.expires_at <= now) throw new AppError('LoginExpired');
    request.customer = {
      id: row.customer_id,
      account: row.account,
      mobileNo: row.mobile_no,
      nickName: row.nick_name,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
      avatarSha256: row.avatar_sha256,
      tokenHash: row.tokenHash,
      isLongTerm: row.is_long_term === 1,
    };
  };

  const checkAccessToken = (
    request: FastifyRequest,
    merchant: Merchant,
    now: number,
    appRow: AppTokenRecord | undefined,
    level: CallAuth,
  ): Promise<void> | undefined => {
    if (!appRow || appRow.expires_at <= now) throw new AppError('AppTokenInvalid');
    if (level !== 'customer') return undefined;
    const accessToken = headerValue(request, RequestHeader.AccessToken);
    if (!accessToken) throw new AppError('LoginRequired');
    if (accessToken.length > 200) throw new AppError('LoginRevoked');
    const cached = context.tokens.cachedAccessToken(accessToken);
    if (cached) {
      signIn(request, merchant, now, cached);
      return undefined;
    }
    return context.tokens.findAccessToken(accessToken).then((row) => signIn(request, merchant, now, row));
  };

  /** Checks the call's tokens; without waiting (and without a promise) when both are cached. */
  const authenticate = (request: FastifyRequest): Promise<void> | undefined => {
    const level = request.routeOptions.config.auth;
    // 'staff': the stafftoken is checked by the staff module's hook for that level (modules/staff).
    if (!level || level === 'public' || level === 'staff') return undefined;
    const merchant = request.merchant;
    if (!merchant) throw new AppError('MerchantUnknown');
    const now = context.clock.now();

    const appToken = headerValue(request, RequestHeader.AuthToken);
    if (!appToken || appToken.length > 200) throw new AppError('AppTokenInvalid');
    const cached = context.tokens.cachedAppToken(merchant.id, appToken);
    if (cached) return checkAccessToken(request, merchant, now, cached, level);
    return context.tokens
      .findAppToken(merchant.id, appToken)
      .then((row) => checkAccessToken(request, merchant, now, row, level));
  };

  app.addHook('preValidation', (request, _reply, done) => {
    const pending = authenticate(request);
    if (!pending) return done();
    pending.then(
      () => done(),
      (error: unknown) => done(error as Error),
    );
  });
}
