import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_STAFF, adjustBalance, staffCall } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshCustomerPage } from './support/customers.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, chooseOption } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

/** True once every animation that ends has ended, so the screenshot shows the dialog at rest. */
function settled(): boolean {
  return document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
    );
}

/**
 * As the signed-in customer (money on account, a default address): 商务名片 → 立即下单 → a PNG as
 * the line's artwork → (`delivery`, else the default courier) → 提交订单 → 余额支付. Returns the
 * order's id and number.
 */
async function placePaidOrder(
  page: Page,
  server: RunningServer,
  delivery?: RegExp,
): Promise<{ id: number; orderNo: string }> {
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
    .setInputFiles({ name: '发货.png', mimeType: 'image/png', buffer });
  await lines
    .getByTestId('preflight-line')
    .filter({ hasText: '发货.png' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  if (delivery) {
    await page.getByRole('group', { name: '快递公司' }).getByRole('button', { name: delivery }).click();
  }
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

describe('批量发货 on the console’s order board (demo)', () => {
  const env = useServerAndBrowser();

  it('ships two ticked orders each with its own tracking number, and each customer sees theirs', async () => {
    const consoleErrors: string[] = [];
    const first = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '周一',
    });
    const second = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '吴二',
    });
    const staff = await env.browser.context.newPage();
    try {
      staff.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await adjustBalance(env.server, first.mobile, 100_000, '测试充值');
      await adjustBalance(env.server, second.mobile, 100_000, '测试充值');
      const one = await placePaidOrder(first.page, env.server);
      const two = await placePaidOrder(second.page, env.server);
      const { StaffToken } = await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF);
      for (const order of [one, two]) {
        await staffCall(env.server, 'ApproveArtwork', { OrderId: order.id }, StaffToken);
      }

      // The packer (发货 role) ticks both on 生产中 and opens 批量发货.
      await staff.setViewportSize({ width: 1440, height: 900 });
      await consoleSignIn(staff, env.server, 'shipper', DEMO_STAFF.Password);
      await staff.goto(env.server.url('demo') + '/console/orders?status=3', { timeout: STEP_TIMEOUT_MS });
      for (const order of [one, two]) {
        await staff.getByRole('checkbox', { name: `选择订单 ${order.orderNo}` }).check();
      }
      await staff.getByTestId('orders-batch').getByRole('button', { name: '批量发货' }).click();
      const dialog = staff.locator('.ant-modal').filter({ hasText: '批量发货（2 个订单）' });
      await dialog.getByText('周一').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByText('吴二').waitFor({ timeout: STEP_TIMEOUT_MS });
      const trackingOf = (orderNo: string) => dialog.getByLabel(`订单 ${orderNo} 的快递单号`);

      // Checked before sending: an empty number, then the same number twice.
      await dialog.getByRole('button', { name: '确认发货' }).click();
      await dialog.getByText('2 个订单的快递单号需要修改').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await dialog.getByText('请填写快递单号').count()).toBe(2);
      await trackingOf(one.orderNo).fill('SF3300000001');
      await trackingOf(two.orderNo).fill('sf3300000001');
      await dialog.getByText(`快递单号与订单 ${one.orderNo} 重复`).waitFor({ timeout: STEP_TIMEOUT_MS });

      // Pasted from the express company's software: the second order's number, and a line for
      // an order not in the batch, which is named.
      await dialog.getByText('粘贴快递单号').click();
      await dialog
        .getByLabel('粘贴订单号和快递单号')
        .fill(`订单号\t运单号\n${two.orderNo}\tYT4400000002\nD209900000000\tYT4400000003`);
      await dialog.getByRole('button', { name: '按订单号填入' }).click();
      await dialog.getByText('已填入 1 个订单的快递单号，1 行未匹配').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await dialog.getByTestId('paste-unmatched').innerText()).toContain(
        '第 3 行「D209900000000\tYT4400000003」：订单号 D209900000000 不在本次发货的订单中'.replace(
          '\t',
          ' ',
        ),
      );
      await expect.poll(() => trackingOf(two.orderNo).inputValue()).toBe('YT4400000002');
      await expect.poll(() => dialog.getByText('需要修改').count()).toBe(0);

      // Both start at the customer's 顺丰速运; 全部设为 中通快递 changes them all.
      for (const order of [one, two]) {
        expect(await dialog.getByTestId(`ship-company-${order.orderNo}`).innerText()).toBe('顺丰速运');
      }
      await chooseOption(staff, dialog.getByRole('combobox', { name: '全部订单的快递公司' }), '中通快递');
      await dialog.getByRole('button', { name: '全部设为' }).click();
      for (const order of [one, two]) {
        await expect
          .poll(() => dialog.getByTestId(`ship-company-${order.orderNo}`).innerText())
          .toBe('中通快递');
      }
      await staff
        .locator('.ant-select-dropdown:visible')
        .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      await staff.waitForFunction(settled, undefined, { timeout: STEP_TIMEOUT_MS });
      await docScreenshot(staff, 'console-batch-ship');

      await dialog.getByRole('button', { name: '确认发货' }).click();
      await staff
        .locator('.ant-modal-confirm-title', { hasText: '2 个订单全部成功' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await staff.getByTestId('batch-result').locator('li').allInnerTexts()).toEqual([
        `${one.orderNo}：成功`,
        `${two.orderNo}：成功`,
      ]);

      // Each customer's own order page: 已发货, 中通快递 and their own number only.
      for (const [customer, order, mine, theirs] of [
        [first.page, one, 'SF3300000001', 'YT4400000002'],
        [second.page, two, 'YT4400000002', 'SF3300000001'],
      ] as const) {
        await customer.goto(`${env.server.url('demo')}/user/order/all?id=${order.id}`, {
          timeout: STEP_TIMEOUT_MS,
        });
        await customer.getByTestId('order-status').getByText('已发货').waitFor({ timeout: STEP_TIMEOUT_MS });
        await customer.getByText(mine).first().waitFor({ timeout: STEP_TIMEOUT_MS });
        await customer.getByText('中通快递').first().waitFor({ timeout: STEP_TIMEOUT_MS });
        expect(await customer.getByText(theirs).count()).toBe(0);
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await first.page.close();
      await second.page.close();
      await staff.close();
    }
  });

  it('ships a 到店自提 order from the drawer without a tracking number, and its customer sees it ready for pickup', async () => {
    const customer = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '郑三',
    });
    const staff = await env.browser.context.newPage();
    try {
      await adjustBalance(env.server, customer.mobile, 100_000, '测试充值');
      const order = await placePaidOrder(customer.page, env.server, /到店自提/);
      const { StaffToken } = await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF);
      await staffCall(env.server, 'ApproveArtwork', { OrderId: order.id }, StaffToken);

      await staff.setViewportSize({ width: 1440, height: 900 });
      await consoleSignIn(staff, env.server, 'shipper', DEMO_STAFF.Password);
      await staff.goto(env.server.url('demo') + '/console/orders?status=3', { timeout: STEP_TIMEOUT_MS });
      await staff.getByRole('row').filter({ hasText: order.orderNo }).click();
      const drawer = staff.locator('.console-order-drawer').filter({ hasText: `订单 ${order.orderNo}` });
      await drawer.getByText('到店自提，无需运单号').waitFor({ timeout: STEP_TIMEOUT_MS });

      // 发货 asks for no number: a pickup notice and one button.
      await drawer.getByTestId('order-actions').getByRole('button', { name: '发货', exact: true }).click();
      const dialog = staff.locator('.ant-modal').filter({ hasText: `发货 · ${order.orderNo}` });
      await dialog.getByText('到店自提，无需运单号').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await dialog.getByLabel('快递单号').count()).toBe(0);
      await dialog.getByRole('button', { name: '发货并通知客户自提' }).click();
      await expect
        .poll(() => drawer.getByTestId('order-status').innerText(), { timeout: STEP_TIMEOUT_MS })
        .toBe('已发货');

      await customer.page.goto(`${env.server.url('demo')}/user/order/all?id=${order.id}`, {
        timeout: STEP_TIMEOUT_MS,
      });
      await customer.page
        .getByTestId('order-status')
        .getByText('已发货')
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await customer.page.getByText('已发货，可以到店自提').waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await customer.page.close();
      await staff.close();
    }
  });
});
