import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accessTokenSchema,
  loginUserInfoSchema,
  oauthTokenSchema,
  requestAccessTokenBodySchema,
  requestOauthTokenBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken, safeEqual } from '../../lib/crypto.ts';
import { defineCall, emptyInputSchema, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { toLoginUserInfo } from '../customers/customers.mapper.ts';
import { findApiClient } from '../merchants/merchants.repository.ts';
import { signIn } from './login.service.ts';
import { insertAppToken } from './tokens.repository.ts';

/** RequestOauthToken, RequestAccessToken, LoginUserInfo and Logout. */
export function registerOauthRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/oauth/RequestOauthToken',
    summary: '用商户的客户端凭据申请应用令牌（authtoken），到期需重新申请',
    tags: ['oauth'],
    auth: 'public',
    rawBody: true,
    input: requestOauthTokenBodySchema,
    output: oauthTokenSchema,
    handle: async ({ request, input }) => {
      const merchant = requireMerchant(request);
      const client = await findApiClient(context.db, input.appid);
      if (
        !client ||
        client.merchant_id !== merchant.id ||
        !safeEqual(hashToken(input.bizcontent.secret), client.secret_hash)
      ) {
        throw new AppError('AppCredentialsInvalid');
      }
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
    },
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/oauth/RequestAccessToken',
    summary: '客户登录：密码登录（LoginType 1）或短信验证码登录（LoginType 2）；RememberMe 返回长期令牌',
    tags: ['oauth'],
    auth: 'app',
    input: requestAccessTokenBodySchema,
    output: accessTokenSchema,
    successMessage: '登录成功',
    handle: async ({ request, input }) => signIn(context, requireMerchant(request), input),
  });

  defineCall(app, {
    method: 'GET',
    url: '/api/oauth/LoginUserInfo',
    summary: '当前登录客户的信息',
    tags: ['oauth'],
    auth: 'customer',
    input: emptyInputSchema,
    output: loginUserInfoSchema,
    handle: async ({ request }) => toLoginUserInfo(requireMerchant(request), requireCustomer(request)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/oauth/Logout',
    summary: '退出登录：注销当前访问令牌，之后此令牌返回 -202',
    tags: ['oauth'],
    auth: 'customer',
    input: emptyInputSchema,
    output: z.null(),
    successMessage: '已退出登录',
    handle: async ({ request }) => {
      await context.tokens.revokeToken(
        requireMerchant(request).id,
        requireCustomer(request).tokenHash,
        context.clock.now(),
      );
      return null;
    },
  });
}
