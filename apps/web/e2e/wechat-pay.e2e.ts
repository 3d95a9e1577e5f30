/**
 * Paying an order through 微信支付 in the browser, against the local fake of 微信支付 API v3
 * (apps/server/src/test/payment-fakes-cli.ts, its own process): the merchant's account saved by
 * staff, then on a desktop the Native QR code with its countdown, paid by the fake's signed
 * notification; on a phone-sized screen the 微信支付 button opens 微信 H5 支付 and comes back to
 * the pay page, which shows 支付成功.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerCall, DEMO_STAFF, staffCall } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, signIn, toast } from './support/ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
/** Set to a directory (outside the repository) to keep screenshots of each step. */
const SCREENSHOT_DIR = process.env.WECHAT_PAY_SCREENSHOT_DIR ?? '';

async function snapshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR)
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

interface Fakes {
  control: string;
  PAYMENT_WECHAT_API_URL: string;
  wechat: Record<string, unknown>;
}

/** Starts the fakes' process and reads the line it prints. */
async function startFakes(): Promise<{ child: ChildProcess; fakes: Fakes }> {
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'apps/server/src/test/payment-fakes-cli.ts')],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the payment fakes exited (${code})`)));
  });
  return { child, fakes: JSON.parse(first) as Fakes };
}

async function control<T>(fakes: Fakes, route: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${fakes.control}${route}`, { method: 'POST', body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/** 商务名片 → 加入购物车 → 立即下单 → 提交订单: the pay page of a new unpaid order is open. */
async function orderBusinessCard(page: Page, server: RunningServer): Promise<void> {
  await page.goto(server.url('demo') + '/proinfo/100/110/111');
  await expect
    .poll(async () => (await page.getByTestId('quote-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /加入购物车/ }).click();
  await toast(page, '已加入购物车').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: /立即下单/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(async () => (await page.getByTestId('checkout-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });
}

describe('paying by 微信支付 through the fake API', () => {
  let fakesProcess: ChildProcess | undefined;
  let fakes: Fakes;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    const started = await startFakes();
    fakesProcess = started.child;
    fakes = started.fakes;
    server = await startServer({
      PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
      PAYMENT_WECHAT_API_URL: fakes.PAYMENT_WECHAT_API_URL,
    });
    await control(fakes, '/target', { origin: `http://127.0.0.1:${server.port}` });
    const staff = await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF);
    await staffCall(server, 'SavePaymentGatewaySettings', fakes.wechat, staff.StaffToken);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signIn(page, server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await customerCall(page, '/api/cust/AddDeliverGoodsAddress', {
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '科技园南区深南大道 9988 号',
      IsDefault: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakesProcess?.stdin?.end();
    fakesProcess?.kill('SIGTERM');
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

    const paid = await control<{ delivered: { status: number } }>(fakes, '/wechat/pay');
    expect(paid.delivered.status).toBe(204);
    await page
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.locator('.ant-result-subtitle').textContent()).toContain('微信支付');
    await snapshot(page, 'wechat-2-desktop-paid');
  });

  it('opens 微信 H5 支付 on a phone and comes back to the paid order', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await orderBusinessCard(page, server!);
    // 微信's H5 page is not reachable here: it is answered as 微信 would, after the payer paid.
    await page.route('https://wx.tenpay.com/**', async (route) => {
      const redirect = new URL(route.request().url()).searchParams.get('redirect_url') ?? '';
      await control(fakes, '/wechat/pay');
      await route.fulfill({ status: 302, headers: { location: redirect } });
    });
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await page.getByText('打开微信付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'wechat-3-phone-choices');
    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.waitForURL((url) => url.searchParams.get('paid_with') === 'wechat', {
      timeout: STEP_TIMEOUT_MS,
    });
    await page
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByRole('img', { name: /二维码/ }).count()).toBe(0);
    await snapshot(page, 'wechat-4-phone-paid');
  });
});
