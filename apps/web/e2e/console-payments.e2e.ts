/**
 * The console's 支付与短信 against the local fake of 微信支付 API v3 (its own process,
 * apps/server/src/test/payment-fakes-cli.ts): an administrator saves the fake merchant's account
 * in the form (keys pasted, never shown again), runs 测试支付 0.01 元, the fake pays the test
 * trade and sends its signed, encrypted notification, and the page shows 支付成功.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { snapshotter, startPaymentFakes, type RunningPaymentFakes } from './support/payments.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';

const snapshot = snapshotter('console-payments');

describe('支付与短信 in the console, with 测试支付 through the fake 微信支付', () => {
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
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stop();
  });

  it('saves the 微信支付 account, pays 0.01 元 by the test code and shows 支付成功', async () => {
    await page.goto(server!.url('demo') + '/console/payments', { timeout: STEP_TIMEOUT_MS });
    await page.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await page.getByLabel('账号').fill(DEMO_STAFF.Account);
    await page.getByLabel('密码').fill(DEMO_STAFF.Password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/console/payments', { timeout: STEP_TIMEOUT_MS });
    await page.getByRole('menuitem', { name: '支付与短信' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    const card = page.getByTestId('gateway-wechat');
    await card.getByText('未配置').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await card.getByTestId('notify-url-wechat').textContent()).toMatch(
      /\/api\/payment\/notify\/wechat\/demo$/,
    );
    expect(await card.getByRole('button', { name: /测试支付/ }).isDisabled()).toBe(true);

    const account = fakes!.fakes.wechat as {
      MchId: string;
      AppId: string;
      MerchantSerialNo: string;
      PrivateKey: string;
      ApiV3Key: string;
      PlatformSerial: string;
      PlatformPublicKey: string;
    };
    await card.getByLabel('商户号').fill(account.MchId);
    await card.getByLabel('AppID', { exact: true }).fill(account.AppId);
    await card.getByLabel('商户 API 证书序列号').fill(account.MerchantSerialNo);
    await card.getByLabel(/商户 API 私钥/).fill(account.PrivateKey);
    await card.getByLabel('APIv3 密钥').fill(account.ApiV3Key);
    await card.getByLabel('微信支付公钥 ID 或平台证书序列号').fill(account.PlatformSerial);
    await card.getByLabel(/微信支付公钥（或平台证书）/).fill(account.PlatformPublicKey);
    // The 公众号 of 微信内支付 (JSAPI): its AppID is the one bound to the 商户号.
    const official = fakes!.fakes.wechatOfficial as { OfficialAppId: string; OfficialAppSecret: string };
    await card.getByLabel(/^公众号 AppID/).fill(official.OfficialAppId);
    await card.getByLabel('公众号 AppSecret', { exact: true }).fill(official.OfficialAppSecret);
    await card.getByRole('button', { name: /保存微信支付设置/ }).click();
    await toast(page, '微信支付收款设置已保存').waitFor({ timeout: STEP_TIMEOUT_MS });

    // Saved, not enabled; every key is saved and none comes back into the form.
    await card.getByText('已保存，未启用').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByText('APIv3 密钥：已保存').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await card.getByLabel('APIv3 密钥').inputValue()).toBe('');
    expect(await card.getByLabel(/商户 API 私钥/).inputValue()).toBe('');
    expect(await page.content()).not.toContain(account.ApiV3Key);
    await card.getByText('公众号 AppSecret：已保存').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await card.getByLabel('公众号 AppSecret', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(official.OfficialAppSecret);
    // Not enabled yet, so no 微信内支付 either.
    expect(await card.getByTestId('wechat-jsapi-ready').textContent()).toBe('未开通');
    await snapshot(page, 'console-payments-1-saved');

    await card.getByRole('button', { name: /测试支付/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: '微信支付测试支付二维码' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByText('等待付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'console-payments-2-test-code');

    const paid = await fakes!.control<{ outTradeNo: string; delivered: { status: number } }>('/wechat/pay');
    expect(paid.outTradeNo).toMatch(/^T\d{22}$/);
    expect(paid.delivered.status).toBe(204);
    await dialog
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await dialog.locator('.ant-result-subtitle').textContent()).toContain('0.01 元');
    await snapshot(page, 'console-payments-3-paid');
  });
});
