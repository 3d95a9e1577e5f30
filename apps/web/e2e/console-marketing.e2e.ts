import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, customerCall } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshCustomerPage } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

const COUPON_NAME = '控制台立减8元';

/** docs/screenshots/console-<name>.png once the page is still, when a run asks for the docs' pictures. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  // Drawers slide in and a table fades in after loading: the picture is taken once they are still.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: STEP_TIMEOUT_MS },
  );
  await docScreenshot(page, `console-${name}`);
}

/** The 运费 of the customer's order confirmation (金额明细), once the server's preview is shown. */
async function checkoutExpressFee(customer: Page, checkoutUrl: string): Promise<string> {
  await customer.goto(checkoutUrl, { timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(async () => (await customer.getByTestId('checkout-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  const totals = customer.getByRole('group', { name: '金额明细' });
  return (
    await totals
      .locator('dt', { hasText: /^运费$/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText()
  ).trim();
}

describe('the console’s 营销 and 物流 (demo)', () => {
  const env = useServerAndBrowser();
  let admin: Page;
  let customer: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    admin = await env.browser.context.newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    admin.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    ({ page: customer } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '孙八',
    }));
  });
  afterAll(async () => {
    await admin?.close();
    await customer?.close();
  });

  it('creates a coupon in 营销 that a customer receives into 我的优惠券, and the count moves', async () => {
    await consoleSignIn(admin, env.server, DEMO_STAFF.Account, DEMO_STAFF.Password);
    await admin.getByRole('menuitem', { name: '营销' }).click();
    await admin.waitForURL((url) => url.pathname === '/console/marketing', { timeout: STEP_TIMEOUT_MS });
    await admin.getByRole('row').filter({ hasText: '满200减20' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    await admin.getByRole('button', { name: '新建优惠券' }).click();
    const drawer = admin.locator('.ant-drawer').filter({ hasText: '新建优惠券' });
    await drawer.getByLabel('优惠券名称').fill(COUPON_NAME);
    // 保存 without an amount: the form names what is missing.
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('请填写减免金额').waitFor({ timeout: STEP_TIMEOUT_MS });
    await drawer.getByLabel('减免金额（元）').fill('8');
    await drawer.getByLabel('使用门槛（元）').fill('50');
    await drawer.getByRole('button', { name: '保存' }).click();
    await toast(admin, '优惠券已创建，顾客现在可以领取').waitFor({ timeout: STEP_TIMEOUT_MS });
    const row = admin.getByRole('row').filter({ hasText: COUPON_NAME });
    await row.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await row.innerText()).toContain('减8元（满50元可用）');
    expect((await row.getByTestId('coupon-received').innerText()).trim()).toBe('0 / 100');

    await customer.goto(env.server.url('demo') + '/user/sys/coupon', { timeout: STEP_TIMEOUT_MS });
    await customer.getByText('领取优惠券').click();
    const card = customer.locator('.ink-coupon').filter({ hasText: COUPON_NAME });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByRole('button', { name: /^领\s*取$/ }).click();
    await toast(customer, '领取成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await customer
      .getByText(/^未使用/)
      .first()
      .click();
    await customer
      .locator('.ink-coupon')
      .filter({ hasText: COUPON_NAME })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    await admin.reload();
    await expect
      .poll(async () => (await row.getByTestId('coupon-received').innerText()).trim(), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBe('1 / 100');
    await screenshot(admin, 'marketing');
  });

  it('changes a fee in 物流 and the customer’s order confirmation shows the new 运费 at once', async () => {
    const info = await customerCall<{ DefaultSelection: Record<string, unknown> }>(
      customer,
      '/api/product/GetCompanyProductInfo',
      { ProductId: 1001 },
    );
    const line = await customerCall<{ Id: number }>(customer, '/api/order/addorderitem', {
      ProductId: 1001,
      ...info.DefaultSelection,
    });
    const checkoutUrl = `${env.server.url('demo')}/user/order/checkout?ids=${line.Id}`;
    // 顺丰速运 (the default) to 深圳: 深圳同城, first kilogram ¥10.00.
    expect(await checkoutExpressFee(customer, checkoutUrl)).toBe('¥10.00');

    await admin.getByRole('menuitem', { name: '物流' }).click();
    await admin.waitForURL((url) => url.pathname === '/console/express', { timeout: STEP_TIMEOUT_MS });
    await admin.getByRole('button', { name: '编辑 顺丰速运' }).click();
    const drawer = admin.locator('.ant-drawer').filter({ hasText: '编辑快递 · 顺丰速运' });
    await expect
      .poll(() => drawer.getByLabel('区域名称').first().inputValue(), { timeout: STEP_TIMEOUT_MS })
      .toBe('深圳同城');
    // The region picker shows the zone's divisions by their names from the region table.
    await drawer
      .locator('.ant-select-selection-item', { hasText: '深圳市' })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await drawer.getByLabel('首重价格（元）').first().fill('15');
    await screenshot(admin, 'express');
    await drawer.getByRole('button', { name: '保存' }).click();
    await toast(admin, '快递设置已保存，顾客下单立即按新运费计算').waitFor({ timeout: STEP_TIMEOUT_MS });
    await admin
      .getByRole('row')
      .filter({ hasText: '深圳同城（深圳市）首重1kg ¥15.00' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    expect(await checkoutExpressFee(customer, checkoutUrl)).toBe('¥15.00');
    expect(consoleErrors).toEqual([]);
  });
});
