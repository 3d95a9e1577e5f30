import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageKey } from '@inkstone/contracts';
import type { Page } from 'playwright-core';
import { DEMO_STAFF, adjustBalance, customerCall, staffCall } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshMobile, registerCustomer } from './support/customers.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import {
  STEP_TIMEOUT_MS,
  answerConfirm,
  backgroundColour,
  clickUntilShown,
  open,
  signIn,
  toast,
} from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

const PASSWORD = 'Print2026';
/** Spec §1: theme preference 2 is red, anything else green (apps/web/src/app/theme.ts). */
const RED = 'rgb(215, 38, 30)';
const TRACKING_NO = 'SF1234567890';

/** docs/screenshots/console-<name>.png, when a run asks for the docs' pictures (support/screenshots.ts). */
function screenshot(page: Page, name: string): Promise<void> {
  return docScreenshot(page, `console-${name}`);
}

/** A small printable picture to send as artwork. */
async function artwork(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="700">
    <rect width="1100" height="700" fill="#f4efe6"/>
    <rect x="50" y="50" width="1000" height="600" fill="none" stroke="#b22222" stroke-width="10"/>
    <circle cx="260" cy="350" r="130" fill="#1f4e79"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).withMetadata({ density: 300 }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A new demo customer with money on account and a default address, signed in on its own tab. */
async function customerPage(server: RunningServer, page: Page): Promise<string> {
  const mobile = freshMobile();
  await registerCustomer(server, 'demo', mobile, PASSWORD);
  await adjustBalance(server, mobile, 100_000, '测试充值');
  await signIn(page, server.url('demo') + '/login', mobile, PASSWORD);
  await customerCall(page, '/api/cust/AddDeliverGoodsAddress', {
    contacts: '赵六',
    phoneNumber: mobile,
    citys: ['440000', '440300', '440305'],
    address: '科技园南区深南大道 9988 号',
    IsDefault: true,
  });
  return mobile;
}

/**
 * As the customer: 商务名片 → 立即下单 → artwork on the line → 提交订单 → 余额支付. Returns the
 * order's number; the customer's page is left on the order's detail.
 */
async function placePaidOrder(page: Page, server: RunningServer, fileName: string): Promise<string> {
  await page.goto(server.url('demo') + '/proinfo/100/110/111', { timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(async () => (await page.getByTestId('quote-total').textContent())?.trim(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /立即下单/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });
  await page.getByText('科技园南区深南大道 9988 号').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  const lines = page.getByRole('group', { name: '商品与印刷文件' });
  await lines
    .getByTestId('upload-input')
    .first()
    .setInputFiles(await artwork(fileName));
  await lines.getByTestId('upload-file').filter({ hasText: fileName }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await lines
    .getByTestId('preflight-line')
    .filter({ hasText: fileName })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
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
  await page.getByTestId('order-status').getByText('待审稿').waitFor({ timeout: STEP_TIMEOUT_MS });
  const [row] = server.query<{ order_no: string }>(
    'SELECT order_no FROM orders WHERE id = ?',
    Number(new URL(page.url()).searchParams.get('id')),
  );
  return row!.order_no;
}

/** Signs a staff member in and opens the order board from 工作台, where every role starts. */
async function signInToOrders(page: Page, server: RunningServer, account: string, password: string) {
  await consoleSignIn(page, server, account, password);
  await page.waitForURL((url) => url.pathname === '/console/dashboard', { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('menu', { name: '后台菜单' }).getByText('订单').click();
  await page.waitForURL((url) => url.pathname === '/console/orders', { timeout: STEP_TIMEOUT_MS });
}

/** The console's drawer of the order `orderNo`, opened from the list after searching for it. */
async function openOrderInConsole(page: Page, orderNo: string) {
  const search = page.getByRole('searchbox', { name: '订单号、商品或快递单号' });
  await search.fill(orderNo);
  await search.press('Enter');
  await page.getByRole('row').filter({ hasText: orderNo }).click();
  const drawer = page.locator('.console-order-drawer').filter({ hasText: `订单 ${orderNo}` });
  await drawer.waitFor({ timeout: STEP_TIMEOUT_MS });
  return drawer;
}

describe('the merchant console (demo)', () => {
  const env = useServerAndBrowser();
  let customer: Page;
  let staff: Page;
  /** Errors the console's page wrote to the browser console (a CSP violation would be one). */
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    customer = await env.browser.context.newPage();
    staff = await env.browser.context.newPage();
    await staff.setViewportSize({ width: 1440, height: 900 });
    staff.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await customer?.close();
    await staff?.close();
  });

  it('signs staff in with the server’s messages, approves artwork and ships; the customer sees 已发货 and the tracking number', async () => {
    const mobile = await customerPage(env.server, customer);
    const orderNo = await placePaidOrder(customer, env.server, '名片-赵六.png');

    // A wrong password gets the server's own message, with the tries left before the lock.
    await staff.goto(env.server.url('demo') + '/console/orders', { timeout: STEP_TIMEOUT_MS });
    await staff.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('heading', { name: '墨砚快印' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByLabel('账号').fill(DEMO_STAFF.Account);
    await staff.getByLabel('密码').fill('not-the-password');
    await staff.getByRole('button', { name: /登\s*录/ }).click();
    await staff
      .getByRole('alert')
      .filter({ hasText: '账号或密码错误，再错2次将锁定账号30分钟' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await screenshot(staff, 'sign-in');
    await staff.getByLabel('密码').fill(DEMO_STAFF.Password);
    await staff.getByRole('button', { name: /登\s*录/ }).click();
    // Back to the address asked for, with the administrator's whole menu.
    await staff.waitForURL((url) => url.pathname === '/console/orders', { timeout: STEP_TIMEOUT_MS });
    const menu = staff.getByRole('menu', { name: '后台菜单' });
    await menu.getByText('网站').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await staff.getByTestId('console-staff-roles').innerText()).toContain('管理员');

    // The 待审稿 tab counts the order; the customer search finds it.
    await staff.getByTestId('orders-tab-2').click();
    await expect
      .poll(() => staff.getByTestId('orders-tab-2').innerText(), { timeout: STEP_TIMEOUT_MS })
      .toMatch(/待审稿\s*[1-9]/);
    const customerSearch = staff.getByRole('searchbox', { name: '客户手机号、账号或昵称' });
    await customerSearch.fill(mobile);
    await customerSearch.press('Enter');
    await expect
      .poll(() => staff.getByRole('row').filter({ hasText: orderNo }).count(), { timeout: STEP_TIMEOUT_MS })
      .toBe(1);
    await expect.poll(() => staff.locator('.ant-table-row').count()).toBe(1);
    await screenshot(staff, 'orders');
    await customerSearch.fill('');
    await customerSearch.press('Enter');

    const drawer = await openOrderInConsole(staff, orderNo);
    const file = drawer.getByTestId('order-file');
    await file.getByRole('link', { name: '名片-赵六.png' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect
      .poll(() => file.getByTestId('order-file-preflight').innerText(), { timeout: STEP_TIMEOUT_MS })
      .toMatch(/^预检/);
    const thumbnail = file.getByRole('img', { name: '名片-赵六.png' });
    await expect
      .poll(
        () => thumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
        {
          timeout: STEP_TIMEOUT_MS,
        },
      )
      .toBeGreaterThan(0);
    // The download link serves the file itself.
    const href = await file.getByRole('link', { name: '名片-赵六.png' }).getAttribute('href');
    const signature = await staff.evaluate(async (link) => {
      const bytes = new Uint8Array(await (await fetch(link)).arrayBuffer());
      return String.fromCharCode(...bytes.subarray(1, 4));
    }, href!);
    expect(signature).toBe('PNG');
    await screenshot(staff, 'order-detail');

    // 审稿通过 → 生产中.
    await drawer.getByRole('button', { name: '审稿通过' }).click();
    // The toast is awaited from the start: it shows for 3 s, and on a busy machine the dialog's
    // closing can be noticed later than that.
    await Promise.all([
      toast(staff, '审稿通过，订单进入生产').waitFor({ timeout: STEP_TIMEOUT_MS }),
      answerConfirm(staff, '审稿通过', /^审稿通过$/),
    ]);
    await expect
      .poll(() => drawer.getByTestId('order-status').innerText(), { timeout: STEP_TIMEOUT_MS })
      .toBe('生产中');

    // 发货 with the courier and tracking number.
    await drawer.getByRole('button', { name: '发货' }).click();
    const dialog = staff.locator('.ant-modal').filter({ hasText: `发货 · ${orderNo}` });
    await dialog.getByLabel('快递公司').fill('顺丰速运');
    await dialog.getByLabel('快递单号').fill(TRACKING_NO);
    await screenshot(staff, 'ship');
    await dialog.getByRole('button', { name: '发货' }).click();
    await toast(staff, '已发货').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect
      .poll(() => drawer.getByTestId('order-status').innerText(), { timeout: STEP_TIMEOUT_MS })
      .toBe('已发货');
    await drawer.getByTestId('order-history').getByText('发货').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await drawer.getByRole('button', { name: '完成' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // 打印送货单: the delivery note opens in a print window of its own, without prices.
    const popup = staff.waitForEvent('popup', { timeout: STEP_TIMEOUT_MS });
    await drawer.getByRole('button', { name: '打印送货单' }).click();
    const note = await popup;
    await note.getByText(orderNo).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const noteHtml = await note.content();
    expect(noteHtml).toContain('送货单');
    expect(noteHtml).toContain('名片-赵六.png');
    expect(noteHtml).not.toContain('¥');
    // The merchant's logo heads the sheet and loads within the print page's policy.
    const printedLogo = note.locator('header img.logo').first();
    await expect
      .poll(
        () =>
          printedLogo.evaluate(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        { timeout: STEP_TIMEOUT_MS },
      )
      .toBe(true);
    await note.close();

    // The customer's own order page now says 已发货, with the carrier and tracking number.
    await customer.reload();
    await customer.getByTestId('order-status').getByText('已发货').waitFor({ timeout: STEP_TIMEOUT_MS });
    await customer.getByText(TRACKING_NO).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await customer.getByText('顺丰速运').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await docScreenshot(customer, 'console-customer-shipped');
    // No script error and no CSP violation on the console's pages.
    expect(consoleErrors).toEqual([]);
  });

  it('turns the customer site red from 网站, and refuses a save over another member’s', async () => {
    await staff.goto(env.server.url('demo') + '/console/orders', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('menu', { name: '后台菜单' }).getByText('网站').click();
    await staff.waitForURL((url) => url.pathname === '/console/site', { timeout: STEP_TIMEOUT_MS });
    const name = staff.getByLabel('商户名称');
    await expect.poll(() => name.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('墨砚快印');

    // Another member saves in between: this save is refused with the server's message, nothing written.
    const token = (await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF)).StaffToken;
    const current = await staffCall<Record<string, unknown>>(env.server, 'SiteSettings', {}, token);
    await staffCall(env.server, 'SaveSiteSettings', { ...current, Notice: '另一位员工的公告' }, token);
    await staff.getByLabel('红色').check();
    await staff.getByRole('button', { name: /保\s*存/ }).click();
    await staff
      .getByRole('alert')
      .filter({ hasText: '内容已被其他员工修改，请刷新后再保存' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(
      env.server.query<{ theme_preference: number }>(
        "SELECT theme_preference FROM merchants WHERE code = 'demo'",
      )[0]!.theme_preference,
    ).not.toBe(2);
    await screenshot(staff, 'site-conflict');

    await staff.getByRole('button', { name: '重新读取' }).click();
    await expect
      .poll(() => staff.getByLabel('网站公告').inputValue(), { timeout: STEP_TIMEOUT_MS })
      .toBe('另一位员工的公告');
    await staff.getByLabel('红色').check();
    await staff.getByRole('button', { name: /保\s*存/ }).click();
    await toast(staff, '网站设置已保存').waitFor({ timeout: STEP_TIMEOUT_MS });
    await screenshot(staff, 'site');

    // A visitor opening the site now (no company info cached from earlier today, spec §3) sees it red.
    const page = await env.browser.context.newPage();
    try {
      await page.goto(`${env.server.url('demo')}/site-assets/none`);
      await page.evaluate((key) => localStorage.removeItem(key), StorageKey.CompanyInfo);
      await open(page, env.server.url('demo') + '/login');
      await expect
        .poll(() => backgroundColour(page.getByRole('button', { name: /登\s*录/ })), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toBe(RED);
      await docScreenshot(page, 'console-customer-red');
    } finally {
      await page.close();
    }
  });

  it('shows a production member only the orders and the steps of production', async () => {
    const order = await placePaidOrder(customer, env.server, '名片-生产.png');
    const token = (await staffCall<{ StaffToken: string }>(env.server, 'Login', DEMO_STAFF)).StaffToken;
    await staffCall(
      env.server,
      'SaveStaff',
      { Account: 'shengchan01', Name: '生产小王', Password: 'Worker2026', Roles: ['production'] },
      token,
    );
    const [row] = env.server.query<{ id: number }>('SELECT id FROM orders WHERE order_no = ?', order);
    await staffCall(env.server, 'ApproveArtwork', { OrderId: row!.id }, token);

    const worker = await env.browser.context.newPage();
    try {
      await worker.setViewportSize({ width: 1440, height: 900 });
      await signInToOrders(worker, env.server, 'shengchan01', 'Worker2026');
      expect(await worker.getByTestId('console-staff-roles').innerText()).toContain('生产');
      const menu = worker.getByRole('menu', { name: '后台菜单' });
      await menu.getByText('订单').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['工作台', '订单']);
      // Exporting every order with the customers' numbers is for 财务 and 管理员.
      await worker.locator('.ant-table-row').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await worker.getByRole('button', { name: '导出Excel' }).count()).toBe(0);

      const drawer = await openOrderInConsole(worker, order);
      await drawer.getByRole('button', { name: '开始生产' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      for (const hidden of ['发货', '取消并退款', '审稿通过', '退回重传']) {
        expect(await drawer.getByRole('button', { name: hidden, exact: true }).count(), hidden).toBe(0);
      }
      await screenshot(worker, 'production-member');
      await drawer.getByRole('button', { name: '开始生产' }).click();
      await Promise.all([
        toast(worker, '已记录开始生产').waitFor({ timeout: STEP_TIMEOUT_MS }),
        answerConfirm(worker, '开始生产', /^开始生产$/),
      ]);
      await drawer
        .getByTestId('order-history')
        .getByText('开始生产')
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      // 网站 is not theirs: typed in, the address shows 无权访问; the server refuses the save too.
      await worker.goto(env.server.url('demo') + '/console/site', { timeout: STEP_TIMEOUT_MS });
      await worker.getByText('无权访问').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await worker.getByLabel('商户名称').count()).toBe(0);
      const refusal = await worker.evaluate(async () => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('inkstone_console_session_'))!;
        const session = JSON.parse(sessionStorage.getItem(key)!) as { token: string };
        const response = await fetch('/api/staff/CancelOrder', {
          method: 'POST',
          headers: { 'content-type': 'application/json', stafftoken: session.token },
          body: JSON.stringify({ bizcontent: { OrderId: 1, Reason: '试试' } }),
        });
        return ((await response.json()) as { message: string }).message;
      });
      expect(refusal).toBe('当前员工账号没有此操作的权限');

      // 退出登录 ends the session: the console asks to sign in again.
      await worker.goto(env.server.url('demo') + '/console/orders', { timeout: STEP_TIMEOUT_MS });
      await worker.getByRole('button', { name: '退出登录' }).click();
      await worker.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    } finally {
      await worker.close();
    }
  });
  it('lets the reviewer send artwork back with a reason the customer reads, and finance cancel with a refund', async () => {
    const orderNo = await placePaidOrder(customer, env.server, '名片-退回.png');
    const [row] = env.server.query<{ id: number; total_fen: number }>(
      'SELECT id, total_fen FROM orders WHERE order_no = ?',
      orderNo,
    );
    const reason = '图片分辨率偏低，请上传 300 DPI 的文件';

    const reviewer = await env.browser.context.newPage();
    try {
      await reviewer.setViewportSize({ width: 1440, height: 900 });
      await signInToOrders(reviewer, env.server, 'reviewer', DEMO_STAFF.Password);
      const drawer = await openOrderInConsole(reviewer, orderNo);
      await drawer.getByRole('button', { name: '审稿通过' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await drawer.getByRole('button', { name: /取消/ }).count()).toBe(0);
      await drawer.getByRole('button', { name: '退回重传' }).click();
      const dialog = reviewer.locator('.ant-modal').filter({ hasText: `退回重传 · ${orderNo}` });
      // The reason is required: the dialog says so before anything is sent.
      await clickUntilShown(
        dialog.getByRole('button', { name: '退回重传' }),
        dialog.getByText('请填写退回原因'),
      );
      await dialog.getByLabel('退回原因（客户可见）').fill(reason);
      await dialog.getByRole('button', { name: '退回重传' }).click();
      await toast(reviewer, '已退回客户重新上传').waitFor({ timeout: STEP_TIMEOUT_MS });
      await drawer.getByText(`稿件已退回客户：${reason}`).waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect
        .poll(() => drawer.getByTestId('order-review-state').innerText(), { timeout: STEP_TIMEOUT_MS })
        .toBe('稿件退回');
      expect(await drawer.getByRole('button', { name: '审稿通过' }).count()).toBe(0);

      // Inside 待审稿, 稿件退回 lists the order and 待审核 no longer does.
      await reviewer.goto(env.server.url('demo') + '/console/orders?status=2', { timeout: STEP_TIMEOUT_MS });
      const states = reviewer.getByRole('radiogroup', { name: '审稿状态' });
      await states.getByText('稿件退回').click();
      await reviewer.getByRole('row').filter({ hasText: orderNo }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await states.getByText('待审核').click();
      await reviewer.waitForURL((url) => url.searchParams.get('review') === 'pending', {
        timeout: STEP_TIMEOUT_MS,
      });
      await expect
        .poll(() => reviewer.getByRole('row').filter({ hasText: orderNo }).count(), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toBe(0);
    } finally {
      await reviewer.close();
    }
    await customer.reload();
    await customer.getByText(`稿件退回：${reason}`).first().waitFor({ timeout: STEP_TIMEOUT_MS });

    const finance = await env.browser.context.newPage();
    try {
      await finance.setViewportSize({ width: 1440, height: 900 });
      await signInToOrders(finance, env.server, 'finance', DEMO_STAFF.Password);
      // Two orders picked on the board print as order sheets, one page each. They are read off
      // the orders' own checkboxes: the 工作台's table may still be on the page for a moment.
      const orderBoxes = finance.getByRole('checkbox', { name: /^选择订单 \d+$/ });
      await orderBoxes.nth(1).waitFor({ timeout: STEP_TIMEOUT_MS });
      const picked = await orderBoxes.evaluateAll((boxes) =>
        boxes.slice(0, 2).map((box) => (box.getAttribute('aria-label') ?? '').replace('选择订单 ', '')),
      );
      for (const number of picked)
        await finance.getByRole('checkbox', { name: `选择订单 ${number}`, exact: true }).check();
      await finance
        .getByTestId('orders-batch')
        .getByText('已选 2 个订单')
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await finance.locator('.console-order-drawer').count()).toBe(0);
      const popup = finance.waitForEvent('popup', { timeout: STEP_TIMEOUT_MS });
      await finance.getByTestId('orders-batch').getByRole('button', { name: '打印订单' }).click();
      const sheets = await popup;
      await sheets.getByText(picked[1]!).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await sheets.locator('section.sheet').count()).toBe(2);
      expect(await sheets.content()).toContain('应付金额');
      await sheets.close();
      await finance.getByTestId('orders-batch').getByRole('button', { name: '取消选择' }).click();

      // 导出Excel: every order of the board's filters, with who ordered.
      const download = finance.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
      await finance.getByRole('button', { name: '导出Excel' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^订单_截至\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await file.path())!);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(2).value).toBe('客户');
      const exported: string[] = [];
      sheet.eachRow((row, index) => {
        if (index > 1) exported.push(String(row.getCell(1).value ?? ''));
      });
      expect(exported).toEqual(expect.arrayContaining([orderNo, ...picked]));

      const drawer = await openOrderInConsole(finance, orderNo);
      await drawer.getByRole('button', { name: '取消并退款' }).click();
      const dialog = finance.locator('.ant-modal').filter({ hasText: `取消并退款 · ${orderNo}` });
      await dialog.getByText('余额支付的退回余额').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByLabel('取消原因（客户可见）').fill('客户来电取消');
      await dialog.getByRole('button', { name: '取消并退款' }).click();
      // Paid from the balance: the money goes back there, and the toast says so.
      await toast(finance, '退回客户余额（已退回余额）').waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect
        .poll(() => drawer.getByTestId('order-status').innerText(), { timeout: STEP_TIMEOUT_MS })
        .toBe('已取消');
      await drawer.getByText('取消原因：客户来电取消').waitFor({ timeout: STEP_TIMEOUT_MS });
      // 已退款 is the order's total (label and value are separate cells).
      const refunded = drawer.getByTestId('order-money').locator('.ant-descriptions-item').filter({
        hasText: '已退款',
      });
      await expect
        .poll(() => refunded.locator('.ant-descriptions-item-content').innerText(), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toBe(`¥${(row!.total_fen / 100).toFixed(2)}`);
    } finally {
      await finance.close();
    }
    await customer.reload();
    await customer.getByTestId('order-status').getByText('已取消').waitFor({ timeout: STEP_TIMEOUT_MS });
  });
});
