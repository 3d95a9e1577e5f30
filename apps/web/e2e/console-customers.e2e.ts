import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, customerCall } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshMobile, registerCustomer } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, submitLogin, toast } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

const PASSWORD = 'Print2026';
/** docs/screenshots/console-<name>.png, when a run asks for the docs' pictures (support/screenshots.ts). */
function screenshot(page: Page, name: string): Promise<void> {
  return docScreenshot(page, `console-${name}`);
}

/** The console's 客户 drawer of the customer with this mobile number, found by searching for it. */
async function openCustomer(page: Page, mobile: string) {
  await page.getByRole('menuitem', { name: '客户' }).click();
  await page.waitForURL((url) => url.pathname === '/console/customers', { timeout: STEP_TIMEOUT_MS });
  const search = page.getByRole('searchbox', { name: '手机号、账号或昵称' });
  await search.fill(mobile);
  await search.press('Enter');
  await page.getByText('共 1 个客户').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('row').filter({ hasText: mobile }).click();
  const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('customer-profile') });
  await drawer
    .getByTestId('customer-profile')
    .getByText(mobile)
    .first()
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  return drawer;
}

describe('the console’s 客户 section (demo)', () => {
  const env = useServerAndBrowser();
  let customer: Page;
  let mobile: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, PASSWORD);
    customer = await env.browser.context.newPage();
    await signIn(customer, env.server.url('demo') + '/login', mobile, PASSWORD);
  });
  afterAll(async () => customer?.close());

  it('lets 财务 find a customer by mobile and credit ¥50 with a reason, which the customer’s 账单 shows', async () => {
    const finance = await env.browser.context.newPage();
    try {
      await finance.setViewportSize({ width: 1440, height: 900 });
      finance.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await consoleSignIn(finance, env.server, 'finance', DEMO_STAFF.Password);
      const drawer = await openCustomer(finance, mobile);
      await expect(drawer.getByTestId('customer-balance').innerText()).resolves.toBe('¥0.00');
      // 财务 adjusts balances but does not disable accounts.
      expect(await drawer.getByRole('button', { name: '停用' }).count()).toBe(0);

      // A deduction below zero: the server's message, in the dialog.
      await drawer.getByRole('button', { name: '调整余额' }).click();
      let dialog = finance.locator('.ant-modal').filter({ hasText: '调整余额 ·' });
      await dialog.getByText('扣减', { exact: true }).click();
      await dialog.getByLabel('金额（元）').fill('10');
      await dialog.getByLabel('调整原因').fill('扣回多付');
      await dialog.getByRole('button', { name: '确认调整' }).click();
      await dialog.getByText('余额不足，不能扣减到负数').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByRole('button', { name: '返回' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });

      // The reason is required; then ¥50 in.
      await drawer.getByRole('button', { name: '调整余额' }).click();
      dialog = finance.locator('.ant-modal').filter({ hasText: '调整余额 ·' });
      await dialog.getByLabel('金额（元）').fill('50');
      await dialog.getByRole('button', { name: '确认调整' }).click();
      await dialog.getByText('请填写调整原因').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByLabel('调整原因').fill('老客户回馈');
      await dialog.getByRole('button', { name: '确认调整' }).click();
      await toast(finance, '余额已调整，当前余额 ¥50.00').waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect
        .poll(() => drawer.getByTestId('customer-balance').innerText(), { timeout: STEP_TIMEOUT_MS })
        .toBe('¥50.00');
      const line = drawer.getByTestId('customer-ledger').getByRole('row').filter({ hasText: '老客户回馈' });
      await expect(line.innerText()).resolves.toContain('+¥50.00');
      await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
      await screenshot(finance, 'customer');
    } finally {
      await finance.close();
    }

    await open(customer, env.server.url('demo') + '/user/bill/1');
    const list = customer.getByRole('list', { name: '账单明细' });
    await list.waitFor({ timeout: STEP_TIMEOUT_MS });
    const entry = list.locator('.ink-bill__entry').filter({ hasText: '余额调整' });
    await expect(entry.innerText()).resolves.toContain('+¥50.00');
    await expect(customer.getByTestId('bill-balance').innerText()).resolves.toBe('¥50.00');
  });

  it('lets 管理员 disable the account with a reason: the customer’s next call is refused and signing in says why', async () => {
    const admin = await env.browser.context.newPage();
    try {
      await admin.setViewportSize({ width: 1440, height: 900 });
      admin.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await consoleSignIn(admin, env.server, DEMO_STAFF.Account, DEMO_STAFF.Password);
      const drawer = await openCustomer(admin, mobile);
      await drawer.getByRole('button', { name: '停用' }).click();
      const dialog = admin.locator('.ant-modal').filter({ hasText: '停用账号 ·' });
      await dialog.getByText('已登录的页面立即退出').waitFor({ timeout: STEP_TIMEOUT_MS });
      // Into the reason and out again with nothing typed (the dialog has finished opening by then).
      await dialog.getByLabel('停用原因').click();
      await dialog.getByRole('button', { name: '确认停用' }).click();
      await dialog.getByText('请填写停用原因').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByLabel('停用原因').fill('多次恶意下单');
      await dialog.getByRole('button', { name: '确认停用' }).click();
      await toast(admin, '账号已停用').waitFor({ timeout: STEP_TIMEOUT_MS });
      await drawer.getByText('停用原因').waitFor({ timeout: STEP_TIMEOUT_MS });
      await drawer.getByText(/多次恶意下单（墨砚店长/).waitFor({ timeout: STEP_TIMEOUT_MS });
      await drawer.getByRole('button', { name: '启用' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await admin.close();
    }

    // The customer's session stops working at once, and signing in again is refused with the reason.
    await expect(
      customerCall(customer, '/api/order/QueryCustomerBill', { pageindex: 1, limit: 1 }),
    ).rejects.toThrow();
    const again = await env.browser.context.newPage();
    try {
      await open(again, env.server.url('demo') + '/login');
      await submitLogin(again, mobile, PASSWORD);
      await again.getByText('账号已停用，请联系商家').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await again.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});
