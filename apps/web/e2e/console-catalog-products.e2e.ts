import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_STAFF } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { freshCustomerPage } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, answerConfirm, clickUntilShown } from './support/ui.ts';

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

describe('the console’s 商品与价格: new categories, products and pictures (demo)', () => {
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

  it('creates a product in a new category with a picture, publishes it, and a new customer quotes it', async () => {
    await consoleSignIn(staff, env.server, DEMO_STAFF.Account, DEMO_STAFF.Password);
    await staff.getByRole('menuitem', { name: '商品与价格' }).click();
    await staff.waitForURL((url) => url.pathname === '/console/catalog', { timeout: STEP_TIMEOUT_MS });
    const tree = staff.getByRole('tree', { name: '商品分类' });

    // 新建分类: a first-level category, chosen at once.
    await staff.getByRole('button', { name: '新建分类' }).click();
    await staff.getByLabel('新分类名称').fill('礼品定制');
    await clickUntilShown(
      staff.getByRole('button', { name: '添加到草稿' }),
      tree.getByText('礼品定制', { exact: true }),
    );
    // A category that still has products is not removed.
    await tree.getByText('信封', { exact: true }).click();
    await staff
      .getByRole('button', { name: /^删\s*除$/ })
      .first()
      .click();
    await staff
      .getByText('分类「信封」下还有 1 个商品，不能删除；请先删除这些商品')
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await tree.getByText('礼品定制', { exact: true }).click();

    // 新建商品: a refused field is named, then the product is added and opens in the editor.
    await staff.getByRole('button', { name: '新建商品' }).click();
    const dialog = staff.locator('.ant-modal', { hasText: '新建商品' });
    await dialog.getByLabel('商品名称').fill('会员卡');
    await dialog.getByLabel('尺寸名称').fill('85×54mm');
    await dialog.getByLabel('宽（毫米）').fill('85');
    await dialog.getByLabel('高（毫米）').fill('200000');
    await dialog.getByLabel('一口价（元）').fill('45');
    await dialog.getByRole('button', { name: '添加到草稿' }).click();
    await dialog
      .getByText(/高（毫米）（Sizes\.Presets\[0\]\.HeightMm）：/)
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByLabel('高（毫米）').fill('54');
    await dialog.getByRole('button', { name: '添加到草稿' }).click();
    await staff.getByText(/^编辑商品：会员卡（编号 \d+）$/).waitFor({ timeout: STEP_TIMEOUT_MS });
    const productId = Number(/编号 (\d+)/.exec(await textOf(staff.getByText(/^编辑商品：会员卡/)))![1]);
    await expect
      .poll(() => textOf(staff.getByTestId('preview-total')), { timeout: STEP_TIMEOUT_MS })
      .toBe('¥45.00');

    // 图片: uploaded and saved at once (pictures are not part of the catalogue version).
    // The editor may still be settling after the dialog closed: choose the tab until it shows.
    const picturesTab = staff.getByRole('tab', { name: '图片' });
    const empty = staff.getByText('还没有图片：客户网站显示商品名称的首字');
    await expect
      .poll(
        async () => {
          if ((await picturesTab.getAttribute('aria-selected')) !== 'true') await picturesTab.click();
          return empty.isVisible();
        },
        { timeout: STEP_TIMEOUT_MS },
      )
      .toBe(true);
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await staff
      .getByLabel('选择商品图片文件')
      .setInputFiles({ name: '会员卡.png', mimeType: 'image/png', buffer: png });
    await staff.getByRole('img', { name: '第 1 张图片' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await staff.getByText('主图', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });

    await staff.getByRole('button', { name: '发布新版本' }).click();
    await answerConfirm(staff, '发布为第 2 版？', /^发\s*布$/);
    // Short of the new version, what the page says instead (a refusal, a conflict, an error).
    await expect
      .poll(
        async () => {
          const version = await textOf(staff.getByTestId('catalog-version'));
          if (version === '当前第 2 版') return version;
          const said = await staff.locator('.ant-message-notice, .ant-alert').allInnerTexts();
          return said.length > 0 ? `${version}（页面提示：${said.join('；')}）` : version;
        },
        { timeout: STEP_TIMEOUT_MS },
      )
      .toBe('当前第 2 版');

    // A new customer finds the product with its picture and gets its quote.
    const { page } = await freshCustomerPage(env.server, env.browser, {
      password: 'Print2026',
      contacts: '钱十',
    });
    const categoryId = await page.evaluate(async (id) => {
      const response = await fetch(`/api/public/pro-complexinfo?ProductId=${id}`);
      const reply = (await response.json()) as { data: { Info: { Product: { CategoryPath: number[] } } } };
      return reply.data.Info.Product.CategoryPath;
    }, productId);
    await page.goto(env.server.url('demo') + `/proinfo/${categoryId.join('/')}`);
    await page.getByRole('heading', { name: '会员卡' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const picture = page.getByRole('img', { name: '会员卡' }).first();
    await picture.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/site-images\/[0-9a-f]{64}(\.thumb)?\.webp$/);
    // Loaded (a srcset's width descriptor scales naturalWidth, so only "drawn at all" is checked).
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => textOf(page.getByTestId('quote-total')), { timeout: STEP_TIMEOUT_MS })
      .toBe('¥45.00');
    await page.close();

    expect(consoleErrors).toEqual([]);
  });
});
