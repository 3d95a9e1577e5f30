import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adjustBalance } from './support/api.ts';
import { freshCustomerPage } from './support/customers.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';
import { stepScreenshot } from './support/screenshots.ts';

const PASSWORD = 'Print2026';

/** A picture of the step, when a run asks for them (support/screenshots.ts). */
function snapshot(page: Page, name: string): Promise<void> {
  return stepScreenshot(page, `checkout-artwork-${name}`, { fullPage: true });
}

/** `¥1,234.56` → 123456. */
function fenOf(text: string | null): number {
  const match = /^(-?)¥([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const fen = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -fen : fen;
}

/** 123456 → `¥1,234.56` (as the pages write money). */
function yuan(fen: number): string {
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${fen < 0 ? '-' : ''}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A small RGB artwork picture, 720 × 480 px marked 200 DPI: printable, but the preflight warns (RGB
 * turns to CMYK in print; about 190 DPI on a business card with bleed).
 */
async function businessCardArtwork(
  name: string,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480">
    <rect width="720" height="480" fill="#f4efe6"/>
    <rect x="40" y="40" width="640" height="400" fill="none" stroke="#b22222" stroke-width="8"/>
    <circle cx="160" cy="240" r="80" fill="#1f4e79"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).withMetadata({ density: 200 }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Product page of 商务名片 → 加入购物车 → the cart → 去结算: the checkout page is open. */
async function quoteToCheckout(page: Page, server: RunningServer): Promise<void> {
  await page.goto(server.url('demo') + '/proinfo/100/110/111');
  await expect
    .poll(async () => (await page.getByTestId('quote-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /加入购物车/ }).click();
  await toast(page, '已加入购物车').waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(() => page.getByTestId('cart-badge').getAttribute('aria-label'), { timeout: STEP_TIMEOUT_MS })
    .toBe('购物车，1 件商品');

  await page.getByTestId('cart-badge').click();
  await page.waitForURL((url) => url.pathname === '/user/order/cart', { timeout: STEP_TIMEOUT_MS });
  const line = page.getByTestId('cart-line').first();
  await line.getByText('商务名片').waitFor({ timeout: STEP_TIMEOUT_MS });
  await line.getByRole('checkbox').check();
  await page.getByRole('button', { name: '去结算' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
  await page.getByText('科技园南区深南大道 9988 号').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: /圆通速递/ }).click();
}

/** The checkout's 应付 once priced, in fen. */
async function checkoutTotalFen(page: Page): Promise<number> {
  const total = page.getByTestId('checkout-total');
  await expect
    .poll(async () => (await total.textContent())?.trim(), { timeout: STEP_TIMEOUT_MS })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  // The express fee arrives after the goods: wait until the total stops changing.
  let shown = await total.textContent();
  for (;;) {
    await page.waitForTimeout(500);
    const now = await total.textContent();
    if (now === shown) break;
    shown = now;
  }
  return fenOf(shown);
}

/** 提交订单 → 余额支付 → 确认支付 → 支付成功 → 查看订单: the order's detail is open. */
async function submitAndPayByBalance(page: Page): Promise<void> {
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: /余额支付/ }).click();
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page
    .locator('.ant-result-title')
    .filter({ hasText: '支付成功' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: '查看订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/all' && url.searchParams.has('id'), {
    timeout: STEP_TIMEOUT_MS,
  });
}

describe('checkout with artwork, balance payment and the bill (demo, version 1)', () => {
  const env = useServerAndBrowser();

  it('attaches an uploaded file to the line at checkout, shows its preflight, pays by balance and shows 待审稿 with the file', async () => {
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '李四',
    });
    await adjustBalance(env.server, mobile, 100_000, '测试充值');
    await quoteToCheckout(page, env.server);

    const lines = page.getByRole('group', { name: '商品与印刷文件' });
    const artwork = await businessCardArtwork('名片正面-李四.png');
    await lines.getByTestId('upload-input').first().setInputFiles(artwork);
    const uploaded = lines.getByTestId('upload-file').filter({ hasText: artwork.name });
    await uploaded.waitFor({ timeout: STEP_TIMEOUT_MS });
    // Its preflight against the line's finished size: a warning, with the first thing to mind.
    const preflight = lines.getByTestId('preflight-line').filter({ hasText: artwork.name });
    await preflight.getByText('预检提醒').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(preflight.textContent()).resolves.toContain(
      '可以印刷，但请注意：RGB 颜色模式：印刷时会转换为 CMYK',
    );
    await snapshot(page, '1-checkout-artwork');

    const totalFen = await checkoutTotalFen(page);
    expect(totalFen).toBeGreaterThan(0);
    expect(totalFen).toBeLessThan(100_000);
    await submitAndPayByBalance(page);

    await page.getByTestId('order-status').getByText('待审稿').waitFor({ timeout: STEP_TIMEOUT_MS });
    const goods = page.locator('.ink-orders__card').filter({ hasText: '商品金额' });
    const file = goods.locator('.ink-orders__file').filter({ hasText: artwork.name });
    await file.getByRole('link', { name: artwork.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await file.getByText('预检提醒').waitFor({ timeout: STEP_TIMEOUT_MS });
    // The file's thumbnail, made by the server from the picture, is shown beside its name.
    const thumbnail = file.getByRole('img', { name: artwork.name });
    await expect
      .poll(
        () => thumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
        {
          timeout: STEP_TIMEOUT_MS,
        },
      )
      .toBeGreaterThan(0);
    await expect(goods.getByText(yuan(totalFen)).count()).resolves.toBeGreaterThan(0);

    const timeline = page.getByTestId('order-timeline');
    await timeline.getByText('提交订单').waitFor({ timeout: STEP_TIMEOUT_MS });
    await timeline.getByText('支付成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(page.getByText('余额支付').count()).resolves.toBeGreaterThan(0);
    await snapshot(page, '2-order-detail');
    await page.close();
  });

  it('keeps the checkout’s artwork, remark and courier through a reload, asking before it leaves', async () => {
    const { page } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '李四',
    });
    await quoteToCheckout(page, env.server);
    const lines = page.getByRole('group', { name: '商品与印刷文件' });
    const artwork = await businessCardArtwork('名片-刷新前.png');
    await lines.getByTestId('upload-input').first().setInputFiles(artwork);
    await lines
      .getByTestId('upload-file')
      .filter({ hasText: artwork.name })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('textbox', { name: '订单备注' }).fill('周五前送到');

    let asked = false;
    page.on('dialog', (dialog) => {
      asked = dialog.type() === 'beforeunload';
      void dialog.accept();
    });
    await page.reload();
    await page.getByRole('textbox', { name: '订单备注' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(asked).toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: '订单备注' }).inputValue(), { timeout: STEP_TIMEOUT_MS })
      .toBe('周五前送到');
    await lines
      .getByTestId('upload-file')
      .filter({ hasText: artwork.name })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(page.getByRole('button', { name: /圆通速递/ }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await page.close();
  });

  it('lists the staff adjustment and the balance payment in the bill, with their sum and what remains', async () => {
    const adjustmentFen = 80_000;
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '李四',
    });
    await adjustBalance(env.server, mobile, adjustmentFen, '线下转账入账');
    await quoteToCheckout(page, env.server);
    const totalFen = await checkoutTotalFen(page);
    expect(totalFen).toBeGreaterThan(0);
    await submitAndPayByBalance(page);
    await page.getByTestId('order-status').getByText('待审稿').waitFor({ timeout: STEP_TIMEOUT_MS });
    const orderNo = ((await page.locator('#ink-order-title').textContent()) ?? '').match(/订单\s*(\S+)/)?.[1];
    expect(orderNo).toBeTruthy();

    await page.goto(env.server.url('demo') + '/user/bill/1');
    const list = page.getByRole('list', { name: '账单明细' });
    await list.waitFor({ timeout: STEP_TIMEOUT_MS });
    const entries = list.locator('.ink-bill__entry');
    await expect.poll(() => entries.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);

    // Newest first: the payment, then the adjustment.
    const payment = entries.nth(0);
    await expect(payment.locator('.ink-bill__type').innerText()).resolves.toContain('订单支付');
    await expect(payment.innerText()).resolves.toContain(`订单 ${orderNo}`);
    await expect(payment.locator('.ink-bill__amount').innerText()).resolves.toBe(yuan(-totalFen));
    await expect(payment.locator('.ink-bill__after').innerText()).resolves.toBe(
      `余额 ${yuan(adjustmentFen - totalFen)}`,
    );
    const adjustment = entries.nth(1);
    await expect(adjustment.locator('.ink-bill__type').innerText()).resolves.toContain('余额调整');
    await expect(adjustment.innerText()).resolves.toContain('线下转账入账');
    await expect(adjustment.locator('.ink-bill__amount').innerText()).resolves.toBe(
      `+${yuan(adjustmentFen)}`,
    );
    await expect(adjustment.locator('.ink-bill__after').innerText()).resolves.toBe(
      `余额 ${yuan(adjustmentFen)}`,
    );

    const sumFen = adjustmentFen - totalFen;
    await expect(page.getByTestId('bill-sum').innerText()).resolves.toBe(`+${yuan(sumFen)}`);
    await expect(page.getByTestId('bill-balance').innerText()).resolves.toBe(yuan(adjustmentFen - totalFen));
    await snapshot(page, '3-bill');
    await page.close();
  });
});
