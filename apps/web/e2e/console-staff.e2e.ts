import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_STAFF, adjustBalance, customerCall, staffCall } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshCustomerPage } from './support/customers.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, answerConfirm, chooseOption, toast } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

/**
 * True once every animation that ends has ended (a dialog's opening, a row's highlight), so a
 * screenshot shows the page at rest; endless ones (a status badge's pulse) are left running.
 */
function settled(): boolean {
  return document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
    );
}

const NEW_PASSWORD = 'Review2026ok';

/** docs/screenshots/console-<name>.png, when a run asks for the docs' pictures (support/screenshots.ts). */
function screenshot(page: Page, name: string): Promise<void> {
  return docScreenshot(page, `console-${name}`);
}

/**
 * As the signed-in customer (money on account, a default address): 商务名片 → 立即下单 → a PNG as
 * the line's artwork → 提交订单 → 余额支付. Returns the order's id and number.
 */
async function placePaidOrder(page: Page, server: RunningServer): Promise<{ id: number; orderNo: string }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="700">
    <rect width="1100" height="700" fill="#f4efe6"/><circle cx="260" cy="350" r="130" fill="#1f4e79"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).withMetadata({ density: 300 }).png().toBuffer();
  await page.goto(server.url('demo') + '/proinfo/100/110/111', { timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(async () => (await page.getByTestId('quote-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /立即下单/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
  const lines = page.getByRole('group', { name: '商品与印刷文件' });
  await lines
    .getByTestId('upload-input')
    .first()
    .setInputFiles({ name: '批量.png', mimeType: 'image/png', buffer });
  await lines
    .getByTestId('preflight-line')
    .filter({ hasText: '批量.png' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: /余额支付/ }).click();
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page.getByRole('button', { name: '查看订单' }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/all' && url.searchParams.has('id'), {
    timeout: STEP_TIMEOUT_MS,
  });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const [row] = server.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = ?', id);
  return { id, orderNo: row!.order_no };
}

/** As the signed-in customer: one 商务名片 with its suggested choices, ordered and not paid. */
async function placeUnpaidOrder(page: Page): Promise<{ OrderNo: string }> {
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
  return customerCall(page, '/api/order/addorder', {
    CartIds: [line.Id],
    AddressId: addresses.List[0]!.Id,
    ExpressCompanyId: (express.find((company) => company.IsDefault) ?? express[0]!).Id,
  });
}

describe('the console’s 员工 section (demo)', () => {
  const env = useServerAndBrowser();

  it('lets the administrator create a 审稿 account that sees only its sections, and logs it', async () => {
    const consoleErrors: string[] = [];
    const admin = await env.browser.context.newPage();
    const reviewer = await env.browser.context.newPage();
    try {
      for (const page of [admin, reviewer]) {
        await page.setViewportSize({ width: 1440, height: 900 });
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
      }
      await consoleSignIn(admin, env.server, 'admin', DEMO_STAFF.Password);
      const menu = admin.getByRole('menu', { name: '后台菜单' });
      await menu.getByText('员工').click();
      await admin.waitForURL((url) => url.pathname === '/console/staff', { timeout: STEP_TIMEOUT_MS });
      await admin
        .getByRole('row')
        .filter({ hasText: 'reviewer' })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      // 新建员工: the form names what is missing, then saves.
      await admin.getByRole('button', { name: '新建员工' }).click();
      const dialog = admin.locator('.ant-modal').filter({ hasText: '新建员工' });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('请填写账号').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByLabel('账号').fill('shengao01');
      await dialog.getByLabel('姓名').fill('审稿小王');
      await dialog.getByRole('combobox', { name: '角色' }).click();
      await admin.locator('.ant-select-item-option').filter({ hasText: '审稿' }).click();
      await admin.keyboard.press('Escape');
      await dialog.getByLabel('密码').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await toast(admin, '已新建员工 shengao01').waitFor({ timeout: STEP_TIMEOUT_MS });
      const row = admin.getByRole('row').filter({ hasText: 'shengao01' });
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await row.innerText()).toMatch(/审稿小王[\s\S]*审稿[\s\S]*正常/);

      // The new member signs in and sees 工作台 and 订单 only; 员工 is not theirs.
      await consoleSignIn(reviewer, env.server, 'shengao01', NEW_PASSWORD);
      const theirMenu = reviewer.getByRole('menu', { name: '后台菜单' });
      await theirMenu.getByText('订单').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await theirMenu.getByRole('menuitem').allInnerTexts()).toEqual(['工作台', '订单']);
      await reviewer.goto(env.server.url('demo') + '/console/staff', { timeout: STEP_TIMEOUT_MS });
      await reviewer.getByText('无权访问').waitFor({ timeout: STEP_TIMEOUT_MS });

      // 操作日志: the creation by admin, its roles after, the password never shown; and the sign-in.
      await admin.getByRole('tab', { name: '操作日志' }).click();
      const created = admin.locator('.ant-table-row').filter({ hasText: '新建或修改员工' }).filter({
        hasText: '员工 shengao01',
      });
      await created.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await created.innerText()).toContain('admin');
      const signIn = admin.locator('.ant-table-row').filter({ hasText: '商家员工登录' }).filter({
        hasText: 'shengao01',
      });
      await signIn.first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await created.click();
      const detail = admin.getByTestId('audit-detail');
      await detail.waitFor({ timeout: STEP_TIMEOUT_MS });
      const detailText = await detail.innerText();
      expect(detailText).toMatch(/角色\s*—\s*审稿/);
      expect(detailText).toContain('"Password": "***"');
      expect(detailText).not.toContain(NEW_PASSWORD);
      await admin.waitForFunction(settled, undefined, {
        timeout: STEP_TIMEOUT_MS,
      });
      await screenshot(admin, 'staff');

      // Filtered by the operation, only staff saves remain.
      await chooseOption(admin, admin.getByRole('combobox', { name: '操作' }), '新建或修改员工');
      await admin.getByText('共 1 条记录').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(consoleErrors).toEqual([]);
    } finally {
      await admin.close();
      await reviewer.close();
    }
  });

  it('opens 生产中 › 待开始生产 from 工作台 and starts production of the ticked orders, saying which were refused', async () => {
    const { page: customer, mobile } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '孙八',
    });
    const staff = await env.browser.context.newPage();
    try {
      await adjustBalance(env.server, mobile, 100_000, '测试充值');
      const paid = await placePaidOrder(customer, env.server);
      const unpaid = await placeUnpaidOrder(customer);
      const { StaffToken } = await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF);
      await staffCall(env.server, 'ApproveArtwork', { OrderId: paid.id }, StaffToken);

      await staff.setViewportSize({ width: 1440, height: 900 });
      await consoleSignIn(staff, env.server, 'admin', DEMO_STAFF.Password);
      await staff.waitForURL((url) => url.pathname === '/console/dashboard', { timeout: STEP_TIMEOUT_MS });
      await staff.getByRole('link', { name: '待开始生产 1 单' }).click();
      await staff.waitForURL(
        (url) =>
          url.searchParams.get('status') === '3' && url.searchParams.get('production') === 'not_started',
        { timeout: STEP_TIMEOUT_MS },
      );
      const switcher = staff.getByRole('radiogroup', { name: '生产状态' });
      await expect
        .poll(() => switcher.locator('.ant-radio-button-wrapper-checked').innerText())
        .toBe('待开始生产');
      await staff.getByRole('row').filter({ hasText: paid.orderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });

      // From 全部: the started order and the unpaid one, ticked together.
      await staff.getByTestId('orders-tab-0').click();
      // The unpaid order is listed under 全部 only: its row means 全部's orders have replaced the
      // last tab's, so no tick lands on a row that is about to go.
      await staff.getByRole('row').filter({ hasText: unpaid.OrderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
      for (const orderNo of [paid.orderNo, unpaid.OrderNo]) {
        await staff.getByRole('checkbox', { name: `选择订单 ${orderNo}` }).check();
      }
      await staff
        .getByTestId('orders-batch')
        .getByText('已选 2 个订单')
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await staff.getByTestId('orders-batch').getByRole('button', { name: '批量开始生产' }).click();
      await answerConfirm(staff, '批量开始生产', /^确\s*定$/);
      const result = staff.getByTestId('batch-result');
      await result.waitFor({ timeout: STEP_TIMEOUT_MS });
      await staff
        .locator('.ant-modal-confirm-title', { hasText: '成功 1 个，未处理 1 个' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      const lines = await result.locator('li').allInnerTexts();
      expect(lines[0]).toMatch(new RegExp(`${unpaid.OrderNo}：订单当前为「待付款」`));
      expect(lines[1]).toBe(`${paid.orderNo}：成功`);
      await staff.waitForFunction(settled, undefined, {
        timeout: STEP_TIMEOUT_MS,
      });
      await screenshot(staff, 'batch-result');
      await staff
        .getByRole('button', { name: /知道了|OK|确\s*定/ })
        .last()
        .click();

      // 生产中 › 已开始 now holds it; 待开始生产 no longer does.
      await staff.goto(env.server.url('demo') + '/console/orders?status=3&production=started');
      await staff.getByRole('row').filter({ hasText: paid.orderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await staff.getByRole('radiogroup', { name: '生产状态' }).getByText('待开始生产').click();
      await staff.getByText('没有符合条件的订单').waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await customer.close();
      await staff.close();
    }
  });
});
