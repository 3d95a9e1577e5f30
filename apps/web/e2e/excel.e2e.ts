import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerCall } from './support/api.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, signIn } from './support/ui.ts';

/** The demo merchant's seeded customer (docs/orders.md). */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
/** 商务名片 of the demo catalogue. */
const BUSINESS_CARDS = 1001;

interface PlacedOrder {
  Id: number;
  OrderNo: string;
  TotalFen: number;
}

/** Places an order of 商务名片 as the signed-in customer, through the calls the pages make. */
async function placeOrder(page: Page, addressId: number, expressId: number): Promise<PlacedOrder> {
  const info = await customerCall<{ DefaultSelection: Record<string, unknown> }>(
    page,
    '/api/product/GetCompanyProductInfo',
    { ProductId: BUSINESS_CARDS },
  );
  const line = await customerCall<{ Id: number }>(page, '/api/order/addorderitem', {
    ProductId: BUSINESS_CARDS,
    ...info.DefaultSelection,
  });
  return customerCall<PlacedOrder>(page, '/api/order/addorder', {
    CartIds: [line.Id],
    AddressId: addressId,
    ExpressCompanyId: expressId,
  });
}

/** Today in China, `YYYY-MM-DD`, on the browser's clock (the suite may run at another date). */
function chinaToday(page: Page): Promise<string> {
  return page.evaluate(() => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
}

describe('Excel export', () => {
  const env = useServerAndBrowser();
  let page: Page;
  const orders: PlacedOrder[] = [];

  beforeAll(async () => {
    page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    const address = await customerCall<{ Id: number }>(page, '/api/cust/AddDeliverGoodsAddress', {
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '科技园南区深南大道 9988 号',
    });
    const express = await customerCall<{ Id: number; IsDefault: boolean }[]>(
      page,
      '/api/v2/s2b.expressinfo.all.post',
      {},
    );
    const expressId = (express.find((company) => company.IsDefault) ?? express[0]!).Id;
    orders.push(await placeOrder(page, address.Id, expressId));
    orders.push(await placeOrder(page, address.Id, expressId));
  });

  it('downloads the order list of a period as 订单_<start>至<end>.xlsx that opens, showing progress meanwhile', async () => {
    const today = await chinaToday(page);
    const start = `${today.slice(0, 8)}01`;
    await page.goto(env.server.url('demo') + '/user/order/all');
    await page.getByTestId('order-card').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByPlaceholder('开始日期').click();
    await page.getByPlaceholder('开始日期').fill(start);
    await page.getByPlaceholder('结束日期').fill(today);
    await page.getByPlaceholder('结束日期').press('Enter');
    await expect.poll(() => page.getByPlaceholder('结束日期').inputValue()).toBe(today);

    // Hold the request back a moment, as a long export would take, to see the progress dialog.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/post_export_excel', async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /导出\s*Excel/ }).click();
    const dialog = page.getByRole('dialog', { name: '导出Excel' });
    await dialog.getByText('正在导出中,请稍后...').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => dialog.getByTestId('export-progress').textContent()).toMatch(/^已接收 0 B$/);
    release();

    const file = await download;
    expect(file.suggestedFilename()).toBe(`订单_${start}至${today}.xlsx`);
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    await page.unroute('**/api/v1/post_export_excel');

    const saved = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-excel-')),
      file.suggestedFilename(),
    );
    await file.saveAs(saved);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    fs.rmSync(path.dirname(saved), { recursive: true, force: true });
    const sheet = workbook.getWorksheet('订单')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    expect(sheet.getRow(1).getCell(8).value).toBe('应付金额');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Newest first, as the list shows them.
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([
      orders[1]!.OrderNo,
      orders[0]!.OrderNo,
    ]);
    expect(sheet.getRow(2).getCell(8).value).toBe(orders[1]!.TotalFen / 100);
    expect(sheet.getRow(2).getCell(8).numFmt).toBe('"¥"#,##0.00');
    expect(sheet.getRow(4).getCell(1).value).toBe(`合计（${start}至${today}，共 2 单）`);
    expect(sheet.getRow(4).getCell(8).result).toBe((orders[0]!.TotalFen + orders[1]!.TotalFen) / 100);
  });
});
