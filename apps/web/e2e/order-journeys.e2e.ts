import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adjustBalance, useDemoVersion } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { freshCustomerPage } from './support/customers.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, toast } from './support/ui.ts';

const PASSWORD = 'Print2026';
/** Maple's seeded customer (version 4). */
const MAPLE_CUSTOMER = { account: '13900139000', password: 'Maple1234' };
/** The shortest QR code life the server accepts, so that a test can watch one run out. */
const QR_TTL_SECONDS = 30;
/** ApiCode InsufficientBalance's message (packages/contracts/src/api-codes.ts). */
const INSUFFICIENT_BALANCE = '余额不足，请充值或选择其他支付方式';
const CHINA_OFFSET_MS = 8 * 3_600_000;

const BUSINESS_CARD = '/proinfo/100/110/111';
const FLYER = '/proinfo/200/210/210';

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent({ timeout: STEP_TIMEOUT_MS })) ?? '').trim();
}

/** The value beside the label `label` of a description list (antd Descriptions, bordered or not). */
function described(page: Page, label: string): Locator {
  return page
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]');
}

/** A China wall-clock time `2026-11-25 08:05` of a stored instant (ms). */
function chinaTime(ms: number): string {
  const china = new Date(ms + CHINA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())} ${pad(
    china.getUTCHours(),
  )}:${pad(china.getUTCMinutes())}`;
}

/** The seconds a QR countdown `二维码 0:27 后过期` shows. */
function secondsShown(text: string): number {
  const match = /^二维码 (\d+):(\d{2}) 后过期$/.exec(text);
  if (!match) throw new Error(`not a countdown: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A small printable PNG to send as artwork. */
