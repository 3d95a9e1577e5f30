import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { consoleSignIn } from './support/console.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, clickUntilShown, toast } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

/** True once the image has loaded and has pixels (a broken or blocked image has none). */
const loaded = (image: Locator) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

describe('editing the help centre in the console (demo)', () => {
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

  it('edits a help article with an image in the rich-text editor', async () => {
    await consoleSignIn(staff, env.server, 'admin', 'DemoStaff2026');
    await staff.goto(env.server.url('demo') + '/console/site', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('tab', { name: '帮助中心' }).click();
    await staff.waitForURL((url) => url.pathname === '/console/site/help', { timeout: STEP_TIMEOUT_MS });

    // The first category's articles; 常见问题 is opened in the editor.
    const row = staff.getByRole('row').filter({ hasText: '常见问题' });
    await row.waitFor({ timeout: STEP_TIMEOUT_MS });
    await row.getByRole('button', { name: '编辑' }).click();
    await staff.waitForURL((url) => url.searchParams.has('article'), { timeout: STEP_TIMEOUT_MS });
    const articleId = new URL(staff.url()).searchParams.get('article')!;
    const editor = staff.getByTestId('rich-text-editor');
    const body = editor.locator('[data-slate-editor]');
    await body.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => body.innerText(), { timeout: STEP_TIMEOUT_MS }).not.toBe('');
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(500);

    await staff.getByLabel('标题').fill('常见问题（已更新）');
    await body.click();
    await staff.keyboard.press('Control+End');
    await staff.keyboard.press('Enter');
    await staff.keyboard.type('本文已由客服更新，附门店照片。');

    // The editor's own 上传图片 sends the picture with upload type 16 and inserts it.
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    // wangEditor's button adds a file input to the page and clicks it; the file goes into that input.
    // The toolbar enables its buttons once it sees the cursor in the text (it updates 200 ms after an edit).
    const uploadButton = editor.locator('button[data-menu-key="uploadImage"]');
    await expect
      .poll(() => uploadButton.getAttribute('class'), { timeout: STEP_TIMEOUT_MS })
      .not.toContain('disabled');
    await uploadButton.click();
    const fileInput = staff.locator('body > input[type="file"]').last();
    await fileInput.waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    await fileInput.setInputFiles({ name: '门店照片.jpg', mimeType: 'image/jpeg', buffer: photo });
    const inserted = body.locator('img[src^="/api/site-images/"]');
    await inserted.waitFor({ timeout: STEP_TIMEOUT_MS });
    const src = await inserted.getAttribute('src');
    expect(src).toMatch(/^\/api\/site-images\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => loaded(inserted), { timeout: STEP_TIMEOUT_MS }).toBe(true);

    // The server-file picker lists the picture by its original name.
    await editor.getByRole('button', { name: '服务器图片' }).click();
    const picker = staff.getByRole('dialog', { name: '服务器图片' });
    const card = picker.getByTestId('server-file-card').filter({ hasText: '门店照片.jpg' });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => loaded(card.locator('img')), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    // Spec §9: cards 202 wide (polled: the dialog zooms in as it opens).
    await expect
      .poll(async () => Math.round((await card.boundingBox())!.width), { timeout: STEP_TIMEOUT_MS })
      .toBe(202);
    await docScreenshot(staff, 'console-server-file-picker');
    // Chosen in the picker, the same picture is inserted a second time.
    await card.getByRole('checkbox', { name: '选择' }).check();
    await picker.getByRole('button', { name: '插入所选图片' }).click();
    await picker.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => inserted.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);

    await docScreenshot(staff, 'console-help-editor');
    await staff
      .getByRole('button', { name: '保 存' })
      .or(staff.getByRole('button', { name: '保存' }))
      .first()
      .click();
    await toast(staff, '文章已保存，顾客刷新帮助页面即可看到').waitFor({ timeout: STEP_TIMEOUT_MS });

    // A fresh visitor's help page shows the new title, text and picture, sanitised.
    const visitor = await env.browser.context.newPage();
    try {
      await visitor.goto(`${env.server.url('demo')}/help/${articleId}`, { timeout: STEP_TIMEOUT_MS });
      const article = visitor.locator('.ink-help-article');
      await article
        .getByRole('heading', { name: '常见问题（已更新）' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await article.getByText('本文已由客服更新，附门店照片。').waitFor({ timeout: STEP_TIMEOUT_MS });
      const images = article.locator(`.ink-rich-text img[src="${src}"]`);
      await expect.poll(() => images.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
      const image = images.first();
      await image.waitFor({ timeout: STEP_TIMEOUT_MS });
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => loaded(image), { timeout: STEP_TIMEOUT_MS }).toBe(true);
      expect(await image.getAttribute('alt')).toBe('门店照片');
      // The editor's inline styles are not kept (the allow-list keeps no style attribute).
      expect(await image.getAttribute('style')).toBeNull();
      expect(await article.locator('[style], script').count()).toBe(0);
    } finally {
      await visitor.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  it('adds a carousel banner with a server picture; a fresh visitor sees it first on the home page', async () => {
    await staff.goto(env.server.url('demo') + '/console/site/ads', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('tab', { name: '广告', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('row').filter({ hasText: '展示中' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('button', { name: '新建广告' }).click();
    const dialog = staff.getByRole('dialog', { name: '新建广告' });
    const picker = staff.getByRole('dialog', { name: '服务器图片' });
    await clickUntilShown(dialog.getByRole('button', { name: '选择图片' }), picker);
    // The picture uploaded in the article editor is one of the merchant's server pictures.
    await picker
      .getByTestId('server-file-card')
      .filter({ hasText: '门店照片.jpg' })
      .getByRole('checkbox', { name: '选择' })
      .check();
    await picker.getByRole('button', { name: '使用这张图片' }).click();
    await picker.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    const preview = dialog.getByRole('img', { name: '广告图片' });
    await expect.poll(() => loaded(preview), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await dialog.getByRole('textbox', { name: /^\*?\s*标题$/ }).fill('门店新开张');
    await dialog.getByLabel('副标题').fill('到店自取八折');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(staff, '广告已保存，顾客刷新网站后即可看到').waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    const row = staff.getByRole('row').filter({ hasText: '门店新开张' });
    await row.getByText('展示中').waitFor({ timeout: STEP_TIMEOUT_MS });
    await docScreenshot(staff, 'console-ads');

    const visitor = await env.browser.context.newPage();
    try {
      await visitor.goto(`${env.server.url('demo')}/home`, { timeout: STEP_TIMEOUT_MS });
      const first = visitor.getByRole('group', { name: /^1 \/ \d+：门店新开张$/ });
      await first.waitFor({ timeout: STEP_TIMEOUT_MS });
      await first.getByText('到店自取八折').waitFor({ timeout: STEP_TIMEOUT_MS });
      const image = first.locator('img');
      expect(await image.getAttribute('src')).toMatch(/^\/api\/site-images\/[0-9a-f]{64}\.webp$/);
      await expect.poll(() => loaded(image), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    } finally {
      await visitor.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  it("adds a top-menu entry for the site's version; a fresh visitor's header shows it", async () => {
    await staff.goto(env.server.url('demo') + '/console/site/menus', { timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('tab', { name: '菜单', selected: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('row').filter({ hasText: '启用' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('button', { name: '新建菜单' }).click();
    const dialog = staff.getByRole('dialog', { name: '新建菜单' });
    await dialog.getByRole('textbox', { name: /^\*?\s*名称$/ }).fill('会员专区');
    // The dialog may still be opening when its select is clicked, and the list close again with
    // it: opened again until the option is chosen (the saved row below shows the choice).
    const option = staff.locator('.ant-select-dropdown:visible').getByText('本站页面', { exact: true });
    for (let attempt = 1; ; attempt += 1) {
      if (!(await option.isVisible())) await dialog.getByRole('combobox').click();
      const chosen = await option.click({ timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (chosen || attempt === 5) break;
    }
    await dialog.getByPlaceholder('例如 /template-v4').fill('/home');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(staff, '菜单已保存，顾客刷新网站后即可看到').waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await staff.getByRole('row').filter({ hasText: '会员专区' }).getByText('本站页面：/home').waitFor({
      timeout: STEP_TIMEOUT_MS,
    });
    await docScreenshot(staff, 'console-menus');

    const visitor = await env.browser.context.newPage();
    try {
      await visitor.goto(`${env.server.url('demo')}/home`, { timeout: STEP_TIMEOUT_MS });
      await visitor
        .locator('header')
        .getByRole('link', { name: '会员专区' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await visitor.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});
