import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatFen } from '../src/lib/format.ts';
import { DEMO_STAFF, adjustBalance, customerCall } from './support/api.ts';
import { freshCustomerPage } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

interface Placed {
  Id: number;
  OrderNo: string;
  TotalFen: number;
}

/** As the signed-in customer: one 商务名片 with its suggested choices, ordered (not paid). */
async function placeOrder(page: Page): Promise<Placed> {
  const info = await customerCall<{ DefaultSelection: Record<string, unknown> }>(
    page,
    '/api/product/GetCompanyProductInfo',
    { ProductId: 1001 },
  );
  const line = await customerCall<{ Id: number }>(page, '/api/order/addorderitem', {
    ProductId: 1001,
    ...info.DefaultSelection,
  });
  const addresses = await customerCall<{ List: { Id: number }[] }>(
    page,
    '/api/cust/QueryDeliverGoodsAddress',
    {},
  );
  const express = await customerCall<{ Id: number; IsDefault: boolean }[]>(
    page,
    '/api/v2/s2b.expressinfo.all.post',
    {},
  );
  return customerCall<Placed>(page, '/api/order/addorder', {
    CartIds: [line.Id],
    AddressId: addresses.List[0]!.Id,
    ExpressCompanyId: (express.find((company) => company.IsDefault) ?? express[0]!).Id,
  });
}

describe('the console’s 工作台 (demo)', () => {
  const env = useServerAndBrowser();
  let staff: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    staff = await env.browser.context.newPage();
    await staff.setViewportSize({ width: 1440, height: 1100 });
    staff.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await staff?.close();
  });

  it('shows the administrator today’s orders and revenue, and a waiting count opens the board filtered', async () => {
    const { page: customer, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '钱七',
    });
    const paid = await placeOrder(customer);
    await adjustBalance(env.server, mobile, paid.TotalFen, '测试充值');
    await customerCall(customer, '/api/payment/BalancePaymannet', { OrderIds: [paid.Id] });
    const unpaid = await placeOrder(customer);
    await customer.close();

    // Signing in at /console lands on 工作台, the console's first page.
    await staff.goto(env.server.url('demo') + '/console', { timeout: STEP_TIMEOUT_MS });
    await staff.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await staff.getByLabel('账号').fill(DEMO_STAFF.Account);
    await staff.getByLabel('密码').fill(DEMO_STAFF.Password);
    await staff.getByRole('button', { name: /登\s*录/ }).click();
    await staff.waitForURL((url) => url.pathname === '/console/dashboard', { timeout: STEP_TIMEOUT_MS });

    const todayOrders = staff.getByTestId('dashboard-today-orders').locator('.ant-statistic-content');
    await expect.poll(() => todayOrders.innerText(), { timeout: STEP_TIMEOUT_MS }).toMatch(/^2\s*单$/);
    expect(
      await staff.getByTestId('dashboard-today-paid').locator('.ant-statistic-content').innerText(),
    ).toMatch(/^1\s*单$/);
    expect(
      await staff.getByTestId('dashboard-today-revenue').locator('.ant-statistic-content').innerText(),
    ).toBe(formatFen(paid.TotalFen));
    const chart = staff.getByRole('img', { name: /最近30天每日付款金额（元）/ });
    await chart.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await chart.locator('rect').count()).toBe(30);
    expect(await staff.getByRole('row').filter({ hasText: '商务名片' }).count()).toBeGreaterThan(0);
    await docScreenshot(staff, 'console-dashboard', { fullPage: true });

    // 待付款 1 单 opens the board on its 待付款 tab, with the unpaid order.
    await staff.getByRole('link', { name: '待付款 1 单' }).click();
    await staff.waitForURL(
      (url) => url.pathname === '/console/orders' && url.searchParams.get('status') === '1',
      { timeout: STEP_TIMEOUT_MS },
    );
    await staff.getByRole('row').filter({ hasText: unpaid.OrderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await staff.getByRole('row').filter({ hasText: paid.OrderNo }).count()).toBe(0);

    // Back on 工作台, 待审核 opens 待审稿 › 待审核 with the paid order.
    await staff.getByRole('menu', { name: '后台菜单' }).getByText('工作台').click();
    await staff.getByRole('link', { name: '待审核 1 单' }).click();
    await staff.waitForURL(
      (url) => url.searchParams.get('status') === '2' && url.searchParams.get('review') === 'pending',
      { timeout: STEP_TIMEOUT_MS },
    );
    await staff.getByRole('row').filter({ hasText: paid.OrderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(consoleErrors).toEqual([]);
  });
});
