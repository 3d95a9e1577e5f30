import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken } from '../../lib/crypto.ts';
import { oauthCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { toLoginUserInfo } from '../customers/index.ts';
import { verifyApiClient } from '../merchants/index.ts';
import { signIn } from './login.service.ts';
import { insertAppToken } from './tokens.repository.ts';

/** RequestOauthToken, RequestAccessToken, LoginUserInfo and Logout. */
export function registerOauthRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.RequestOauthToken, async ({ request, input }) => {
    const merchant = requireMerchant(request);
    const client = await verifyApiClient(context.db, merchant.id, input.appid, input.bizcontent.secret);
    if (!client) throw new AppError('AppCredentialsInvalid');
    const now = context.clock.now();
    const token = generateToken();
    const ttlMs = context.config.APP_TOKEN_TTL_SECONDS * 1000;
    await insertAppToken(context.db, {
      token_hash: hashToken(token),
      merchant_id: merchant.id,
      api_client_id: client.id,
      expires_at: now + ttlMs,
      created_at: now,
    });
    return {
      Token: token,
      ExpiresIn: context.config.APP_TOKEN_TTL_SECONDS,
      ExpiresAt: new Date(now + ttlMs).toISOString(),
    };
  });

  defineCall(app, calls.RequestAccessToken, async ({ request, input }) =>
    signIn(context, requireMerchant(request), input),
  );

  defineCall(app, calls.LoginUserInfo, async ({ request }) =>
    toLoginUserInfo(requireMerchant(request), requireCustomer(request)),
  );

  defineCall(app, calls.Logout, async ({ request }) => {
    await context.tokens.revokeToken(
      requireMerchant(request).id,
      requireCustomer(request).tokenHash,
      context.clock.now(),
    );
    return null;
  });
}
