/**
 * 微信 网页授权 (公众号 OAuth 2.0, scope snsapi_base) for 微信内支付 (docs/payments.md): the payer
 * is sent to 微信's authorize page, which comes back to the site with a `code`; the server
 * exchanges it, with the 公众号's AppID and AppSecret, for the payer's openid at that 公众号. Both
 * base URLs are configurable (PAYMENT_WECHAT_OAUTH_URL, PAYMENT_WECHAT_SNS_API_URL), so tests point
 * them at a local fake.
 */
import { GatewayError } from './payment-gateway.ts';

export interface WechatOauthOptions {
  /** https://open.weixin.qq.com, or a test's fake. */
  authorizeBaseUrl: string;
  /** https://api.weixin.qq.com, or a test's fake. */
  apiBaseUrl: string;
  timeoutMs?: number;
}

/** The 网页授权 link: `snsapi_base` (silent, openid only), back to `redirectUri` with code and state. */
export function wechatAuthorizeUrl(
  options: WechatOauthOptions,
  appId: string,
  redirectUri: string,
  state: string,
): string {
  const url = new URL('/connect/oauth2/authorize', options.authorizeBaseUrl);
  // 微信 reads the parameters in this order; `#wechat_redirect` ends the link.
  const query = [
    ['appid', appId],
    ['redirect_uri', redirectUri],
    ['response_type', 'code'],
    ['scope', 'snsapi_base'],
    ['state', state],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `${url.origin}${url.pathname}?${query}#wechat_redirect`;
}

/**
 * 通过 code 换取网页授权 access_token: answers the payer's openid. 微信 refuses a code used before
 * or unknown (errcode 40163, 40029) and a wrong AppSecret (40125); each throws a GatewayError with
 * 微信's code and a Chinese message.
 */
export async function exchangeWechatCode(
  options: WechatOauthOptions,
  credentials: { appId: string; appSecret: string },
  code: string,
): Promise<{ openid: string }> {
  const url = new URL('/sns/oauth2/access_token', options.apiBaseUrl);
  url.searchParams.set('appid', credentials.appId);
  url.searchParams.set('secret', credentials.appSecret);
  url.searchParams.set('code', code);
  url.searchParams.set('grant_type', 'authorization_code');
  let data: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    data = await response.json();
  } catch {
    throw new GatewayError('NETWORK', '无法连接微信网页授权，请稍后再试', false);
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const openid = typeof record.openid === 'string' ? record.openid : '';
  if (openid && /^[A-Za-z0-9_-]{1,128}$/.test(openid)) return { openid };
  const errcode = typeof record.errcode === 'number' ? record.errcode : 0;
  const reason =
    OAUTH_ERRORS[errcode] ?? (typeof record.errmsg === 'string' ? record.errmsg : '未返回 openid');
  throw new GatewayError(
    String(errcode || 'BAD_RESPONSE'),
    `微信网页授权失败：${reason}（${errcode}）`,
    true,
  );
}

/** 微信's documented errcodes of the code exchange, in Chinese. */
const OAUTH_ERRORS: Record<number, string> = {
  40029: '授权码无效',
  40163: '授权码已使用',
  40125: '公众号 AppSecret 不正确',
  40013: '公众号 AppID 不正确',
  41008: '缺少授权码',
  42003: '授权码已过期',
};
