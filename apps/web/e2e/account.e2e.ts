import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, toast, waitForPath } from './support/ui.ts';
import { stepScreenshot } from './support/screenshots.ts';

/** The demo merchant's seeded customer (apps/server/src/db/seed.ts). */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const MAPLE_CUSTOMER = { account: '13900139000', password: 'Maple1234' };
const ADDRESS_LINE = '张三 13800138000 广东省深圳市南山区科技园南区深南大道9988号';

/** A picture of the step, when a run asks for them (support/screenshots.ts). */
function snapshot(page: Page, name: string, fullPage = true): Promise<void> {
  return stepScreenshot(page, `account-${name}`, { fullPage });
}

/** The address book, recharge by the simulator's QR code, and the bill, on the demo merchant (v1). */
describe('account settings and bill', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
  });

  it('recognises a pasted address, confirms the recognised parts and saves it to the book', async () => {
    await open(page, env.server.url('demo') + '/user/sys/address');
    const book = page.locator('.ink-address-book');
    await book.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(page.getByRole('tab', { name: '收货地址', selected: true }).count()).resolves.toBe(1);
    const input = book.locator('.ink-address-input input');
    const recognise = book.getByRole('button', { name: /自动识别/ });

    // A line without a phone number: the spec §5 warning, word for word, and no dialog.
    await input.fill('张三 广东省深圳市南山区科技园');
    await recognise.click();
    await book
      .getByRole('alert')
      .filter({ hasText: '请提供手机号码,再进行识别' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '01-address-warning');

    await input.fill(ADDRESS_LINE);
    await recognise.click();
    const dialog = page.getByRole('dialog', { name: '确认识别信息' });
    await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(dialog.getByLabel('联系人').inputValue()).resolves.toBe('张三');
    await expect(dialog.getByLabel('手机号码').inputValue()).resolves.toBe('13800138000');
    await expect(dialog.getByLabel('详细地址').inputValue()).resolves.toBe('科技园南区深南大道9988号');
    await expect(dialog.locator('.ant-cascader').innerText()).resolves.toBe('广东省 / 深圳市 / 南山区');
    await page.waitForTimeout(400); // the dialog's opening animation
    await snapshot(page, '02-address-confirm', false);

    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/cust/AddDeliverGoodsAddress'),
      {
        timeout: STEP_TIMEOUT_MS,
      },
    );
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await saved;
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    const card = book.locator('.ink-address-card').filter({ hasText: '张三' });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(card.innerText()).resolves.toContain('广东省深圳市南山区科技园南区深南大道9988号');
    await expect(card.innerText()).resolves.toContain('默认');
    const [row] = env.server.query<{ contacts: string; address: string }>(
      'SELECT contacts, address FROM delivery_addresses ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ contacts: '张三', address: '科技园南区深南大道9988号' });
    await snapshot(page, '03-address-book');
  });

  it('recharges ¥100 by the simulator’s QR code and shows the new balance and the bill line', async () => {
    await open(page, env.server.url('demo') + '/user/sys/balance');
    const amount = page.getByTestId('balance-amount');
    await amount.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(amount.innerText()).resolves.toBe('¥0.00');

    await page.getByRole('button', { name: /充\s*值/ }).click();
    const dialog = page.getByRole('dialog', { name: '账户充值' });
    await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByRole('button', { name: '100 元' }).click();
    await dialog.getByRole('button', { name: /生成付款码/ }).click();
    await dialog.getByRole('img', { name: '微信支付付款码' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(dialog.innerText()).resolves.toContain('¥100.00');
    await snapshot(page, '04-recharge-qr', false);

    // The tester pays on the simulator's page, in another tab, as a phone would after scanning.
    const codeUrl = await dialog.locator('.ink-recharge__sim-link').getAttribute('href');
    expect(codeUrl).toMatch(/\/pay\/simulator\/P\d+/);
    const payer = await env.browser.context.newPage();
    await payer.goto(codeUrl!, { timeout: STEP_TIMEOUT_MS });
    await snapshot(payer, '05-simulator');
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByText('支付成功').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await payer.close();

    // The dialog learns it by polling QueryPayStatus.
    await dialog.getByText('充值成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(dialog.locator('.ink-recharge__balance').innerText()).resolves.toBe('¥100.00');
    await snapshot(page, '06-recharge-paid', false);
    await dialog.getByRole('button', { name: /完\s*成/ }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance-amount"]')?.textContent === '¥100.00',
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
    await expect(toast(page, '接口请求失败').count()).resolves.toBe(0);

    await page.getByRole('button', { name: '查看账单' }).click();
    await page.waitForURL((url) => url.pathname === '/user/bill/1', { timeout: STEP_TIMEOUT_MS });
    const list = page.getByRole('list', { name: '账单明细' });
    await list.waitFor({ timeout: STEP_TIMEOUT_MS });
    const line = list.locator('.ink-bill__entry').filter({ hasText: '余额充值' });
    await expect(line.innerText()).resolves.toContain('+¥100.00');
    await expect(page.getByTestId('bill-sum').innerText()).resolves.toBe('+¥100.00');
    await expect(page.getByTestId('bill-balance').innerText()).resolves.toBe('¥100.00');
    await page.locator('.ink-spending__value').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '07-bill');

    // The 充值 tab keeps the line; 订单支付 has none.
    await page.getByRole('tab', { name: '充值' }).click();
    await page.waitForURL((url) => url.pathname === '/user/bill/recharge', { timeout: STEP_TIMEOUT_MS });
    await list.locator('.ink-bill__entry').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('tab', { name: '订单支付' }).click();
    await page.getByText('本月没有订单支付记录').waitFor({ timeout: STEP_TIMEOUT_MS });

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: '全部' }).click();
    await list.locator('.ink-bill__entry').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '08-bill-phone');
    await open(page, env.server.url('demo') + '/user/sys/address');
    await page.locator('.ink-address-card').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '09-address-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('opens the first tab for /user/sys/1 and keeps 我的文件 under files', async () => {
    await open(page, env.server.url('demo') + '/user/sys/1');
    await page.getByRole('tab', { name: '个人资料', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByText('13800138000').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('tab', { name: '优惠券' }).click();
    await page.waitForURL((url) => url.pathname === '/user/sys/coupon', { timeout: STEP_TIMEOUT_MS });
    await page.getByText('领取优惠券').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByText('领取优惠券').click();
    await page.locator('.ink-coupon').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '10-coupons');
    await page.getByRole('tab', { name: '我的文件' }).click();
    await page.waitForURL((url) => url.pathname === '/user/sys/files', { timeout: STEP_TIMEOUT_MS });
  });

  it('shows the same account and bill pages inside version 4 (maple, red)', async () => {
    const maple = await env.browser.context.newPage();
    await signIn(
      maple,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(maple, env.server.url('maple') + '/user-v4/sys/balance');
    await maple.getByRole('tab', { name: '账户余额', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await maple.getByTestId('balance-amount').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(maple.getByTestId('balance-amount').innerText()).resolves.toBe('¥0.00');
    await open(maple, env.server.url('maple') + '/user-v4/bill/1');
    await maple.getByRole('heading', { name: '我的账单' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await maple.getByText('本月没有记录').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(maple, '11-maple-v4-bill');
    await maple.close();
  });

  it('remembers a folded side menu of the v4 account pages across pages and a reload', async () => {
    const maple = await env.browser.context.newPage();
    await signIn(
      maple,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(maple, env.server.url('maple') + '/user-v4/sys/balance');
    const side = maple.getByRole('complementary', { name: '个人中心' });
    const billLink = side.getByRole('link', { name: '我的账单' });
    await billLink.waitFor({ timeout: STEP_TIMEOUT_MS });

    await side.getByRole('button', { name: '收起菜单' }).click();
    await billLink.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await snapshot(maple, '11b-maple-v4-menu-folded');

    await maple.reload({ timeout: STEP_TIMEOUT_MS });
    const unfold = side.getByRole('button', { name: '展开菜单' });
    await unfold.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(unfold.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(billLink.isVisible()).resolves.toBe(false);

    await open(maple, env.server.url('maple') + '/user-v4/bill/1');
    await maple.getByRole('heading', { name: '我的账单' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(billLink.isVisible()).resolves.toBe(false);

    await unfold.click();
    await billLink.waitFor({ timeout: STEP_TIMEOUT_MS });
    await maple.reload({ timeout: STEP_TIMEOUT_MS });
    await billLink.waitFor({ timeout: STEP_TIMEOUT_MS });
    await maple.close();
  });

  it('keeps an uploaded avatar and a notification switch of 个人设置 (v4) across a reload', async () => {
    const maple = await env.browser.context.newPage();
    await signIn(
      maple,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(maple, env.server.url('maple') + '/user-v4/setting-v4/profile');
    const editor = maple.locator('.ink-profile-editor');
    await editor.getByRole('button', { name: /上传头像/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // A landscape picture: the server cuts the middle square out of it.
    const picture = await sharp({
      create: { width: 480, height: 320, channels: 3, background: { r: 215, g: 38, b: 30 } },
    })
      .png()
      .toBuffer();
    const uploaded = maple.waitForResponse((response) => response.url().includes('/api/cust/UploadAvatar'), {
      timeout: STEP_TIMEOUT_MS,
    });
    await editor
      .locator('input[type=file]')
      .setInputFiles({ name: '我的头像.png', mimeType: 'image/png', buffer: picture });
    expect((await uploaded).status()).toBe(200);
    await toast(maple, '头像已更新').waitFor({ timeout: STEP_TIMEOUT_MS });

    // The header shows it beside the account name, and the settings page too.
    const headerAvatar = maple.locator('.ink-account-bar__avatar');
    await headerAvatar.waitFor({ timeout: STEP_TIMEOUT_MS });
    const src = await headerAvatar.getAttribute('src');
    expect(src).toMatch(/^\/api\/avatars\/[0-9a-f]{64}\.webp$/);
    await expect
      .poll(() => headerAvatar.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(256);
    await expect(editor.locator('.ink-profile-editor__picture img').getAttribute('src')).resolves.toBe(src);
    await editor.getByRole('button', { name: /更换头像/ }).waitFor({ timeout: STEP_TIMEOUT_MS });

    await maple.getByRole('tab', { name: '消息通知' }).click();
    await waitForPath(maple, '/user-v4/setting-v4/notify');
    const couponSms = maple.getByRole('switch', { name: '优惠券到期提醒：短信通知' });
    await couponSms.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(couponSms.getAttribute('aria-checked')).resolves.toBe('false');
    const saved = maple.waitForResponse(
      (response) => response.url().includes('/api/cust/SaveNotificationSettings'),
      { timeout: STEP_TIMEOUT_MS },
    );
    await couponSms.click();
    await saved;
    await toast(maple, '通知设置已保存').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(maple, '12-maple-v4-notify');

    await maple.reload({ timeout: STEP_TIMEOUT_MS });
    const reloadedSwitch = maple.getByRole('switch', { name: '优惠券到期提醒：短信通知' });
    await reloadedSwitch.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect(reloadedSwitch.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(
      maple.getByRole('switch', { name: '优惠券到期提醒：站内消息' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await expect(maple.locator('.ink-account-bar__avatar').getAttribute('src')).resolves.toBe(src);

    await maple.getByRole('tab', { name: '个人资料' }).click();
    await waitForPath(maple, '/user-v4/setting-v4/profile');
    await expect(
      maple.locator('.ink-profile-editor__picture img').getAttribute('src', { timeout: STEP_TIMEOUT_MS }),
    ).resolves.toBe(src);
    expect(
      env.server.query<{ kind: string; sms: number; site: number }>(
        'SELECT kind, sms, site FROM customer_notification_preferences ORDER BY kind',
      ),
    ).toContainEqual({ kind: 'coupon_expiring', sms: 1, site: 1 });
    await snapshot(maple, '13-maple-v4-profile-avatar');
    await maple.close();
  });
});
