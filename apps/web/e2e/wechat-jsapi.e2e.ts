/**
 * 微信内支付 (JSAPI) in the browser, against the local fake of 微信支付 and 微信's 网页授权
 * (apps/server/src/test/payment-fakes-cli.ts): Chromium plays 微信's browser on a phone (its
 * User-Agent says MicroMessenger). The merchant saved its 微信支付 account with the 公众号 and its
 * 支付宝 account. The pay page hides 支付宝 behind a hint to open the page in the browser; 微信支付
 * goes through the fake's 网页授权 and back, and a test-provided `WeixinJSBridge` stands in for
 * 微信's client — it checks nothing itself: it hands the parameters to the fake, which checks
 * paySign and pays the prepay_id (sending the signed notification), then it calls back ok. The
 * page waits for the server to say paid and goes to the order. 充值 inside 微信 pays the same way
 * (WechatJsapiRecharge, then the bridge) and the balance shows the recharge once the server says so.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, staffCall } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import {
  addDefaultAddress,
  fenOf,
  openRecharge,
  orderBusinessCard,
  snapshotter,
  startPaymentFakes,
  type RunningPaymentFakes,
} from './support/payments.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, signIn } from './support/ui.ts';

const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';
const snapshot = snapshotter('wechat-jsapi');

/**
 * 微信's client as far as the page sees it: `WeixinJSBridge` arrives a moment after the page (so
 * the page must wait for `WeixinJSBridgeReady`), and `getBrandWCPayRequest` hands its parameters
 * to the test (`__wechatClientPay`), calling back what the fake made of them.
 */
const BRIDGE_SCRIPT = `
  window.__bridgeCalls = [];
  setTimeout(() => {
    window.WeixinJSBridge = {
      invoke(name, params, callback) {
        window.__bridgeCalls.push({ name, params });
        window.__wechatClientPay(params).then((answer) => {
          callback({ err_msg: answer && answer.delivered ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail' });
        });
      },
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
  }, 300);
`;

