import ExcelJS from 'exceljs';
import CFB from 'cfb';
import officeCrypto from 'officecrypto-tool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, UploadType, XLSX_MEDIA_TYPE, type CartLine, type CartPage } from '@inkstone/contracts';
import { startTestServer, type Envelope, type TestServer } from '../../test/harness.ts';
import { Shopper, demoCustomers } from '../orders/orders.test-support.ts';
import { TestUploader } from '../uploads/uploads.test-support.ts';
import { WORKBOOK_MESSAGES } from './import/workbook-reader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700007000, '198.22');

/** A workbook whose first sheet holds `rows` (header first), with further sheets after it. */
async function workbook(
  rows: readonly (readonly unknown[])[],
  sheetName = '收货地址',
  more: Record<string, unknown[][]> = {},
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet(sheetName).addRows(rows.map((row) => [...row]));
  for (const [name, sheetRows] of Object.entries(more)) book.addWorksheet(name).addRows(sheetRows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads `bytes` as an Excel import (upload type 4); returns its FilePath (the import's Path). */
async function upload(shopper: Shopper, bytes: Buffer, name = '地址.xlsx'): Promise<string> {
  const uploaded = await new TestUploader(server, shopper.client).upload(bytes, name, UploadType.ExcelImport);
  expect(uploaded.success, uploaded.message).toBe(true);
  return uploaded.data.FilePath as string;
}

function importFile(shopper: Shopper, body: Record<string, unknown>): Promise<Envelope> {
  return shopper.post('/api/v1/post_import_excel', body);
}

async function addresses(shopper: Shopper) {
  const list = await shopper.post('/api/cust/QueryDeliverGoodsAddress', {});
  expect(list.success, list.message).toBe(true);
  return list.data.List as {
    contacts: string;
    phoneNumber: string;
    province: string;
    city: string;
    region: string;
    address: string;
    citys: string[];
    IsDefault: boolean;
  }[];
}

async function cart(shopper: Shopper): Promise<CartLine[]> {
  const page = await shopper.post<CartPage>('/api/order/ShopCarOrders', { pageindex: 1, limit: 200 });
  expect(page.success, page.message).toBe(true);
  return page.data.List;
}

/** A file reply read back as a workbook. */
async function workbookReply(shopper: Shopper, url: string, body: Record<string, unknown>) {
  const reply = await shopper.client.request({ method: 'POST', url, payload: { bizcontent: body } });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  const fileName = decodeURIComponent(
    /filename\*=UTF-8''([^;]+)/.exec(String(reply.headers['content-disposition']))![1]!,
  );
  return { book, fileName };
}

const valuesOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

const ADDRESS_HEADER = ['联系人', '电话', '省市区', '详细地址', '默认地址'];

describe('post_import_excel: addresses', () => {
  it('imports the template’s rows, region written whole or as the export’s columns, with 文件导入成功', async () => {
    const shopper = await customer();
    const path = await upload(
      shopper,
      await workbook([
        ADDRESS_HEADER,
        ['王小明', 13800001111, '广东省深圳市南山区', '科技园南路 1 号', ''],
        ['李华', '0755-26712345', '北京市 东城区', '东长安街 1 号', '是'],
        ['赵六', '13900002222', '', '浙江省杭州市西湖区文三路 90 号', ''],
      ]),
    );
    const imported = await importFile(shopper, { ImportExcelType: 'addresses', Path: path, Password: '' });
    expect(imported).toMatchObject({ success: true, message: '文件导入成功' });
    expect(imported.data).toMatchObject({ ImportExcelType: 'addresses', FileName: '地址.xlsx', Imported: 3 });
    const list = await addresses(shopper);
    expect(list).toHaveLength(3);
    const byName = new Map(list.map((item) => [item.contacts, item]));
    expect(byName.get('王小明')).toMatchObject({
      phoneNumber: '13800001111',
      citys: ['440000', '440300', '440305'],
      address: '科技园南路 1 号',
      IsDefault: false,
    });
    expect(byName.get('李华')).toMatchObject({
      region: '东城区',
      phoneNumber: '0755-26712345',
      IsDefault: true,
    });
    expect(byName.get('赵六')).toMatchObject({ city: '杭州市', region: '西湖区', address: '文三路90号' });

    const exported = await workbook([
      ['收货人', '联系电话', '省份', '城市', '区县', '详细地址', '默认地址'],
      ['钱七', '13700001234', '上海市', '市辖区', '徐汇区', '漕溪北路 88 号', '否'],
    ]);
    const again = await importFile(shopper, {
      ImportExcelType: 'addresses',
      Path: await upload(shopper, exported, '导出.xlsx'),
    });
    expect(again.success, again.message).toBe(true);
    expect((await addresses(shopper)).find((item) => item.contacts === '钱七')).toMatchObject({
      citys: ['310000', '310100', '310104'],
    });
  });

  it('recognises one pasted line per row, as the address input’s 自动识别 does', async () => {
    const shopper = await customer();
    const path = await upload(
      shopper,
      await workbook([
        ['收货信息'],
        ['张三 13800138000 广东省深圳市南山区科技园南区 A 栋'],
        ['收货人:李四', '手机:13912345678', '湖南省长沙市岳麓区麓山南路 932 号'],
      ]),
    );
    const imported = await importFile(shopper, { ImportExcelType: 'addresses', Path: path });
    expect(imported.success, imported.message).toBe(true);
    const list = await addresses(shopper);
    expect(list.map((item) => [item.contacts, item.phoneNumber, item.region]).sort()).toEqual([
      ['张三', '13800138000', '南山区'],
      ['李四', '13912345678', '岳麓区'],
    ]);
    // The customer had none: the first becomes the default.
    expect(list.filter((item) => item.IsDefault)).toHaveLength(1);
  });

  it('imports nothing when any row is wrong, naming sheet, row and column; the report lists every problem', async () => {
    const shopper = await customer();
    const rows = [
      ADDRESS_HEADER,
      ['王小明', '13800001111', '广东省深圳市南山区', '科技园南路 1 号'],
      ['', '13800001112', '广东省深圳市南山区', '科技园南路 2 号'],
      ['赵六', '12345', '广东省深圳市南山区', '科技园南路 3 号'],
      ['孙八', '13800001114', '广东深圳南山', '科技园南路 4 号'],
      ['周九', '13800001115', '广东省深圳市南山区', '科技园南路 5 号', '是'],
      ['吴十', '13800001116', '广东省深圳市南山区', '科技园南路 6 号', '是'],
    ];
    const path = await upload(shopper, await workbook(rows), '有错的地址.xlsx');
    const refused = await importFile(shopper, { ImportExcelType: 'addresses', Path: path });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain('没有导入任何数据');
    expect(refused.message).toContain('工作表「收货地址」第3行「联系人」不能为空');
    expect(refused.message).toContain('工作表「收货地址」第4行「电话」：');
    expect(refused.message).toContain("工作表「收货地址」第5行「省市区」：提供省份/城市需要包含'省/市'");
    expect(refused.message).toContain('第7行「默认地址」只能有一个默认地址（第6行已设为默认）');
    expect(await addresses(shopper)).toHaveLength(0);

    const { book, fileName } = await workbookReply(shopper, '/api/v1/post_import_excel_errors', {
      ImportExcelType: 'addresses',
      Path: path,
    });
    expect(fileName).toBe('有错的地址_错误报告.xlsx');
    const report = valuesOf(book.getWorksheet('错误报告')!);
    expect(report[0]).toEqual(['工作表', '行', '列', '问题']);
    expect(report.slice(1).map((row) => [row[1], row[2]])).toEqual([
      [3, '联系人'],
      [4, '电话'],
      [5, '省市区'],
      [7, '默认地址'],
    ]);
    expect(await addresses(shopper)).toHaveLength(0);
  });

  it('keeps the limit of 50 addresses for the whole file', async () => {
    const shopper = await customer();
    const row = (n: number) => [
      `客户${n}`,
      `1380000${String(n).padStart(4, '0')}`,
      '广东省深圳市南山区',
      `科技园 ${n} 号`,
    ];
    const tooMany = await upload(
      shopper,
      await workbook([ADDRESS_HEADER, ...Array.from({ length: 51 }, (_, n) => row(n))]),
    );
    const refused = await importFile(shopper, { ImportExcelType: 'addresses', Path: tooMany });
    expect(refused.message).toContain('一次最多导入 50 个收货地址，表中有 51 行');

    const fifty = await upload(
      shopper,
      await workbook([ADDRESS_HEADER, ...Array.from({ length: 50 }, (_, n) => row(n))]),
      '五十.xlsx',
    );
    expect((await importFile(shopper, { ImportExcelType: 'addresses', Path: fifty })).success).toBe(true);
    const one = await upload(shopper, await workbook([ADDRESS_HEADER, row(99)]), '一个.xlsx');
    const full = await importFile(shopper, { ImportExcelType: 'addresses', Path: one });
    expect(full).toMatchObject({ success: false, apiCode: ApiCode.AddressLimitReached });
    expect(full.message).toContain('已有 50 个，本次导入 1 个');
    expect(await addresses(shopper)).toHaveLength(50);
  });
});

describe('post_import_excel: the file', () => {
  const plain = () =>
    workbook([ADDRESS_HEADER, ['王小明', '13800001111', '广东省深圳市南山区', '科技园南路 1 号']]);

  it('opens a workbook encrypted with a password, and says so when the password is missing or wrong', async () => {
    const shopper = await customer();
    const encrypted = officeCrypto.encrypt(await plain(), { password: '墨砚2026' });
    expect(encrypted.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const path = await upload(shopper, encrypted, '加密.xlsx');
    const missing = await importFile(shopper, { ImportExcelType: 'addresses', Path: path });
    expect(missing).toMatchObject({ success: false, message: WORKBOOK_MESSAGES.passwordRequired });
    const wrong = await importFile(shopper, { ImportExcelType: 'addresses', Path: path, Password: 'wrong' });
    expect(wrong).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '文件密码错误，请检查后重新输入',
    });
    expect(await addresses(shopper)).toHaveLength(0);
    // Path may also be the file's id.
    const fileId = Number(/^\/api\/files\/(\d+)\//.exec(path)![1]);
    const right = await importFile(shopper, {
      ImportExcelType: 'addresses',
      Path: fileId,
      Password: '墨砚2026',
    });
    expect(right.success, right.message).toBe(true);
    expect(await addresses(shopper)).toHaveLength(1);
  });

  it('refuses a legacy .xls with a message naming .xlsx, and a file that is not a workbook', async () => {
    const shopper = await customer();
    const legacy = CFB.utils.cfb_new();
    CFB.utils.cfb_add(legacy, 'Workbook', Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00]));
    const xls = Buffer.from(CFB.write(legacy, { type: 'buffer' }) as Uint8Array);
    const refused = await importFile(shopper, {
      ImportExcelType: 'addresses',
      Path: await upload(shopper, xls, '旧.xls'),
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain('.xlsx');
    expect(refused.message).toBe(WORKBOOK_MESSAGES.legacyXls);

    const junk = await upload(shopper, Buffer.from('这不是一个工作簿'), '假的.xlsx');
    const unreadable = await importFile(shopper, { ImportExcelType: 'addresses', Path: junk });
    expect(unreadable.message).toBe(WORKBOOK_MESSAGES.unreadable);
  });

  it('refuses another customer’s upload, of this merchant or another, as not found', async () => {
    const owner = await customer();
    const path = await upload(owner, await plain());
    const neighbour = await customer();
    const theirs = await importFile(neighbour, { ImportExcelType: 'addresses', Path: path });
    expect(theirs).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    const maple = await Shopper.maple(server);
    const elsewhere = await importFile(maple, { ImportExcelType: 'addresses', Path: path });
    expect(elsewhere).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    const report = await maple.client.request({
      method: 'POST',
      url: '/api/v1/post_import_excel_errors',
      payload: { bizcontent: { ImportExcelType: 'addresses', Path: path } },
    });
    expect(report.json()).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    expect(await addresses(neighbour)).toHaveLength(0);
  });

  it('asks for the type and the file in Chinese', async () => {
    const shopper = await customer();
    const noType = await importFile(shopper, { Path: '/api/files/1/a.xlsx' });
    expect(noType).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(noType.message).toContain('请指定导入类型');
    const noPath = await importFile(shopper, { ImportExcelType: 'addresses', Path: '' });
    expect(noPath.message).toContain('请先上传要导入的文件');
  });
});

const ORDER_HEADER = [
  '商品',
  '尺寸',
  '纸张',
  '内页纸张',
  '页数',
  '颜色',
  '工艺',
  '数量',
  '文件名',
  '收货地址',
  '备注',
];

describe('post_import_excel: batch orders', () => {
  it('puts every row into the cart at the price addorderitem gives it', async () => {
    const shopper = await customer();
    const path = await upload(
      shopper,
      await workbook(
        [
          ORDER_HEADER,
          [
            '商务名片',
            '标准',
            '300g铜版纸',
            '',
            '',
            '双面四色',
            '覆哑膜、圆角',
            2,
            '张三名片.pdf',
            '张三 13800138000 广东省深圳市南山区科技园',
            '加急',
          ],
          ['宣传单页', 'A4', '157g铜版纸', '', '', '双面四色', '', '1,000', '', '', ''],
        ],
        '批量下单',
      ),
      '批量.xlsx',
    );
    const imported = await importFile(shopper, { ImportExcelType: 'batch_orders', Path: path });
    expect(imported).toMatchObject({ success: true, message: '文件导入成功', data: { Imported: 2 } });
    const lines = await cart(shopper);
    expect(lines.map((line) => line.Id).sort()).toEqual([...imported.data.Ids].sort());
    const card = lines.find((line) => line.ProductTitle === '商务名片')!;
    expect(card.Quantity).toBe(2);
    expect(card.SpecText).toContain('覆哑膜');
    expect(card.SpecText).toContain('圆角');
    // No upload of that name: the file stays named in the remarks; the address is the line's own.
    expect(card.Remarks).toBe('印刷文件：张三名片.pdf；加急');
    expect(card.Address).toMatchObject({ Contacts: '张三', City: '深圳市', Address: '科技园' });
    expect(imported.data.Notices).toEqual([
      '第2行「文件名」“张三名片.pdf”：在您上传的印刷文件中没有找到，已写在商品备注里，请结算时上传或选择印刷文件',
    ]);

    // The same configuration added by hand costs the same: the cart priced it.
    const byHand = await shopper.addToCart(1001, { ...card.Selection, Quantity: 2 });
    expect(card.AmountFen).toBe(byHand.AmountFen);
    expect(lines.find((line) => line.ProductTitle === '宣传单页')!.Quantity).toBe(1000);
  });

  it('names every wrong cell and puts nothing into the cart', async () => {
    const shopper = await customer();
    const path = await upload(
      shopper,
      await workbook(
        [
          ORDER_HEADER,
          ['商务名片', '标准', '', '', '', '', '', 2],
          ['不存在的商品', '', '', '', '', '', '', 1],
          ['商务名片', '巨大', '', '', '', '', '', ''],
          ['商务名片', '', '', '', 8, '', '烫银', 'abc'],
          ['商务名片', '', '', '', '', '', '', 100000],
        ],
        '批量下单',
      ),
      '批量有错.xlsx',
    );
    const refused = await importFile(shopper, { ImportExcelType: 'batch_orders', Path: path });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain('工作表「批量下单」第3行「商品」没有名为“不存在的商品”的商品');
    expect(refused.message).toContain('第4行「尺寸」没有“巨大”这个尺寸，可选：标准 90×54mm');
    expect(refused.message).toContain('第4行「数量」不能为空');
    expect(refused.message).toContain('共 6 处错误');
    expect(await cart(shopper)).toHaveLength(0);

    const { book } = await workbookReply(shopper, '/api/v1/post_import_excel_errors', {
      ImportExcelType: 'batch_orders',
      Path: path,
    });
    const report = valuesOf(book.worksheets[0]!).slice(1);
    expect(report.map((row) => [row[1], row[2]])).toEqual([
      [3, '商品'],
      [4, '尺寸'],
      [4, '数量'],
      [5, '页数'],
      [5, '工艺'],
      [5, '数量'],
    ]);

    const priced = await upload(
      shopper,
      await workbook(
        [ORDER_HEADER, ['商务名片', '', '', '', '', '', '', 2], ['商务名片', '', '', '', '', '', '', 100000]],
        '批量下单',
      ),
      '数量超限.xlsx',
    );
    const refusedByPrice = await importFile(shopper, { ImportExcelType: 'batch_orders', Path: priced });
    expect(refusedByPrice.message).toMatch(/工作表「批量下单」第3行：「商务名片」.+/);
    expect(await cart(shopper)).toHaveLength(0);
  });

  it('hands out templates that the import reads back', async () => {
    const shopper = await customer();
    const addressTemplate = await workbookReply(shopper, '/api/v1/post_import_excel_template', {
      ImportExcelType: 'addresses',
    });
    expect(addressTemplate.fileName).toBe('收货地址导入模板.xlsx');
    expect(valuesOf(addressTemplate.book.worksheets[0]!)[0]).toEqual(ADDRESS_HEADER);
    expect(addressTemplate.book.getWorksheet('填写说明')).toBeDefined();

    const orderTemplate = await workbookReply(shopper, '/api/v1/post_import_excel_template', {
      ImportExcelType: 'batch_orders',
    });
    expect(orderTemplate.fileName).toBe('批量下单导入模板.xlsx');
    const sheet = orderTemplate.book.worksheets[0]!;
    expect(valuesOf(sheet)[0]).toEqual(ORDER_HEADER);
    const products = valuesOf(orderTemplate.book.getWorksheet('可选商品')!);
    expect(products.find((row) => row[0] === '商务名片')?.[2]).toContain('标准 90×54mm');

    sheet.addRow(['商务名片', '欧式', '', '', '', '单面四色', '无', 3]);
    const filled = Buffer.from(await orderTemplate.book.xlsx.writeBuffer());
    const imported = await importFile(shopper, {
      ImportExcelType: 'batch_orders',
      Path: await upload(shopper, filled, '批量下单导入模板.xlsx'),
    });
    expect(imported.success, imported.message).toBe(true);
    expect((await cart(shopper))[0]!.SpecText).toContain('欧式');
  });
});
