/**
 * Paying an order through 微信支付 in the browser, against the local fake of 微信支付 API v3
 * (apps/server/src/test/payment-fakes-cli.ts, its own process): the merchant's account saved by
 * staff, then on a desktop the Native QR code with its countdown, paid by the fake's signed
 * notification; on a phone-sized screen the 微信支付 button opens 微信 H5 支付 and comes back to
 * the pay page, which shows 支付成功.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, staffCall } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import {
  addDefaultAddress,
  orderBusinessCard,
  paidResult,
  snapshotter,
  startPaymentFakes,
  type RunningPaymentFakes,
} from './support/payments.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, signIn } from './support/ui.ts';

const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const snapshot = snapshotter('wechat-pay');

describe('paying by 微信支付 through the fake API', () => {
  let fakes: RunningPaymentFakes | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    fakes = await startPaymentFakes();
    server = await startServer({
      PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
      PAYMENT_WECHAT_API_URL: fakes.fakes.PAYMENT_WECHAT_API_URL,
    });
    await fakes.control('/target', { origin: `http://127.0.0.1:${server.port}` });
    const staff = await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF);
    await staffCall(server, 'SavePaymentGatewaySettings', fakes.fakes.wechat, staff.StaffToken);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signIn(page, server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await addDefaultAddress(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stop();
  });

  it('shows the Native QR code with its countdown on a desktop, and moves on once paid', async () => {
    await orderBusinessCard(page, server!);
    expect(await page.getByRole('button', { name: /支付宝/ }).count()).toBe(0);
    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.getByRole('img', { name: /二维码/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('qr-countdown').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('qr-code-url').getAttribute('href')).toMatch(
      /^weixin:\/\/wxpay\/bizpayurl/,
    );
    expect(await page.getByText('模拟支付').count()).toBe(0);
    await snapshot(page, 'wechat-1-desktop-qr');

    const paid = await fakes!.control<{ delivered: { status: number } }>('/wechat/pay');
    expect(paid.delivered.status).toBe(204);
    expect(await paidResult(page)).toContain('微信支付');
    await snapshot(page, 'wechat-2-desktop-paid');
  });

  it('opens 微信 H5 支付 on a phone and comes back to the paid order', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await orderBusinessCard(page, server!);
    // 微信's H5 page is not reachable here: it is answered as 微信 would, after the payer paid.
    await page.route('https://wx.tenpay.com/**', async (route) => {
      const redirect = new URL(route.request().url()).searchParams.get('redirect_url') ?? '';
      await fakes!.control('/wechat/pay');
      await route.fulfill({ status: 302, headers: { location: redirect } });
    });
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await page.getByText('打开微信付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'wechat-3-phone-choices');
    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.waitForURL((url) => url.searchParams.get('paid_with') === 'wechat', {
      timeout: STEP_TIMEOUT_MS,
    });
    await paidResult(page);
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await snapshot(page, 'wechat-4-phone-paid');
  });
});