describe('paying inside 微信 by JSAPI through the fake', () => {
  let fakes: RunningPaymentFakes | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const visited: string[] = [];

  beforeAll(async () => {
    fakes = await startPaymentFakes();
    server = await startServer({
      PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
      PAYMENT_WECHAT_API_URL: fakes.fakes.PAYMENT_WECHAT_API_URL,
      PAYMENT_WECHAT_OAUTH_URL: fakes.fakes.PAYMENT_WECHAT_OAUTH_URL,
      PAYMENT_WECHAT_SNS_API_URL: fakes.fakes.PAYMENT_WECHAT_SNS_API_URL,
      PAYMENT_ALIPAY_GATEWAY_URL: fakes.fakes.PAYMENT_ALIPAY_GATEWAY_URL,
    });
    await fakes.control('/target', { origin: `http://127.0.0.1:${server.port}` });
    const staff = await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF);
    await staffCall(
      server,
      'SavePaymentGatewaySettings',
      { ...fakes.fakes.wechat, ...fakes.fakes.wechatOfficial },
      staff.StaffToken,
    );
    await staffCall(server, 'SavePaymentGatewaySettings', fakes.fakes.alipay, staff.StaffToken);
    browser = await launchBrowser({ width: 390, height: 844, userAgent: WECHAT_USER_AGENT });
    page = await browser.context.newPage();
    await page.exposeFunction('__wechatClientPay', (params: unknown) =>
      fakes!.control('/wechat/bridge-pay', params),
    );
    await page.addInitScript(BRIDGE_SCRIPT);
    // Every address the page went to, redirects included.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
    });
    await signIn(page, server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await addDefaultAddress(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stop();
  });

  it('goes through 网页授权 once, pays in the page, and shows the order paid', async () => {
    await orderBusinessCard(page, server!);
    // 支付宝 cannot open inside 微信: a hint, no button.
    await page.getByTestId('alipay-open-in-browser').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('alipay-open-in-browser').textContent()).toContain('在浏览器打开');
    expect(await page.getByRole('button', { name: /支付宝/ }).count()).toBe(0);
    await page.getByText('在微信内付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'jsapi-1-choices');

    const payUrl = new URL(page.url());
    await page.getByRole('button', { name: /微信支付/ }).click();
    // The order page of the paid order, once the server says paid.
    await page.waitForURL((url) => url.pathname !== '/user/order/pay', { timeout: STEP_TIMEOUT_MS * 2 });
    await page.getByText('待审稿').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'jsapi-2-order-paid');

    // It went through the fake's 网页授权 and came back to the pay page with a code.
    const authorize = visited.find((url) => url.includes('/connect/oauth2/authorize'));
    expect(authorize).toBeDefined();
    const asked = new URL(authorize!);
    expect(asked.searchParams.get('scope')).toBe('snsapi_base');
    expect(asked.searchParams.get('redirect_uri')).toBe(
      `${payUrl.origin}/user/order/pay?no=${payUrl.searchParams.get('no')}`,
    );
    expect(visited.some((url) => url.startsWith(payUrl.origin) && /[?&]code=/.test(url))).toBe(true);
    const calls = await page.evaluate(
      () =>
        (window as unknown as { __bridgeCalls: { name: string; params: { package: string } }[] })
          .__bridgeCalls,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('getBrandWCPayRequest');
    expect(calls[0]!.params.package).toMatch(/^prepay_id=/);
  });

  it('pays the next order without 网页授权 again', async () => {
    visited.length = 0;
    await orderBusinessCard(page, server!);
    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.waitForURL((url) => url.pathname !== '/user/order/pay', { timeout: STEP_TIMEOUT_MS * 2 });
    await page.getByText('待审稿').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(visited.some((url) => url.includes('/connect/oauth2/authorize'))).toBe(false);
  });

  it('recharges 50 元 with 微信支付 in the page, and the balance shows +50', async () => {
    visited.length = 0;
    const { before, dialog } = await openRecharge(page, server!);
    // Inside 微信: no 支付宝 button, the hint instead; 微信支付 pays in the page.
    expect(await dialog.getByTestId('alipay-open-in-browser').textContent()).toContain('在浏览器打开');
    expect(await dialog.getByRole('button', { name: /支付宝/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /生成付款码/ }).count()).toBe(0);
    await dialog.getByLabel('充值金额').fill('50');
    await dialog.getByText('在微信内付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'jsapi-3-recharge');
    const callsBefore = await page.evaluate(
      () => (window as unknown as { __bridgeCalls: unknown[] }).__bridgeCalls.length,
    );
    await dialog.getByRole('button', { name: /微信支付（¥50\.00）/ }).click();

    await dialog.getByText('充值成功').waitFor({ timeout: STEP_TIMEOUT_MS * 2 });
    expect(await dialog.textContent()).toContain('已到账 ¥50.00');
    expect(fenOf(await dialog.getByTestId('recharge-balance').textContent())).toBe(before + 5_000);
    await snapshot(page, 'jsapi-4-recharged');
    // The openid was known: no 网页授权, no phone H5 page; the bridge was asked once.
    expect(visited.some((url) => url.includes('/connect/oauth2/authorize'))).toBe(false);
    expect(visited.some((url) => !url.startsWith(server!.url('demo')))).toBe(false);
    const calls = await page.evaluate(
      () => (window as unknown as { __bridgeCalls: { name: string }[] }).__bridgeCalls,
    );
    expect(calls.length - callsBefore).toBe(1);
    expect(calls.at(-1)!.name).toBe('getBrandWCPayRequest');

    await dialog.getByRole('button', { name: /完\s*成/ }).click();
    await expect
      .poll(async () => fenOf(await page.getByTestId('balance-amount').textContent()), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBe(before + 5_000);
  });
});
