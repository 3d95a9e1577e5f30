/**
 * Paying in the browser against the local fakes of 微信支付 and 支付宝 (docs/payments.md "Running
 * the fakes"): the fakes' own process and its control address, and the ordering steps that lead
 * a signed-in customer to the pay page of a new unpaid order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { customerCall } from './api.ts';
import { stepScreenshot } from './screenshots.ts';
import type { RunningServer } from './server.ts';
import { STEP_TIMEOUT_MS, toast } from './ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What apps/server/src/test/payment-fakes-cli.ts prints: URLs, a control address, settings to save. */
export interface PaymentFakes {
  control: string;
  PAYMENT_WECHAT_API_URL: string;
  /** The fake's 网页授权 (微信内支付): the same fake answers both. */
  PAYMENT_WECHAT_OAUTH_URL: string;
  PAYMENT_WECHAT_SNS_API_URL: string;
  PAYMENT_ALIPAY_GATEWAY_URL: string;
  /** SavePaymentGatewaySettings of the fake 微信支付 merchant. */
  wechat: Record<string, unknown>;
  /** Its 公众号 (OfficialAppId, OfficialAppSecret), to add to `wechat` for 微信内支付. */
  wechatOfficial: Record<string, unknown>;
  /** SavePaymentGatewaySettings of the fake 支付宝 application. */
  alipay: Record<string, unknown>;
  /** SavePaymentGatewaySettings of a fake 支付宝 application in 公钥证书 mode (three certificates). */
  alipayCert: Record<string, unknown>;
}

export interface RunningPaymentFakes {
  fakes: PaymentFakes;
  /**
   * POSTs to the control address (`/target`, `/wechat/pay`, `/wechat/bridge-pay`, `/wechat/refund`,
   * `/alipay/pay`) and reads its answer.
   */
  control<T>(route: string, body?: unknown): Promise<T>;
  stop(): void;
}

/**
 * Starts the fakes' process and reads the line it prints. `env` adds to its environment
 * (FAKE_WECHAT_CERTIFICATES=1: the fake 微信支付 signs with a downloadable platform certificate).
 */
export async function startPaymentFakes(env: Record<string, string> = {}): Promise<RunningPaymentFakes> {
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'apps/server/src/test/payment-fakes-cli.ts')],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the payment fakes exited (${code})`)));
  });
  const fakes = JSON.parse(first) as PaymentFakes;
  return {
    fakes,
    async control<T>(route: string, body: unknown = {}): Promise<T> {
      const response = await fetch(`${fakes.control}${route}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return (await response.json()) as T;
    },
    stop() {
      child.stdin?.end();
      child.kill('SIGTERM');
    },
  };
}

/** The signed-in customer's default delivery address, so checkout can submit. */
export async function addDefaultAddress(page: Page): Promise<void> {
  await customerCall(page, '/api/cust/AddDeliverGoodsAddress', {
    contacts: '张三',
    phoneNumber: '13800138000',
    citys: ['440000', '440300', '440305'],
    address: '科技园南区深南大道 9988 号',
    IsDefault: true,
  });
}

/** 商务名片 → 加入购物车 → 立即下单 → 提交订单: the pay page of a new unpaid order is open. */
export async function orderBusinessCard(page: Page, server: RunningServer): Promise<void> {
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

/** Waits for the pay page's 支付成功 and answers its subtitle (which names how it was paid). */
export async function paidResult(page: Page): Promise<string> {
  await page
    .locator('.ant-result-title')
    .filter({ hasText: '支付成功' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  return (await page.locator('.ant-result-subtitle').textContent()) ?? '';
}

/** Pictures of the steps, named `<prefix>-<name>`, when a run asks for them (screenshots.ts). */
export function snapshotter(prefix: string): (page: Page, name: string) => Promise<void> {
  return (page, name) => stepScreenshot(page, `${prefix}-${name}`, { fullPage: true });
}

/** ¥1,234.56 → 123456. */
export function fenOf(text: string | null): number {
  const match = /¥([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

/** The balance page of `demo`: its balance in fen, and the 充值 dialog opened. */
export async function openRecharge(
  page: Page,
  server: RunningServer,
): Promise<{ before: number; dialog: Locator }> {
  await page.goto(server.url('demo') + '/user/sys/balance');
  const amount = page.getByTestId('balance-amount');
  await amount.waitFor({ timeout: STEP_TIMEOUT_MS });
  const before = fenOf(await amount.textContent());
  await page.getByRole('button', { name: /^充\s*值$/ }).click();
  const dialog = page.getByRole('dialog', { name: '账户充值' });
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  return { before, dialog };
}
