/**
 * 支付与短信 in the console with certificate modes, against the local fakes (their own process,
 * apps/server/src/test/payment-fakes-cli.ts): the administrator saves a 支付宝 account in 公钥证书
 * mode (the three certificates pasted) and a 微信支付 account whose platform certificate the server
 * downloads from the fake; each 测试支付 0.01 元 is paid by the fake, the page shows 支付成功, each
 * certificate's serial and valid-until date, and then 已自动退款 once the gateway refunded it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { snapshotter, startPaymentFakes, type RunningPaymentFakes } from './support/payments.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';

const snapshot = snapshotter('console-payment-certificates');

describe('支付与短信 with 公钥证书 and downloaded platform certificates', () => {
  let fakes: RunningPaymentFakes | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    fakes = await startPaymentFakes({ FAKE_WECHAT_CERTIFICATES: '1' });
    server = await startServer({
      PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
      PAYMENT_WECHAT_API_URL: fakes.fakes.PAYMENT_WECHAT_API_URL,
      PAYMENT_ALIPAY_GATEWAY_URL: fakes.fakes.PAYMENT_ALIPAY_GATEWAY_URL,
    });
    await fakes.control('/target', { origin: `http://127.0.0.1:${server.port}` });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(server.url('demo') + '/console/payments', { timeout: STEP_TIMEOUT_MS });
    await page.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await page.getByLabel('账号').fill(DEMO_STAFF.Account);
    await page.getByLabel('密码').fill(DEMO_STAFF.Password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/console/payments', { timeout: STEP_TIMEOUT_MS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stop();
  });

  /** Runs 测试支付 on the card, has the fake pay it, and waits for 支付成功 in the dialog. */
  async function payTest(provider: 'wechat' | 'alipay', providerName: string) {
    const card = page.getByTestId(`gateway-${provider}`);
    await card.getByRole('button', { name: /测试支付/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('img', { name: `${providerName}测试支付二维码` })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    const paid = await fakes!.control<{ outTradeNo: string; delivered: { status: number; body?: string } }>(
      `/${provider}/pay`,
    );
    expect(paid.outTradeNo).toMatch(/^T\d{22}$/);
    await dialog
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    return { dialog, outTradeNo: paid.outTradeNo };
  }

  it('saves 支付宝 in 公钥证书 mode, pays 0.01 元 by the test code, and shows 支付成功 then 已自动退款', async () => {
    const account = fakes!.fakes.alipayCert as Record<string, string>;
    const card = page.getByTestId('gateway-alipay');
    await card.getByText('未配置').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByLabel('支付宝应用 APPID').fill(account.AppId!);
    await card.getByLabel('收款账号 PID').fill(account.SellerId!);
    await card.getByText('公钥证书', { exact: true }).click();
    await card.getByLabel('应用私钥').fill(account.PrivateKey!);
    await card.getByLabel(/应用公钥证书/).fill(account.AppCert!);
    await card.getByLabel(/支付宝公钥证书/).fill(account.AlipayPublicCert!);
    await card.getByLabel(/支付宝根证书/).fill(account.AlipayRootCert!);
    await card.getByRole('button', { name: /保存支付宝设置/ }).click();
    await toast(page, '支付宝收款设置已保存').waitFor({ timeout: STEP_TIMEOUT_MS });

    // Each certificate with its serial and valid-until date; none expires within 30 days.
    const certificates = card.getByTestId('gateway-certificate');
    await expect.poll(() => certificates.count(), { timeout: STEP_TIMEOUT_MS }).toBe(3);
    const lines = await certificates.allTextContents();
    expect(lines.map((line) => line.split(' ')[0])).toEqual([
      '应用公钥证书',
      '支付宝根证书',
      '支付宝公钥证书',
    ]);
    for (const line of lines) expect(line).toMatch(/^\S+ [0-9A-F]+，有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(lines.join('')).not.toContain('天内到期');
    expect(await page.content()).not.toContain('BEGIN CERTIFICATE');
    await snapshot(page, 'console-certificates-1-alipay-saved');

    const { dialog } = await payTest('alipay', '支付宝');
    // 支付宝 refunds at once.
    await dialog.getByText('已自动退款').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await dialog.textContent()).toContain('0.01 元已经原路退回付款人');
    await snapshot(page, 'console-certificates-2-alipay-refunded');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  });

  it('saves 微信支付 with platform certificates downloaded from the fake, pays 0.01 元 and shows 已自动退款', async () => {
    const account = fakes!.fakes.wechat as Record<string, string>;
    const card = page.getByTestId('gateway-wechat');
    await card.getByLabel('商户号').fill(account.MchId!);
    await card.getByLabel('AppID', { exact: true }).fill(account.AppId!);
    await card.getByLabel('商户 API 证书序列号').fill(account.MerchantSerialNo!);
    await card.getByLabel(/商户 API 私钥/).fill(account.PrivateKey!);
    await card.getByLabel('APIv3 密钥').fill(account.ApiV3Key!);
    await card.getByLabel('由服务器下载平台证书').click();
    await card.getByRole('button', { name: /保存微信支付设置/ }).click();
    await toast(page, '微信支付收款设置已保存').waitFor({ timeout: STEP_TIMEOUT_MS });

    // The downloaded certificate: the serial the fake signs with, and its valid-until date.
    const certificate = card.getByTestId('gateway-certificate');
    await certificate.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await certificate.first().textContent()).toMatch(
      new RegExp(`^序列号 ${account.PlatformSerial}，有效期至 \\d{4}-\\d{2}-\\d{2}`),
    );

    const { dialog, outTradeNo } = await payTest('wechat', '微信支付');
    // 微信支付 answers 退款处理中; its REFUND.SUCCESS notification ends it.
    await dialog.getByText('退款中').waitFor({ timeout: STEP_TIMEOUT_MS });
    const refunded = await fakes!.control<{ outRefundNo: string; delivered: { status: number } }>(
      '/wechat/refund',
    );
    expect(refunded.outRefundNo).toBe(`${outTradeNo}_R1`);
    expect(refunded.delivered.status).toBe(204);
    await dialog.getByText('已自动退款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, 'console-certificates-3-wechat-refunded');
  });
});
