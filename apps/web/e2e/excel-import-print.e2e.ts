import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import officeCrypto from 'officecrypto-tool';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerCall } from './support/api.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, toast } from './support/ui.ts';

/** The demo merchant's seeded customer (docs/orders.md); demo.localhost is interface version 1. */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const PASSWORD = '墨砚2026';

/** An address template filled in and encrypted with Excel's "encrypt with password", on disk. */
async function encryptedAddressWorkbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('收货地址').addRows([
    ['联系人', '电话', '省市区', '详细地址', '默认地址'],
    ['导入甲', '13811112222', '广东省深圳市南山区', '科技园南路 1 号', ''],
    ['导入乙', '021-64881234', '上海市 徐汇区', '漕溪北路 88 号', ''],
  ]);
  const encrypted = officeCrypto.encrypt(Buffer.from(await book.xlsx.writeBuffer()), { password: PASSWORD });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-import-')), '收货地址.xlsx');
  fs.writeFileSync(file, encrypted);
  return file;
}

/** Places an order of 商务名片 with a remark holding markup, through the calls the pages make. */
async function placeOrder(page: Page): Promise<{ Id: number; OrderNo: string }> {
  const info = await customerCall<{ DefaultSelection: Record<string, unknown> }>(
    page,
    '/api/product/GetCompanyProductInfo',
    { ProductId: 1001 },
  );
  const line = await customerCall<{ Id: number }>(page, '/api/order/addorderitem', {
    ProductId: 1001,
    ...info.DefaultSelection,
  });
  const address = await customerCall<{ Id: number }>(page, '/api/cust/AddDeliverGoodsAddress', {
    contacts: '打印测试',
    phoneNumber: '13800138000',
    citys: ['440000', '440300', '440305'],
    address: '深南大道 9988 号',
  });
  const express = await customerCall<{ Id: number; IsDefault: boolean }[]>(
    page,
    '/api/v2/s2b.expressinfo.all.post',
    {},
  );
  return customerCall(page, '/api/order/addorder', {
    CartIds: [line.Id],
    AddressId: address.Id,
    ExpressCompanyId: (express.find((company) => company.IsDefault) ?? express[0]!).Id,
    Remarks: '<script>window.__hacked = true</script>',
  });
}

describe('Excel import and print', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
  });

  it('imports addresses from an encrypted workbook through the import dialog', async () => {
    const file = await encryptedAddressWorkbook();
    await open(page, env.server.url('demo') + '/user/sys/address');
    await page.getByRole('button', { name: /导入\s*Excel/ }).click();
    const dialog = page.getByRole('dialog', { name: '请选择要导入的 Excel 文件（.xls/.xlsx）' });
    await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });

    // Pressed before a file is uploaded: spec §5's warning.
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
    await toast(page, '文件未上传,请上传完毕再进行导入').waitFor({ timeout: STEP_TIMEOUT_MS });

    await dialog.getByTestId('upload-input').setInputFiles(file);
    await dialog
      .getByTestId('upload-file')
      .filter({ hasText: '收货地址.xlsx' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    // The card takes one file (spec §9): its drop zone is gone.
    await expect.poll(() => dialog.locator('.ink-upload-card__drop').count()).toBe(0);
    await page.waitForTimeout(600);

    await dialog.getByPlaceholder('文件设置了打开密码时填写').fill('wrong');
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
    await dialog.getByText('文件密码错误，请检查后重新输入').waitFor({ timeout: STEP_TIMEOUT_MS });

    await dialog.getByPlaceholder('文件设置了打开密码时填写').fill(PASSWORD);
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
    await toast(page, '文件导入成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });

    const book = page.locator('.ink-address-book');
    await book
      .locator('.ink-address-card')
      .filter({ hasText: '导入甲' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await book
      .locator('.ink-address-card')
      .filter({ hasText: '导入乙' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    const rows = env.server.query<{ contacts: string; region_code: string }>(
      "SELECT contacts, region_code FROM delivery_addresses WHERE contacts LIKE '导入%' ORDER BY contacts",
    );
    expect(rows).toEqual([
      { contacts: '导入乙', region_code: '310104' },
      { contacts: '导入甲', region_code: '440305' },
    ]);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('prints an order: 正在加载打印数据,请稍后..., then a window with the escaped order sheet', async () => {
    const order = await placeOrder(page);
    await open(page, env.server.url('demo') + `/user/order/all?id=${order.Id}`);
    await page.getByRole('button', { name: /打印订单/ }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // Hold the reply back a moment to see the loading message.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/post_print_html', async (route) => {
      await held;
      await route.continue();
    });
    const popup = page.waitForEvent('popup', { timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: /打印订单/ }).click();
    await page.getByText('正在加载打印数据,请稍后...').waitFor({ timeout: STEP_TIMEOUT_MS });
    const asked = Date.now();
    release();

    const printWindow = await popup;
    // Spec §9: the window opens 300 ms after the reply.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(300);
    await printWindow.getByText(order.OrderNo).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const html = await printWindow.content();
    expect(html).toContain('墨砚快印');
    expect(html).toContain('应付金额');
    expect(html).toContain('&lt;script&gt;window.__hacked = true&lt;/script&gt;');
    expect(await printWindow.evaluate(() => (window as { __hacked?: boolean }).__hacked ?? false)).toBe(
      false,
    );
    expect(await printWindow.locator('svg[aria-label]').count()).toBe(1);
    await printWindow.close();
    await page.unroute('**/api/v1/post_print_html');
  });
});
