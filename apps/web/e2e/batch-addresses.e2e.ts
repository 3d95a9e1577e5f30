/**
 * A batch-order workbook whose rows go to two branches (docs/excel.md "Batch orders"): imported
 * through the cart's 导入Excel dialog, the lines show their own addresses in the cart and at
 * checkout, and 提交订单 places two orders, each to its address, paid together.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, toast } from './support/ui.ts';

/** The demo merchant's seeded customer; demo.localhost is interface version 1. */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };

/** Two rows of 商务名片, to 深圳 and to 北京; the first names a file the customer never uploaded. */
async function branchWorkbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('批量下单').addRows([
    ['商品', '尺寸', '纸张', '内页纸张', '页数', '颜色', '工艺', '数量', '文件名', '收货地址', '备注'],
    [
      '商务名片',
      '标准',
      '',
      '',
      '',
      '',
      '',
      2,
      '南山店名片.pdf',
      '南山店 13811112222 广东省深圳市南山区科技园南路1号',
      '',
    ],
    ['商务名片', '标准', '', '', '', '', '', 3, '', '东城店 13933334444 北京市东城区东长安街1号', ''],
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-branches-')), '分店名片.xlsx');
  fs.writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

describe('batch orders to several addresses', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
  });

  it('imports a batch with two addresses and checks it out into two orders with those addresses', async () => {
    const file = await branchWorkbook();
    const [before] = env.server.query<{ last: number | null }>('SELECT MAX(id) AS last FROM orders');
    await open(page, env.server.url('demo') + '/user/order/cart');
    await page.getByRole('button', { name: /导入\s*Excel/ }).click();
    const dialog = page.getByRole('dialog', { name: '请选择要导入的 Excel 文件（.xls/.xlsx）' });
    await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.getByTestId('upload-input').setInputFiles(file);
    await dialog
      .getByTestId('upload-file')
      .filter({ hasText: '分店名片.xlsx' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(600);
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
    await toast(page, '文件导入成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    // The file it names is not among the customer's uploads: said, not guessed.
    await page
      .getByText(/第2行「文件名」“南山店名片.pdf”：在您上传的印刷文件中没有找到/)
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });

    // The cart shows each line's own address.
    const lines = page.getByTestId('cart-line');
    await lines.filter({ hasText: '收货：南山店 13811112222 广东省深圳市南山区科技园南路1号' }).waitFor({
      timeout: STEP_TIMEOUT_MS,
    });
    await lines.filter({ hasText: '收货：东城店 13933334444 北京市东城区东长安街1号' }).waitFor({
      timeout: STEP_TIMEOUT_MS,
    });
    for (const line of await lines.all()) await line.getByRole('checkbox').check();
    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL((url) => url.pathname === '/user/order/checkout', { timeout: STEP_TIMEOUT_MS });

    // Checkout says where each line goes and how the order splits.
    await page.getByTestId('own-address-notice').waitFor({ timeout: STEP_TIMEOUT_MS });
    // Every line has its own address: fees are per order, listed under 金额明细.
    await page.getByText('按各订单地址计算').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const addresses = page.getByTestId('checkout-line-address');
    await expect.poll(() => addresses.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
    expect(await addresses.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('南山店'), expect.stringContaining('东城店')]),
    );
    const split = page.getByTestId('split-order');
    await expect.poll(() => split.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL((url) => url.pathname === '/user/order/pay', { timeout: STEP_TIMEOUT_MS });

    // Two orders, each to its own address, in one payment.
    const orders = env.server
      .query<{ id: number; address_json: string }>(
        'SELECT id, address_json FROM orders WHERE id > ? ORDER BY id',
        before?.last ?? 0,
      )
      .map((order) => ({
        id: order.id,
        address: JSON.parse(order.address_json) as { Contacts: string; Address: string },
      }));
    expect(orders.map((order) => order.address.Contacts).sort()).toEqual(['东城店', '南山店']);

    // Each order's page shows its own address.
    for (const order of orders) {
      await open(page, env.server.url('demo') + `/user/order/all?id=${order.id}`);
      await page.getByText(`${order.address.Contacts} `).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await page
        .getByText(order.address.Address, { exact: false })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
    }
  });
});
