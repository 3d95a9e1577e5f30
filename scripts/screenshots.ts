/**
 * Screenshots of the built site for the docs: starts the real server on a fresh database (the
 * browser suite's harness), opens the pages in headless Chromium and writes PNGs to
 * docs/screenshots/. Run `npm run build` first, then `npm run screenshots`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../apps/web/e2e/support/browser.ts';
import { startServer } from '../apps/web/e2e/support/server.ts';
import { useDemoVersion } from '../apps/web/e2e/support/api.ts';
import { savePalettePng } from '../apps/web/e2e/support/screenshots.ts';
import { open, signIn } from '../apps/web/e2e/support/ui.ts';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
/** The home pages are taken at a wide desktop's size. */
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Waits for web fonts, images and toasts to settle, then saves the viewport. */
async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready');
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  const file = path.join(outDir, `${name}.png`);
  await savePalettePng(await page.screenshot({ animations: 'disabled' }), file);
  console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

const server = await startServer();
const browser = await launchBrowser(DESKTOP);
try {
  fs.mkdirSync(outDir, { recursive: true });
  const page = await browser.context.newPage();

  await open(page, server.url('demo') + '/login');
  await capture(page, 'demo-login');

  await open(page, server.url('maple') + '/login-v4');
  await capture(page, 'maple-login-v4');

  await signIn(page, server.url('demo') + '/login', '13800138000', 'Demo1234');
  await capture(page, 'demo-index');

  const phone = await browser.context.newPage();
  await phone.setViewportSize(PHONE);
  await open(phone, server.url('demo') + '/login');
  await capture(phone, 'demo-login-phone');

  // The home pages of version 1 (demo) and version 4 (maple), before login, wide and on a phone.
  const home = await browser.context.newPage();
  for (const [merchant, path, name] of [
    ['demo', '/home', 'demo-home-v1'],
    ['maple', '/index-v4', 'maple-home-v4'],
  ] as const) {
    await home.setViewportSize(WIDE);
    await open(home, server.url(merchant) + path);
    await capture(home, name);
    await home.setViewportSize(PHONE);
    await open(home, server.url(merchant) + path);
    await capture(home, `${name}-phone`);
  }

  // Every version's home page wide (a site serves its own version only: demo is switched to 2 and
  // 3), a help article, maple's template centre and 个人设置.
  const site = await browser.context.newPage();
  await site.setViewportSize(WIDE);
  const helpId = (merchant: string) =>
    server.query<{ id: number }>(
      `SELECT a.id FROM help_articles a JOIN merchants m ON m.id = a.merchant_id
       WHERE m.code = ? AND a.is_published = 1 ORDER BY a.category_id, a.serial_number, a.id LIMIT 1`,
      merchant,
    )[0]?.id;
  for (const version of [2, 3] as const) {
    await useDemoVersion(server, site, version);
    await open(site, server.url('demo') + `/index-v${version}`);
    await capture(site, `demo-home-v${version}`);
    await open(site, server.url('demo') + `/help-v${version}/${helpId('demo')}`);
    await capture(site, `demo-help-v${version}`);
  }
  await useDemoVersion(server, site, 1);
  await open(site, server.url('demo') + `/help/${helpId('demo')}`);
  await capture(site, 'demo-help-v1');
  await open(site, server.url('maple') + `/help-v4/${helpId('maple')}`);
  await capture(site, 'maple-help-v4');
  await open(site, server.url('maple') + '/template-v4');
  await capture(site, 'maple-templates-v4');
  await signIn(site, server.url('maple') + '/login-v4', '13900139000', 'Maple1234');
  await open(site, server.url('maple') + '/user-v4/setting-v4/profile');
  await capture(site, 'maple-settings-v4');
} finally {
  await browser.close();
  await server.stop();
}
