import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';

/** True once the image has loaded and has pixels (a broken or blocked image has none). */
const loaded = (image: Locator) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

describe('the merchant logo in the console and on the site (demo)', () => {
  const env = useServerAndBrowser();
  let staff: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    staff = await env.browser.context.newPage();
    await staff.setViewportSize({ width: 1440, height: 900 });
    staff.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => staff?.close());

  it('previews, replaces and removes the logo from 网站; the customer site header shows it', async () => {
    await staff.goto(env.server.url('demo') + '/console', { timeout: STEP_TIMEOUT_MS });
    await staff.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
    await staff.getByLabel('账号').fill('admin');
    await staff.getByLabel('密码').fill('DemoStaff2026');
    await staff.getByRole('button', { name: /登\s*录/ }).click();
    await staff.getByTestId('console-staff-name').waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.goto(env.server.url('demo') + '/console/site', { timeout: STEP_TIMEOUT_MS });

    // The demo merchant's drawn logo is previewed.
    const preview = staff.getByRole('img', { name: '当前 Logo' });
    await preview.waitFor({ timeout: STEP_TIMEOUT_MS });
    const seeded = await preview.getAttribute('src');
    expect(seeded).toMatch(/^\/api\/site-logo\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => loaded(preview), { timeout: STEP_TIMEOUT_MS }).toBe(true);

    // An unsaved edit of the form survives a logo change.
    await staff.getByLabel('网站公告').fill('尚未保存的公告');

    // SVG is refused with the server's message; the logo stays.
    const input = staff.getByLabel('选择 Logo 图片');
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    await toast(staff, /不支持 SVG 格式的 Logo/).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await preview.getAttribute('src')).toBe(seeded);

    // A new PNG replaces it.
    const png = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 30, g: 80, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await toast(staff, 'Logo 已更新，顾客刷新网站后即可看到').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => preview.getAttribute('src'), { timeout: STEP_TIMEOUT_MS }).not.toBe(seeded);
    const replaced = await preview.getAttribute('src');
    await expect.poll(() => loaded(preview), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    expect(await staff.getByLabel('网站公告').inputValue()).toBe('尚未保存的公告');

    // A fresh visitor's header shows it, the name kept for screen readers.
    const visitor = await env.browser.context.newPage();
    try {
      await visitor.goto(env.server.url('demo') + '/home', { timeout: STEP_TIMEOUT_MS });
      const logo = visitor.locator('header img.ink-brand__logo').first();
      await logo.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await logo.getAttribute('src')).toBe(replaced);
      await expect.poll(() => loaded(logo), { timeout: STEP_TIMEOUT_MS }).toBe(true);
      await visitor
        .getByRole('link', { name: /墨砚快印.*首页/ })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
    } finally {
      await visitor.close();
    }

    // Removed: the page says the site shows the name.
    await staff.getByRole('button', { name: /移除 Logo/ }).click();
    await staff.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(staff, 'Logo 已移除，网站改为显示商户名称').waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByText('未上传 Logo：网站页头与打印单显示商户名称').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(consoleErrors.filter((text) => !text.includes('400') && !text.includes('415'))).toEqual([]);
  });
});
