import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { useServerAndBrowser } from './support/suite.ts';
import {
  STEP_TIMEOUT_MS,
  chooseOption,
  open,
  signIn,
  waitForPath,
  waitForPathMatching,
} from './support/ui.ts';
import { stepScreenshot } from './support/screenshots.ts';

/** The seeded customers (apps/server/src/db/seed.ts). */
const MAPLE_CUSTOMER = { account: '13900139000', password: 'Maple1234' };
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };

/** A one-page PDF of this page size in mm, as the customer's artwork. */
async function pdf(name: string, widthMm: number, heightMm: number) {
  const document = await PDFDocument.create();
  document.addPage([(widthMm * 72) / 25.4, (heightMm * 72) / 25.4]);
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
}

/** A picture of the step, when a run asks for them (support/screenshots.ts). */
function snapshot(page: Page, name: string): Promise<void> {
  return stepScreenshot(page, `batch-order-${name}`, { fullPage: true });
}

/** The batch table's rows, once `count` files are read. */
async function tableRows(page: Page, count: number) {
  const rows = page.locator('.ink-batch-table tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: STEP_TIMEOUT_MS }).toBe(count);
  await page
    .locator('.ink-batch__summary')
    .filter({ hasNotText: '正在识别' })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  return rows;
}

describe('batch ordering from file names', () => {
  const env = useServerAndBrowser();

  it('reads five uploaded files into a table, takes one correction, and puts all of them into the cart', async () => {
    const files = await Promise.all([
      pdf('文件打印_A4_彩色_100张.pdf', 210, 297),
      pdf('条幅_0.7x5米_2条.pdf', 140, 1000),
      pdf('KT板展板_60x90cm_2块.pdf', 600, 900),
      pdf('联单门票_门票_彩色双面_500张.pdf', 186, 66),
      // 名片 is the other merchant's product: maple's catalogue does not know it.
      pdf('名片_双面_5盒.pdf', 94, 58),
    ]);
    const cartLines = () =>
      env.server.query<{ product_title: string; remarks: string; amount_fen: number }>(
        `SELECT l.product_title, l.remarks, l.amount_fen FROM order_lines l
         JOIN customers c ON c.id = l.customer_id
         WHERE c.account = ? AND l.order_id IS NULL AND l.removed_at IS NULL ORDER BY l.id`,
        MAPLE_CUSTOMER.account,
      );
    const before = cartLines().length;

    const page = await env.browser.context.newPage();
    await signIn(
      page,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(page, env.server.url('maple') + '/batch-upload-v4');
    await waitForPath(page, '/batch-upload-v4');
    await page.getByTestId('upload-input').setInputFiles(files);

    const rows = await tableRows(page, 5);
    await expect.poll(() => page.locator('.ink-batch-table').innerText()).toContain('联单门票');
    const printing = rows.filter({ hasText: '文件打印_A4_彩色_100张.pdf' });
    await expect
      .poll(() => printing.innerText())
      .toMatch(/已识别[\s\S]*A4[\s\S]*彩色单面[\s\S]*100张[\s\S]*¥/);
    await expect
      .poll(() => rows.filter({ hasText: '条幅_0.7x5米_2条.pdf' }).innerText())
      .toContain('0.7×5米');
    const unknown = rows.filter({ hasText: '名片_双面_5盒.pdf' });
    await expect.poll(() => unknown.innerText()).toMatch(/未识别[\s\S]*请选择产品/);
    await snapshot(page, '01-table');

    // An unrecognised row is never ordered as a guess: the batch waits for the customer's choice.
    await page.getByRole('button', { name: /全部加入购物车/ }).click();
    await page
      .locator('.ant-alert')
      .filter({ hasText: '第 5 行（名片_双面_5盒.pdf）：请选择产品' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(cartLines()).toHaveLength(before);

    // The customer fixes the product of that row with the quote controls.
    const rowIndex = await rows.evaluateAll((items) =>
      items.findIndex((item) => item.textContent?.includes('名片_双面_5盒.pdf')),
    );
    await page.getByRole('button', { name: `修改第 ${rowIndex + 1} 行的产品` }).click();
    const editor = page.locator('.ink-batch-editor');
    await editor.waitFor({ timeout: STEP_TIMEOUT_MS });
    await chooseOption(page, editor.getByRole('combobox', { name: '产品' }), '联单门票');
    await editor.getByRole('button', { name: '彩色双面' }).click();
    await editor.locator('.ink-quote-editor__price strong').waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '02-editor');
    await editor.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => rows.filter({ hasText: '名片_双面_5盒.pdf' }).innerText(), { timeout: STEP_TIMEOUT_MS })
      .toMatch(/已修改[\s\S]*联单门票[\s\S]*彩色双面[\s\S]*¥/);

    await page.getByRole('button', { name: /全部加入购物车/ }).click();
    await waitForPath(page, '/user-v4/order/cart');
    await expect.poll(() => cartLines().length, { timeout: STEP_TIMEOUT_MS }).toBe(before + 5);
    const added = cartLines().slice(before);
    expect(added.map((line) => line.product_title).sort()).toEqual(
      ['KT板展板', '文件打印', '条幅', '联单门票', '联单门票'].sort(),
    );
    expect(added.map((line) => line.remarks)).toContain('文件：名片_双面_5盒.pdf');
    // The cart page shows the new lines.
    const shownLines = page.getByTestId('cart-line');
    for (const title of ['文件打印', '条幅', 'KT板展板', '联单门票']) {
      await shownLines.filter({ hasText: title }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    }
    expect(await shownLines.filter({ hasText: '联单门票' }).count()).toBe(2);
    await snapshot(page, '03-cart');
    await page.close();
  });

  it('reads the brief’s business card on version 3’s batch upload of the demo merchant', async () => {
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await useDemoVersion(env.server, page, 3);
    await open(page, env.server.url('demo') + '/batch-upload-v3');
    await waitForPath(page, '/batch-upload-v3');
    await page
      .getByTestId('upload-input')
      .setInputFiles([await pdf('名片-300g铜版纸-双面-覆哑膜-5盒.pdf', 94, 58)]);
    const rows = await tableRows(page, 1);
    await expect
      .poll(() => rows.first().innerText())
      .toMatch(/商务名片[\s\S]*300g铜版纸[\s\S]*双面四色[\s\S]*覆哑膜[\s\S]*5盒[\s\S]*¥/);
    expect(await page.locator('body').innerText()).not.toContain('即将上线');
    await snapshot(page, '04-demo-v3');

    // 合并下单: checkout of exactly the new line, the file already its artwork.
    await page.getByRole('button', { name: /合并下单/ }).click();
    await waitForPathMatching(page, /^\/user-v3\/order\/checkout\?ids=\d+$/);
    await page
      .getByTestId('preflight-line')
      .filter({ hasText: '名片-300g铜版纸-双面-覆哑膜-5盒.pdf' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '05-checkout');
    await useDemoVersion(env.server, page, 1);
    await page.close();
  });
});
