import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleSignIn } from './support/console.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, clickUntilShown, toast } from './support/ui.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('the home page and the template centre in the console', () => {
  const env = useServerAndBrowser();
  let staff: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    staff = await env.browser.context.newPage();
    await staff.setViewportSize({ width: 1440, height: 1000 });
    staff.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => staff?.close());

  it("adds a notice to the home page's notices group; a fresh visitor's home page shows it", async () => {
    await consoleSignIn(staff, env.server, 'admin', 'DemoStaff2026');
    await staff.goto(env.server.url('demo') + '/console/site/home', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('tab', { name: '首页', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // 墨砚快印 shows interface version 1: its notices group is there.
    const group = staff.locator('.ant-card-inner, .ant-card-type-inner').filter({
      has: staff.locator('.ant-tag', { hasText: /^公告$/ }),
    });
    await group.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await group.first().getByRole('button', { name: '添加内容' }).click();
    const dialog = staff.getByRole('dialog', { name: '添加公告内容' });
    // The body is typed in the rich-text editor of spec §2 (the help articles' editor), loaded
    // with the dialog.
    const editor = dialog.getByTestId('rich-text-editor');
    const body = editor.locator('[data-slate-editor]');
    await body.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(500);
    await body.click();
    await staff.keyboard.type('1月1日休息一天，');
    await staff.keyboard.press('Control+B');
    await staff.keyboard.type('1月2日起照常发货。');
    await expect
      .poll(() => body.locator('strong').innerText(), { timeout: STEP_TIMEOUT_MS })
      .toBe('1月2日起照常发货。');
    // The title is filled once the editor has loaded and taken the body. Twice in CI (of about
    // 220 tests a run) the save was refused with 请填写标题 although the title had been filled as
    // the dialog opened; what dropped it was not found (docs/performance.md, twelfth round), so
    // a refused save fills it again.
    const title = dialog.getByLabel('公告标题');
    await title.fill('元旦放假通知');
    await clickUntilShown(
      dialog.getByRole('button', { name: /保\s*存/ }),
      toast(staff, '首页内容已保存，顾客刷新首页后即可看到'),
      async () => {
        if (await dialog.getByText('请填写标题').isVisible()) await title.fill('元旦放假通知');
      },
    );
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await group
      .first()
      .getByRole('row')
      .filter({ hasText: '元旦放假通知' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    // Opened again, the dialog's editor starts from the saved (sanitised) body.
    const row = group.first().getByRole('row').filter({ hasText: '元旦放假通知' });
    await row.getByRole('button', { name: /^编\s*辑$/ }).click();
    const again = staff.getByRole('dialog', { name: '编辑公告内容' });
    await again
      .getByTestId('rich-text-editor')
      .locator('[data-slate-editor] strong', { hasText: '1月2日起照常发货。' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await again.getByRole('button', { name: /取\s*消/ }).click();
    await again.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });

    const page = await env.browser.context.newPage();
    try {
      await page.goto(`${env.server.url('demo')}/home`, { timeout: STEP_TIMEOUT_MS });
      const notice = page.locator('.ink-notice').filter({ hasText: '元旦放假通知' });
      await notice.waitFor({ timeout: STEP_TIMEOUT_MS });
      // The list shows the body's text; the editor's markup does not show through.
      await notice.getByText('1月1日休息一天，1月2日起照常发货。').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await notice.innerText()).not.toMatch(/<\/?(p|strong)>/);
    } finally {
      await page.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  it('adds a template with a cover and a PDF; the customer template centre lists it', async () => {
    // 红枫图文 runs interface version 4, whose site has the template centre (/template-v4).
    const maple = env.server.url('maple');
    await staff.goto(maple + '/console', { timeout: STEP_TIMEOUT_MS });
    await staff.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await staff.getByLabel('账号').fill('admin');
    await staff.getByLabel('密码').fill('MapleStaff2026');
    await staff.getByRole('button', { name: /登\s*录/ }).click();
    await staff.getByTestId('console-staff-name').waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.goto(maple + '/console/site/templates', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('tab', { name: '模板', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('row').filter({ hasText: '启用' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('button', { name: '新建模板' }).click();
    const dialog = staff.getByRole('dialog', { name: '新建模板' });
    await dialog.getByLabel('模板标题').fill('新春贺卡');
    await dialog.getByLabel('成品宽（mm）').fill('148');
    await dialog.getByLabel('成品高（mm）').fill('105');

    const cover = await sharp({ create: { width: 600, height: 420, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    await dialog.getByRole('button', { name: '选择封面图' }).click();
    const picker = staff.getByRole('dialog', { name: '服务器图片' });
    await picker
      .locator('input[type="file"]')
      .setInputFiles({ name: '贺卡封面.png', mimeType: 'image/png', buffer: cover });
    const card = picker.getByTestId('server-file-card').filter({ hasText: '贺卡封面.png' });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByRole('checkbox', { name: '选择' }).check();
    await picker.getByRole('button', { name: '使用这张图片' }).click();
    await picker.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await dialog.getByRole('img', { name: '模板封面' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: '新春贺卡.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('新春贺卡.pdf').waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(staff, '模板已保存，模板中心刷新后即可看到').waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });

    const page = await env.browser.context.newPage();
    try {
      await page.goto(`${maple}/template-v4?keyword=${encodeURIComponent('新春贺卡')}`, {
        timeout: STEP_TIMEOUT_MS,
      });
      await page.getByText('新春贺卡', { exact: true }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      const download = page.locator('a[href^="/api/template-files/"]');
      await download.first().waitFor({ timeout: STEP_TIMEOUT_MS });
      // The browser resolves *.localhost itself: the download is fetched from the page.
      const href = (await download.first().getAttribute('href'))!;
      const fetched = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, text: await response.text() };
      }, href);
      expect(fetched).toEqual({ status: 200, text: PDF.toString('latin1') });
    } finally {
      await page.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});
