import type { WechatOauthCallback } from '@inkstone/contracts';
import { paymentsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/payment/WechatOauthCallback: the code and state 微信's 网页授权 came back with; the
 * server checks the state is this session's and keeps the payer's openid.
 */
export function wechatOauthCallback(code: string, state: string): Promise<WechatOauthCallback> {
  return api.call(paymentsCalls.WechatOauthCallback, { Code: code, State: state }, { ignoreAlert: true });
}
