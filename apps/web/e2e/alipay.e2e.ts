/**
 * Paying through 支付宝 in the browser, against the local fake of its OpenAPI gateway
 * (apps/server/src/test/payment-fakes-cli.ts, its own process): the merchant's application saved by
 * staff; on a desktop the 当面付 QR code of an order and of a recharge, paid by the fake's signed
 * notification while the page waits; on a phone-sized screen the 支付宝 button opens
 * 手机网站支付 on the fake's 收银台, which pays and sends the payer back — to the pay page, which
 * shows 支付成功, and to the balance page, which shows the recharge arrived and the new balance.
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
  paidResult,
  snapshotter,
  startPaymentFakes,
  type RunningPaymentFakes,
} from './support/payments.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, signIn } from './support/ui.ts';

const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const snapshot = snapshotter('alipay');

describe('paying by 支付宝 through the fake gateway', () => {
  let fakes: RunningPaymentFakes | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    fakes = await startPaymentFakes();
    server = await startServer({
      PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
      PAYMENT_ALIPAY_GATEWAY_URL: fakes.fakes.PAYMENT_ALIPAY_GATEWAY_URL,
    });
    await fakes.control('/target', { origin: `http://127.0.0.1:${server.port}` });
    const staff = await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF);
    await staffCall(server, 'SavePaymentGatewaySettings', fakes.fakes.alipay, staff.StaffToken);
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

  it('shows the 当面付 QR code of an order on a desktop, and moves on once paid', async () => {
    await orderBusinessCard(page, server!);
    expect(await page.getByRole('button', { name: /微信支付/ }).count()).toBe(0);
    await page.getByRole('button', { name: /支付宝/ }).click();
    await page.getByRole('img', { name: /二维码/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('qr-countdown').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('qr-code-url').getAttribute('href')).toMatch(
      /^https:\/\/qr\.alipay\.com\/bax0/,
    );
    expect(await page.getByText('模拟支付').count()).toBe(0);
    await snapshot(page, 'alipay-1-desktop-qr');

    const paid = await fakes!.control<{ delivered: { status: number; body: string } }>('/alipay/pay');
    expect(paid.delivered).toEqual({ status: 200, body: 'success' });
    expect(await paidResult(page)).toContain('支付宝');
    await snapshot(page, 'alipay-2-desktop-paid');
  });

  it('recharges by the QR code on a desktop', async () => {
    const { before, dialog } = await openRecharge(page, server!);
    await dialog.getByText('支付宝', { exact: true }).click();
    await dialog.getByRole('button', { name: /生成付款码/ }).click();
    await dialog.getByRole('img', { name: '支付宝付款码' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const paid = await fakes!.control<{ delivered: { body: string } }>('/alipay/pay');
    expect(paid.delivered.body).toBe('success');
    await dialog.getByText('充值成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(fenOf(await dialog.getByTestId('recharge-balance').textContent())).toBe(before + 10_000);
    await snapshot(page, 'alipay-3-desktop-recharged');
  });

  it('opens 手机网站支付 on a phone, pays at the 收银台 and comes back to the paid order', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await orderBusinessCard(page, server!);
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await page.getByText('打开支付宝付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /支付宝/ }).click();
    await page.getByText(/支付宝收银台：订单支付 ¥[\d.]+/).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(new URL(page.url()).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    await snapshot(page, 'alipay-4-phone-cashier');
    await page.getByRole('button', { name: '确认付款' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/user/order/pay' && url.searchParams.get('paid_with') === 'alipay',
      { timeout: STEP_TIMEOUT_MS },
    );
    expect(await paidResult(page)).toContain('支付宝');
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await snapshot(page, 'alipay-5-phone-paid');
  });

  it('recharges on a phone through 手机网站支付 and shows the new balance on return', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { before, dialog } = await openRecharge(page, server!);
    expect(await dialog.getByRole('button', { name: /生成付款码/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: '500 元' }).click();
    await snapshot(page, 'alipay-6-phone-recharge');
    await dialog.getByRole('button', { name: /支付宝（¥500\.00）/ }).click();
    await page.getByText('支付宝收银台：余额充值 ¥500.00').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: '确认付款' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/user/sys/balance' &&
        url.searchParams.get('paid_with') === 'alipay' &&
        /^P\d+$/.test(url.searchParams.get('no') ?? ''),
      { timeout: STEP_TIMEOUT_MS },
    );
    const back = page.getByRole('dialog', { name: '账户充值' });
    await back.getByText('充值成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await back.textContent()).toContain('已到账 ¥500.00');
    expect(fenOf(await back.getByTestId('recharge-balance').textContent())).toBe(before + 50_000);
    await snapshot(page, 'alipay-7-phone-recharged');
    await back.getByRole('button', { name: /完\s*成/ }).click();
    await expect
      .poll(async () => fenOf(await page.getByTestId('balance-amount').textContent()), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBe(before + 50_000);
    expect(new URL(page.url()).searchParams.get('no')).toBeNull();
  });
});
