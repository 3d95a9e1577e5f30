import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { customerCall } from './api.ts';
import type { Browser } from './browser.ts';
import type { RunningServer } from './server.ts';
import { signIn } from './ui.ts';

let nextMobile = 100_000_000 + randomInt(800_000_000);

/** A mobile number no other test of this run uses: 15 followed by nine digits. */
export function freshMobile(): string {
  return `15${nextMobile++}`;
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
  apiCode: number;
}

/**
 * Calls the server's public HTTP API as the merchant `merchant`. Node does not resolve
 * `*.localhost`, so the call goes to 127.0.0.1 (a generic host) and names the merchant in the
 * `domainname` header, as the contract allows.
 */
class MerchantApi {
  private headers: Record<string, string>;

  constructor(
    private readonly server: RunningServer,
    merchant: string,
  ) {
    this.headers = { 'content-type': 'application/json', domainname: merchant };
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${this.server.port}${path}`, {
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!envelope.success) throw new Error(`${path}: ${envelope.apiCode} ${envelope.message}`);
    return envelope.data;
  }

  async start(merchant: string): Promise<void> {
    const company = await this.call<{ AppId: string; AppSecret: string }>(
      'POST',
      '/api/common/CheckDomainName',
      { bizcontent: { domainName: `${merchant}.localhost` } },
    );
    const token = await this.call<{ Token: string }>('POST', '/api/oauth/RequestOauthToken', {
      appid: company.AppId,
      bizcontent: { secret: company.AppSecret },
    });
    this.headers = { ...this.headers, appid: company.AppId, authtoken: token.Token };
  }
}

/**
 * Registers a customer through the same public calls the register page makes (captcha, SMS,
 * Register), solving the slider with the gap position the server stored. For tests whose subject
 * is not registration itself; the register page has its own browser test.
 */
export async function registerCustomer(
  server: RunningServer,
  merchant: string,
  mobile: string,
  password: string,
): Promise<void> {
  const api = new MerchantApi(server, merchant);
  await api.start(merchant);
  const captcha = await api.call<{ challenge: string; sessionId: string }>('GET', '/api/common/GetCaptcha');
  const [row] = server.query<{ answer_x: number }>(
    'SELECT answer_x FROM captchas WHERE challenge = ?',
    captcha.challenge,
  );
  if (!row) throw new Error('the captcha is not in the database');
  const pass = await api.call<{
    geetest_challenge: string;
    geetest_validate: string;
    geetest_seccode: string;
  }>('POST', '/api/common/VerifyCaptcha', {
    bizcontent: { challenge: captcha.challenge, x: row.answer_x, durationMs: 600, trail: [] },
  });
  await api.call('POST', '/api/common/SendSms', {
    bizcontent: {
      MobileNo: mobile,
      MessageType: 1,
      RoleType: 4,
      SessionId: captcha.sessionId,
      Challenge: pass.geetest_challenge,
      Validate: pass.geetest_validate,
      Seccode: pass.geetest_seccode,
    },
  });
  const code = await server.latestSmsCode(mobile);
  await api.call('POST', '/api/cust/Register', {
    bizcontent: { MobileNo: mobile, SmsCode: code, Password: password, ConfirmPassword: password },
  });
}

/**
 * A new customer of 墨砚快印 (demo), registered through the public calls, signed in on a new page
 * of `browser`, with a default delivery address in Shenzhen for `contacts`.
 */
export async function freshCustomerPage(
  server: RunningServer,
  browser: Browser,
  { password, contacts }: { password: string; contacts: string },
): Promise<{ page: Page; mobile: string }> {
  const mobile = freshMobile();
  await registerCustomer(server, 'demo', mobile, password);
  const page = await browser.context.newPage();
  await signIn(page, server.url('demo') + '/login', mobile, password);
  await customerCall(page, '/api/cust/AddDeliverGoodsAddress', {
    contacts,
    phoneNumber: mobile,
    citys: ['440000', '440300', '440305'],
    address: '科技园南区深南大道 9988 号',
    IsDefault: true,
  });
  return { page, mobile };
}
