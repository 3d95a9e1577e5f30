import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerCall, DEMO_STAFF, staffCall } from './support/api.ts';
import { TEST_CLOCK_START, type RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, signIn, toast } from './support/ui.ts';
import { stepScreenshot } from './support/screenshots.ts';

/** The demo merchant's seeded customer (docs/orders.md). */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };

/** A picture of the step, when a run asks for them (support/screenshots.ts). */
function snapshot(page: Page, name: string): Promise<void> {
  return stepScreenshot(page, `ordering-${name}`, { fullPage: true });
}

/** Quote page of 商务名片 → 加入购物车, until 已加入购物车 is shown. */
async function addBusinessCardToCart(page: Page, server: RunningServer): Promise<void> {
  await page.goto(server.url('demo') + '/proinfo/100/110/111');
  await expect
    .poll(async () => (await page.getByTestId('quote-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /加入购物车/ }).click();
  await toast(page, '已加入购物车').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** 商务名片 → 加入购物车 → 立即下单 → 提交订单: the payment page of a new unpaid order is open. */
async function orderBusinessCardNow(page: Page, server: RunningServer): Promise<void> {
  await addBusinessCardToCart(page, server);
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

describe('ordering', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    // A delivery address and some balance for the customer.
    await customerCall(page, '/api/cust/AddDeliverGoodsAddress', {
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '科技园南区深南大道 9988 号',
      IsDefault: true,
    });
    const staff = await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF);
    const [customer] = env.server.query<{ id: number }>(
      'SELECT c.id FROM customers c JOIN merchants m ON m.id = c.merchant_id WHERE c.account = ? OR c.mobile_no = ? LIMIT 1',
      DEMO_CUSTOMER.account,
      DEMO_CUSTOMER.account,
    );
    await staffCall(
      env.server,
      'AdjustBalance',
      { CustomerId: customer!.id, AmountFen: 500_000, Remark: '测试充值' },
      staff.StaffToken,
    );
  });

  it('adds a quote to the cart, checks it out and pays it from the balance (demo, version 1)', async () => {
    await addBusinessCardToCart(page, env.server);
    await expect
      .poll(() => page.getByTestId('cart-badge').getAttribute('aria-label'), { timeout: STEP_TIMEOUT_MS })
      .toBe('购物车，1 件商品');
    await snapshot(page, '1-quote-added');

    await page.getByTestId('cart-badge').click();
    await page.waitForURL((url) => url.pathname === '/user/order/cart', { timeout: STEP_TIMEOUT_MS });
    const line = page.getByTestId('cart-line').first();
    await line.getByText('商务名片').waitFor({ timeout: STEP_TIMEOUT_MS });
    // The line shows the product's small picture, lazily.
    const picture = line.locator('img.ink-product-picture');
    expect(await picture.getAttribute('src')).toMatch(/\/product-business-card\.small\.webp\?v=/);
    expect(await picture.getAttribute('loading')).toBe('lazy');
    // What was put in the cart starts chosen for checkout.
    expect(await line.getByRole('checkbox').isChecked()).toBe(true);
    // A quantity of 0 is refused with a word, not turned into 1.
    const quantity = line.getByRole('spinbutton');
    const before = await quantity.inputValue();
    await quantity.fill('0');
    await quantity.press('Enter');
    await toast(page, /数量至少为 1/).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => quantity.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe(before);
    await line.getByRole('checkbox').check();
    await snapshot(page, '2-cart');
    await page.getByRole('button', { name: '去结算' }).click();

    await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
    await page.getByText('科技园南区深南大道 9988 号').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /圆通速递/ }).click();
    await expect
      .poll(async () => (await page.getByTestId('checkout-total').textContent())?.trim(), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toMatch(/^¥[\d,]+\.\d{2}$/);
    await snapshot(page, '3-checkout');
    await page.getByRole('button', { name: '提交订单' }).click();

    await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /余额支付/ }).click();
    await snapshot(page, '4-pay-balance');
    await page.getByRole('button', { name: /确认支付/ }).click();
    await page.getByText('支付成功').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.getByTestId('order-status').getByText('待审稿').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByText('支付成功').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '5-order-reviewing');
  });

  it('pays an order by the simulator QR code and moves on by itself', async () => {
    await orderBusinessCardNow(page, env.server);
    await page.getByRole('button', { name: /微信支付/ }).click();
    await page.getByRole('img', { name: /二维码/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('qr-countdown').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '6-pay-qr');
    const codeUrl = await page.getByTestId('qr-code-url').getAttribute('href');
    expect(codeUrl).toContain('/pay/simulator/');

    const simulator = await env.browser.context.newPage();
    await simulator.goto(codeUrl!);
    await simulator.getByRole('button', { name: '确认支付' }).click();
    await simulator.getByText('支付成功').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await simulator.close();

    await page
      .locator('.ant-result-title')
      .filter({ hasText: '支付成功' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '7-qr-paid');
  });

  it('cancels an unpaid order from the list', async () => {
    await orderBusinessCardNow(page, env.server);

    await page.goto(env.server.url('demo') + '/user/order/unpaid');
    const card = page.getByTestId('order-card').first();
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '8-unpaid-list');
    await card.getByRole('button', { name: '取消订单' }).click();
    await page.getByRole('button', { name: '取消订单' }).last().click();
    await toast(page, '订单已取消').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.goto(env.server.url('demo') + '/user/order/cancelled');
    await page.getByTestId('order-card').first().getByText('已取消').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '9-cancelled');
  });

  it('runs the server and the page on the suite’s date (TEST_CLOCK_START, else today)', async () => {
    const expected = TEST_CLOCK_START ? Date.parse(TEST_CLOCK_START) : Date.now();
    const nearly = 20 * 60_000;
    const pageNow = await page.evaluate(() => Date.now());
    expect(Math.abs(pageNow - expected)).toBeLessThan(nearly);
    const [order] = env.server.query<{ created_at: number }>(
      'SELECT max(created_at) AS created_at FROM orders',
    );
    expect(Math.abs(order!.created_at - expected)).toBeLessThan(nearly);
  });
});
