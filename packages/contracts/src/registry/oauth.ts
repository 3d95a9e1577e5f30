/** The calls of the server's oauth module (apps/server/src/modules/oauth). */
import { z } from 'zod';
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import {
  accessTokenSchema,
  loginUserInfoSchema,
  oauthTokenSchema,
  requestAccessTokenBodySchema,
  requestOauthTokenBodySchema,
} from '../calls/oauth.ts';

export const oauthCalls = {
  RequestOauthToken: defineContract({
    method: 'POST',
    path: '/api/oauth/RequestOauthToken',
    summary: '用商户的客户端凭据申请应用令牌（authtoken），到期需重新申请',
    tags: ['oauth'],
    auth: 'public',
    rawBody: true,
    rateLimit: { group: 'appToken' },
    input: requestOauthTokenBodySchema,
    output: oauthTokenSchema,
  }),
  RequestAccessToken: defineContract({
    method: 'POST',
    path: '/api/oauth/RequestAccessToken',
    summary: '客户登录：密码登录（LoginType 1）或短信验证码登录（LoginType 2）；RememberMe 返回长期令牌',
    tags: ['oauth'],
    auth: 'app',
    input: requestAccessTokenBodySchema,
    output: accessTokenSchema,
    rateLimit: { group: 'login', perAccount: 'Account' },
    successMessage: '登录成功',
  }),
  LoginUserInfo: defineContract({
    method: 'GET',
    path: '/api/oauth/LoginUserInfo',
    summary: '当前登录客户的信息',
    tags: ['oauth'],
    auth: 'customer',
    input: emptyInputSchema,
    output: loginUserInfoSchema,
  }),
  Logout: defineContract({
    method: 'POST',
    path: '/api/oauth/Logout',
    summary: '退出登录：注销当前访问令牌，之后此令牌返回 -202',
    tags: ['oauth'],
    auth: 'customer',
    input: emptyInputSchema,
    output: z.null(),
    successMessage: '已退出登录',
  }),
};
