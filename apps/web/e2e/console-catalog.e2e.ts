import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_STAFF } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshCustomerPage } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, answerConfirm } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

describe('the console’s 商品与价格 (demo)', () => {
  const env = useServerAndBrowser();
  let staff: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    staff = await env.browser.context.newPage();
    await staff.setViewportSize({ width: 1600, height: 1100 });
    staff.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await staff?.close();
  });

  it('changes a product’s 一口价 with the preview following, publishes it, and the customer site quotes it', async () => {
    const { page: before } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '孙八',
    });
    // Signing in opens 商务名片, priced with its default choices.
    await before.waitForURL((url) => url.pathname === '/proinfo/100/110/111', { timeout: STEP_TIMEOUT_MS });
    await expect
      .poll(() => textOf(before.getByTestId('quote-total')), { timeout: STEP_TIMEOUT_MS })
      .toBe('¥15.00');
    await before.close();

    await consoleSignIn(staff, env.server, DEMO_STAFF.Account, DEMO_STAFF.Password);
    await staff.getByRole('menuitem', { name: '商品与价格' }).click();
    await staff.waitForURL((url) => url.pathname === '/console/catalog', { timeout: STEP_TIMEOUT_MS });
    expect(await textOf(staff.getByTestId('catalog-version'))).toBe('当前第 1 版');

    const tree = staff.getByRole('tree', { name: '商品分类' });
    const titles = () => tree.locator('.ant-tree-title').allInnerTexts();
    expect((await titles()).slice(3, 7)).toEqual(['宣传印刷（icon-flyer）', '宣传单页', '画册', '企业画册']);
    // 海报 dragged onto the top edge of 宣传单页 moves before it, within 宣传印刷.
    await tree
      .getByText('海报', { exact: true })
      .dragTo(tree.getByText('宣传单页', { exact: true }), { targetPosition: { x: 8, y: 2 } });
    await expect
      .poll(async () => (await titles()).slice(3, 6), { timeout: STEP_TIMEOUT_MS })
      .toEqual(['宣传印刷（icon-flyer）', '海报', '宣传单页']);
    await tree.getByText('商务名片', { exact: true }).click();
    await staff.getByRole('button', { name: '商务名片', exact: true }).click();
    await staff.getByText('编辑商品：商务名片（编号 1001）').waitFor({ timeout: STEP_TIMEOUT_MS });

    // The preview quotes the draft with the customer site's engine: the same ¥15.00.
    const total = staff.getByTestId('preview-total');
    await expect.poll(() => textOf(total), { timeout: STEP_TIMEOUT_MS }).toBe('¥15.00');
    const method = await textOf(staff.getByText(/^一口价（SKU /));
    const sku = /SKU ([\w.-]+)/.exec(method)![1]!;

    await staff.getByRole('tab', { name: '数量与一口价' }).click();
    const price = staff.getByLabel(`一口价 ${sku} 1盒`, { exact: true });
    expect(await price.inputValue()).toBe('15.00');
    await price.fill('18.8');
    await expect.poll(() => textOf(total), { timeout: STEP_TIMEOUT_MS }).toBe('¥18.80');
    await staff.getByText('有尚未发布的修改').waitFor({ timeout: STEP_TIMEOUT_MS });

    await staff.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(staff, 'console-catalog');

    // Leaving with the draft unpublished asks first; staying keeps it.
    await staff.getByRole('menuitem', { name: '订单' }).click();
    await staff.getByText('离开后这些修改将丢失。确定离开吗？').waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('button', { name: '留下继续编辑' }).click();
    expect(new URL(staff.url()).pathname).toBe('/console/catalog');
    expect(await textOf(total)).toBe('¥18.80');

    await staff.getByRole('button', { name: '发布新版本' }).click();
    // Watched from before the answer: the toast shows for three seconds, and on a loaded machine
    // answering the dialog (which checks it closed every two) can take most of them.
    const published = staff
      .getByText('已发布第 2 版，客户网站已按新价格报价')
      .waitFor({ timeout: STEP_TIMEOUT_MS * 2 });
    await answerConfirm(staff, '发布为第 2 版？', /^发\s*布$/);
    await published;
    expect(await textOf(staff.getByTestId('catalog-version'))).toBe('当前第 2 版');
    await staff.getByRole('button', { name: '版本记录' }).click();
    const versions = staff.locator('.ant-drawer');
    await versions.getByText('第 2 版').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await textOf(versions.locator('tbody tr').first())).toContain('墨砚店长');
    await staff.keyboard.press('Escape');
    // The published order is the one read back.
    await staff.reload();
    await expect
      .poll(async () => (await titles()).slice(3, 6), { timeout: STEP_TIMEOUT_MS })
      .toEqual(['宣传印刷（icon-flyer）', '海报', '宣传单页']);

    // A customer of the same merchant now gets the new price from the server.
    const { page: after } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '周九',
    });
    await after.waitForURL((url) => url.pathname === '/proinfo/100/110/111', { timeout: STEP_TIMEOUT_MS });
    await expect
      .poll(() => textOf(after.getByTestId('quote-total')), { timeout: STEP_TIMEOUT_MS })
      .toBe('¥18.80');
    await after.close();

    expect(consoleErrors).toEqual([]);
  });
});