async function artwork(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480">
    <rect width="720" height="480" fill="#eef3f8"/>
    <circle cx="360" cy="240" r="120" fill="#1f4e79"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).withMetadata({ density: 300 }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

function customerId(server: RunningServer, mobile: string): number {
  const [row] = server.query<{ id: number }>(
    `SELECT c.id FROM customers c JOIN merchants m ON m.id = c.merchant_id
     WHERE m.code = 'demo' AND c.mobile_no = ?`,
    mobile,
  );
  if (!row) throw new Error(`no demo customer ${mobile}`);
  return row.id;
}

function balanceFen(server: RunningServer, mobile: string): number {
  const [row] = server.query<{ balance_fen: number }>(
    'SELECT balance_fen FROM customer_balances WHERE customer_id = ?',
    customerId(server, mobile),
  );
  return row?.balance_fen ?? 0;
}

function newestOrder(
  server: RunningServer,
  mobile: string,
): { id: number; order_no: string; status: number; created_at: number } {
  const [row] = server.query<{ id: number; order_no: string; status: number; created_at: number }>(
    'SELECT id, order_no, status, created_at FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT 1',
    customerId(server, mobile),
  );
  if (!row) throw new Error(`no order of ${mobile}`);
  return row;
}

/** Opens a product's quote page and waits for its price; returns the total, e.g. `¥15.00`. */
async function quote(page: Page, url: string): Promise<string> {
  await page.goto(url, { timeout: STEP_TIMEOUT_MS });
  const total = page.getByTestId('quote-total');
  await expect.poll(() => textOf(total), { timeout: STEP_TIMEOUT_MS }).toMatch(/^¥[\d,]+\.\d{2}$/);
  return textOf(total);
}

/** A product's quote page → 加入购物车 until 已加入购物车; returns the quoted total. */
async function addToCart(page: Page, url: string): Promise<string> {
  const quoted = await quote(page, url);
  await page.getByRole('button', { name: /加入购物车/ }).click();
  await toast(page, '已加入购物车').waitFor({ timeout: STEP_TIMEOUT_MS });
  return quoted;
}

/**
 * 商务名片's quote → 立即下单 (its own new cart line, checked out alone) → 提交订单: the pay page of a
 * new unpaid order is open and the cart is as it was. Returns the quoted total.
 */
async function placeBusinessCardOrder(page: Page, server: RunningServer): Promise<string> {
  const quoted = await quote(page, server.url('demo') + BUSINESS_CARD);
  await page.getByRole('button', { name: /立即下单/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
  await page.getByText('科技园南区深南大道 9988 号').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(() => textOf(page.getByTestId('checkout-total')), { timeout: STEP_TIMEOUT_MS })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });
  return quoted;
}

/** Opens an order's detail page and waits for its title. */
async function openOrder(page: Page, server: RunningServer, orderId: number, orderNo: string): Promise<void> {
  await open(page, `${server.url('demo')}/user/order/all?id=${orderId}`);
  await page.locator('#ink-order-title').filter({ hasText: orderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

describe('a customer’s order journeys (demo and maple)', () => {
  const env = useServerAndBrowser({ PAYMENT_QR_TTL_SECONDS: String(QR_TTL_SECONDS) });

  it('changes a cart line’s quantity (re-priced, kept after a reload) and deletes a line (version 1)', async () => {
    const { page } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '王五',
    });
    await addToCart(page, env.server.url('demo') + BUSINESS_CARD);
    await addToCart(page, env.server.url('demo') + FLYER);
    await open(page, env.server.url('demo') + '/user/order/cart');
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);

    const card = lines.filter({ hasText: '商务名片' });
    const amount = card.locator('.ink-orders__amount > div').first();
    const quantity = card.getByRole('spinbutton');
    const before = Number(await quantity.inputValue());
    const amountBefore = await textOf(amount);
    const wanted = before === 20 ? 10 : 20;
    const updated = page.waitForResponse((r) => r.url().includes('UpdateShopCarOrder'), {
      timeout: STEP_TIMEOUT_MS,
    });
    await quantity.fill(String(wanted));
    await quantity.press('Enter');
    await updated;
    // The line is priced again for the new quantity.
    await expect.poll(() => textOf(amount), { timeout: STEP_TIMEOUT_MS }).not.toBe(amountBefore);
    const amountAfter = await textOf(amount);
    expect(amountAfter).toMatch(/^¥[\d,]+\.\d{2}$/);

    await page.reload({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => lines.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
    await expect.poll(() => quantity.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe(String(wanted));
    expect(await textOf(amount)).toBe(amountAfter);

    // 删除 asks first; the line goes, and stays gone after a reload.
    const flyer = lines.filter({ hasText: '宣传单页' });
    await flyer.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await toast(page, '删除成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => lines.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
    await expect
      .poll(() => page.getByTestId('cart-badge').getAttribute('aria-label'), { timeout: STEP_TIMEOUT_MS })
      .toBe('购物车，1 件商品');
    await page.reload({ timeout: STEP_TIMEOUT_MS });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => lines.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
    expect(await flyer.count()).toBe(0);
    await page.close();
  });

  it('appends an artwork file and remarks to a placed order, shown on its page after a reload', async () => {
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '王五',
    });
    await placeBusinessCardOrder(page, env.server);
    const order = newestOrder(env.server, mobile);
    await openOrder(page, env.server, order.id, order.order_no);
    const goods = page.locator('.ink-orders__card').filter({ hasText: '商品金额' });
    await goods.getByText('尚未上传印刷文件').waitFor({ timeout: STEP_TIMEOUT_MS });

    const file = await artwork('追加-名片正面.png');
    await page.getByRole('button', { name: '追加文件/备注' }).click();
    const dialog = page.getByRole('dialog', { name: '追加文件 / 备注' });
    await dialog.getByTestId('upload-input').first().setInputFiles(file);
    await dialog
      .getByTestId('upload-file')
      .filter({ hasText: file.name })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByRole('textbox', { name: '追加备注' }).fill('请用哑光膜');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await toast(page, '已提交').waitFor({ timeout: STEP_TIMEOUT_MS });

    await page.reload({ timeout: STEP_TIMEOUT_MS });
    await page.locator('#ink-order-title').waitFor({ timeout: STEP_TIMEOUT_MS });
    const shown = goods.locator('.ink-orders__file').filter({ hasText: file.name });
    await shown.getByRole('link', { name: file.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await goods.getByText('尚未上传印刷文件').count()).toBe(0);
    const remarks = page.locator('p').filter({ hasText: '备注：' });
    await remarks.getByText(/请用哑光膜/).waitFor({ timeout: STEP_TIMEOUT_MS });

    // A second remark goes on its own line after the first.
    await page.getByRole('button', { name: '追加文件/备注' }).click();
    await dialog.getByRole('textbox', { name: '追加备注' }).fill('周五前送到');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await toast(page, '已提交').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.reload({ timeout: STEP_TIMEOUT_MS });
    await remarks.getByText(/周五前送到/).waitFor({ timeout: STEP_TIMEOUT_MS });
    const text = await remarks.innerText();
    expect(text).toContain('请用哑光膜');
    expect(text.indexOf('请用哑光膜')).toBeLessThan(text.indexOf('周五前送到'));
    expect(text.split('\n').length).toBeGreaterThanOrEqual(2);
    await shown.waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.close();
  });

  it('再来一单 puts an order’s lines back into the cart at today’s price', async () => {
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '王五',
    });
    const quoted = await placeBusinessCardOrder(page, env.server);
    const order = newestOrder(env.server, mobile);

    // The ordered line left the cart.
    await open(page, env.server.url('demo') + '/user/order/cart');
    await page.getByText('购物车还是空的').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('cart-line').count()).toBe(0);

    await openOrder(page, env.server, order.id, order.order_no);
    await page.getByRole('button', { name: '再来一单' }).click();
    await toast(page, '已将 1 件商品按今日价格加入购物车').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForURL((url) => url.pathname === '/user/order/cart', { timeout: STEP_TIMEOUT_MS });
    const line = page.getByTestId('cart-line').filter({ hasText: '商务名片' });
    await line.getByText(`再来一单 · ${order.order_no}`).waitFor({ timeout: STEP_TIMEOUT_MS });
    // Priced as the quote page prices it today, with no price-change warning.
    expect(await textOf(line.locator('.ink-orders__amount > div').first())).toBe(quoted);
    expect(await line.getByText(/价格已变动/).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('cart-badge').getAttribute('aria-label'), { timeout: STEP_TIMEOUT_MS })
      .toBe('购物车，1 件商品');
    await page.close();
  });

  it('counts a QR code down, offers 刷新二维码 when it expires, and the new code pays the order', async () => {
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '王五',
    });
    await placeBusinessCardOrder(page, env.server);
    await page.getByRole('button', { name: /微信支付/ }).click();
    const code = page.getByRole('img', { name: /二维码/ });
    await code.waitFor({ timeout: STEP_TIMEOUT_MS });
    const countdown = page.getByTestId('qr-countdown');
    await countdown.waitFor({ timeout: STEP_TIMEOUT_MS });
    const first = await textOf(countdown);
    // (The page's clock ticks once a second: the first reading may be a second or two high.)
    expect(secondsShown(first)).toBeLessThanOrEqual(QR_TTL_SECONDS + 2);
    expect(secondsShown(first)).toBeGreaterThan(QR_TTL_SECONDS - 10);
    await expect.poll(() => textOf(countdown), { timeout: STEP_TIMEOUT_MS }).not.toBe(first);
    const refresh = page.getByRole('button', { name: /刷新二维码/ });
    await refresh.waitFor({ timeout: (QR_TTL_SECONDS + 20) * 1000 });
    await page.getByText('二维码已过期').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await countdown.count()).toBe(0);

    await refresh.click();
    await countdown.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByText('二维码已过期').count()).toBe(0);
    // A new code, with a whole life ahead of it again.
    await code.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(secondsShown(await textOf(countdown))).toBeGreaterThan(QR_TTL_SECONDS - 10);
    const secondUrl = await page.getByTestId('qr-code-url').getAttribute('href');
    expect(secondUrl).toContain('/pay/simulator/');

    const simulator = await env.browser.context.newPage();
    await simulator.goto(secondUrl!, { timeout: STEP_TIMEOUT_MS });
    await simulator.getByRole('button', { name: '确认支付' }).click();
    await simulator.getByText('支付成功').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await simulator.close();
    await page
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(newestOrder(env.server, mobile).status).not.toBe(1);
    await page.close();
  });

  it('says 余额不足 when the balance is too little at 确认支付, and charges nothing', async () => {
    const { page, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: PASSWORD,
      contacts: '王五',
    });
    await adjustBalance(env.server, mobile, 100_000, '测试充值');
    await placeBusinessCardOrder(page, env.server);
    await page.getByRole('button', { name: /余额支付/ }).click();
    const confirm = page.getByRole('button', { name: /确认支付/ });
    await expect.poll(() => confirm.isEnabled(), { timeout: STEP_TIMEOUT_MS }).toBe(true);

    // Meanwhile the balance is spent down (another order, a deduction): the page still offers to pay.
    await adjustBalance(env.server, mobile, -99_900, '扣减');
    expect(balanceFen(env.server, mobile)).toBe(100);
    await confirm.click();
    await page
      .locator('.ant-alert-error')
      .filter({ hasText: INSUFFICIENT_BALANCE })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('link', { name: '去充值' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByText('支付成功').count()).toBe(0);
    expect(balanceFen(env.server, mobile)).toBe(100);
    expect(newestOrder(env.server, mobile).status).toBe(1);

    // Back on the page the shortfall is said before paying, and 确认支付 is not offered.
    await page.reload({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /余额支付/ }).click();
    await page
      .getByText(/^余额不足：可用 ¥1\.00，还差 ¥[\d,]+\.\d{2}$/)
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await confirm.isDisabled()).toBe(true);
    const order = newestOrder(env.server, mobile);
    await openOrder(page, env.server, order.id, order.order_no);
    await page.getByTestId('order-status').getByText('待付款').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.close();
  });

  for (const version of [2, 3] as const) {
    it(`adds a quote to the cart on version ${version} (demo) and shows it in that version’s cart`, async () => {
      const { page } = await freshCustomerPage(env.server, env.browser, {
        password: PASSWORD,
        contacts: '王五',
      });
      try {
        await useDemoVersion(env.server, page, version);
        const quote = version === 2 ? '/quotationCenter' : '/quotationCenter-v3';
        await open(page, env.server.url('demo') + quote);
        await page.waitForURL((url) => url.pathname.startsWith(`${quote}/`), { timeout: STEP_TIMEOUT_MS });
        const title = await textOf(page.getByRole('heading', { level: 1 }));
        expect(title).toBeTruthy();
        const quoted = await addToCart(page, page.url());
        await open(page, `${env.server.url('demo')}/user-v${version}/order/cart`);
        const line = page.getByTestId('cart-line').filter({ hasText: title });
        await line.waitFor({ timeout: STEP_TIMEOUT_MS });
        expect(await textOf(line.locator('.ink-orders__amount > div').first())).toBe(quoted);
        expect(new URL(page.url()).pathname).toBe(`/user-v${version}/order/cart`);
      } finally {
        await useDemoVersion(env.server, page, 1);
        await page.close();
      }
    });
  }

  it('adds a quote to the cart on version 4 (maple) and shows it in the cart', async () => {
    const page = await env.browser.context.newPage();
    await signIn(
      page,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(page, env.server.url('maple') + '/quotationCenter-v4');
    await page.waitForURL((url) => url.pathname.startsWith('/quotationCenter-v4/'), {
      timeout: STEP_TIMEOUT_MS,
    });
    const title = await textOf(page.getByRole('heading', { level: 1 }));
    expect(title).toBeTruthy();
    const quoted = await addToCart(page, page.url());
    await open(page, env.server.url('maple') + '/user-v4/order/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: title });
    await line.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await textOf(line.first().locator('.ink-orders__amount > div').first())).toBe(quoted);
    expect(new URL(page.url()).pathname).toBe('/user-v4/order/cart');
    await page.close();
  });

  it('shows 注册时间 and 下单时间 in China time in a browser far from China', async () => {
    const faraway = await launchBrowser({ timezoneId: 'America/New_York' });
    try {
      const { page, mobile } = await freshCustomerPage(env.server, faraway, {
        password: PASSWORD,
        contacts: '王五',
      });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        'America/New_York',
      );
      const [customer] = env.server.query<{ created_at: number }>(
        'SELECT created_at FROM customers WHERE id = ?',
        customerId(env.server, mobile),
      );
      await open(page, env.server.url('demo') + '/user/sys/1');
      await expect
        .poll(() => textOf(described(page, '注册时间')), { timeout: STEP_TIMEOUT_MS })
        .toBe(chinaTime(customer!.created_at));

      await placeBusinessCardOrder(page, env.server);
      const order = newestOrder(env.server, mobile);
      await openOrder(page, env.server, order.id, order.order_no);
      await expect
        .poll(() => textOf(described(page, '下单时间')), { timeout: STEP_TIMEOUT_MS })
        .toBe(chinaTime(order.created_at));
      // The browser's own clock would say another hour.
      const local = await page.evaluate((ms) => new Date(ms).getHours(), order.created_at);
      expect(chinaTime(order.created_at).slice(11, 13)).not.toBe(String(local).padStart(2, '0'));
      await page.close();
    } finally {
      await faraway.close();
    }
  });
});
