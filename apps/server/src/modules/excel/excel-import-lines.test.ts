/**
 * A batch-order row's own delivery address and artwork (docs/excel.md "Batch orders"): the
 * import finds the row's 收货地址 in the customer's address book or adds it, attaches the upload
 * its 文件名 names, and checkout sends each address its own order.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  UploadType,
  type CartLine,
  type CartPage,
  type ImportExcelResult,
  type OrderPreview,
  type PlacedOrder,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, demoCustomers, makePdf } from '../orders/orders.test-support.ts';
import { TestUploader, randomContent } from '../uploads/uploads.test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700008000, '198.23');

const HEADER = [
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
const SHENZHEN_LINE = '张三 13800138000 广东省深圳市南山区科技园南路1号';
const BEIJING_LINE = '李四 13900139000 北京市东城区东长安街1号';

/** A 商务名片 row with a file name and an address line. */
const cardRow = (quantity: number, fileName: string, address: string, remarks = '') => [
  '商务名片',
  '标准',
  '',
  '',
  '',
  '',
  '',
  quantity,
  fileName,
  address,
  remarks,
];

/** Uploads a batch-order workbook of `rows` and imports it. */
async function importRows(shopper: Shopper, rows: unknown[][], name = '批量.xlsx') {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('批量下单').addRows([HEADER, ...rows]);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const uploaded = await new TestUploader(server, shopper.client).upload(bytes, name, UploadType.ExcelImport);
  expect(uploaded.success, uploaded.message).toBe(true);
  return shopper.post<ImportExcelResult>('/api/v1/post_import_excel', {
    ImportExcelType: 'batch_orders',
    Path: uploaded.data.FilePath,
  });
}

async function cart(shopper: Shopper): Promise<CartLine[]> {
  const page = await shopper.post<CartPage>('/api/order/ShopCarOrders', { pageindex: 1, limit: 200 });
  expect(page.success, page.message).toBe(true);
  return page.data.List;
}

async function addressBook(shopper: Shopper) {
  const list = await shopper.post('/api/cust/QueryDeliverGoodsAddress', { pageindex: 1, limit: 50 });
  expect(list.success, list.message).toBe(true);
  return list.data.List as { Id: number; contacts: string; city: string; address: string }[];
}

describe('batch-order import: each row’s file and address', () => {
  it('attaches the newest upload of a name, flags missing and ambiguous names, and never uses another’s', async () => {
    const shopper = await customer();
    const older = await shopper.uploadArtwork('张三名片.pdf', randomContent(2048));
    const newer = await shopper.uploadArtwork('张三名片.pdf', randomContent(2049));
    expect(newer).toBeGreaterThan(older);
    await shopper.uploadArtwork('李四名片.pdf', randomContent(2050));
    await shopper.uploadArtwork('李四名片.ai', randomContent(2051));
    // Another customer of the merchant, and a customer of another merchant, have 王五.pdf.
    const neighbour = await customer();
    await neighbour.uploadArtwork('王五.pdf', randomContent(2052));
    const maple = await Shopper.register(server, 'maple.localhost', '13700008900', '198.23.9.9');
    await maple.uploadArtwork('王五.pdf', randomContent(2053));

    const imported = await importRows(shopper, [
      cardRow(2, '张三名片.pdf', SHENZHEN_LINE),
      cardRow(3, '李四名片', ''),
      cardRow(4, '王五.pdf', '', '加急'),
      cardRow(5, 'ＺＨＡＮＧ三名片', ''),
    ]);
    expect(imported.success, imported.message).toBe(true);
    const rows = imported.data.Rows;
    expect(rows.map((row) => [row.Row, row.FileStatus, row.FileId])).toEqual([
      [2, 'attached', newer],
      [3, 'ambiguous', null],
      [4, 'not_found', null],
      [5, 'not_found', null],
    ]);
    expect(imported.data.Notices).toEqual([
      '第3行「文件名」“李四名片”：有多个文件都可能是它（李四名片.ai、李四名片.pdf），没有自动附上，已写在商品备注里，请结算时选择',
      '第4行「文件名」“王五.pdf”：在您上传的印刷文件中没有找到，已写在商品备注里，请结算时上传或选择印刷文件',
      '第5行「文件名」“ＺＨＡＮＧ三名片”：在您上传的印刷文件中没有找到，已写在商品备注里，请结算时上传或选择印刷文件',
    ]);

    const lines = new Map((await cart(shopper)).map((line) => [line.Id, line]));
    const first = lines.get(rows[0]!.CartId)!;
    expect(first.ArtworkFiles.map((file) => [file.Id, file.OrgFileName])).toEqual([[newer, '张三名片.pdf']]);
    expect(first.Remarks).toBe('');
    expect(lines.get(rows[1]!.CartId)!.ArtworkFiles).toEqual([]);
    expect(lines.get(rows[1]!.CartId)!.Remarks).toBe('印刷文件：李四名片');
    expect(lines.get(rows[2]!.CartId)!.Remarks).toBe('印刷文件：王五.pdf；加急');

    // A file deleted from 我的文件 is no longer the line's artwork.
    const deleted = await shopper.post('/api/v1/post_service_file_delete', { ids: [newer] });
    expect(deleted.success, deleted.message).toBe(true);
    const after = (await cart(shopper)).find((line) => line.Id === rows[0]!.CartId)!;
    expect(after.ArtworkFiles).toEqual([]);
  });

  it('finds a row’s address in the book or adds it once, never another customer’s', async () => {
    const shopper = await customer();
    const existing = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '科技园南路 1 号',
    });
    expect(existing.success, existing.message).toBe(true);
    // Another customer keeps the Beijing address: it is not this customer's.
    const other = await customer();
    await other.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '李四',
      phoneNumber: '13900139000',
      citys: ['110000', '110100', '110101'],
      address: '东长安街1号',
    });

    const imported = await importRows(shopper, [
      cardRow(2, '', SHENZHEN_LINE),
      cardRow(3, '', BEIJING_LINE),
      cardRow(4, '', BEIJING_LINE),
      cardRow(5, '', ''),
    ]);
    expect(imported.success, imported.message).toBe(true);
    const rows = imported.data.Rows;
    const book = await addressBook(shopper);
    expect(book).toHaveLength(2);
    const beijing = book.find((entry) => entry.contacts === '李四')!;
    expect(rows.map((row) => [row.AddressStatus, row.AddressId])).toEqual([
      ['matched', existing.data.Id],
      ['added', beijing.Id],
      ['matched', beijing.Id],
      ['none', null],
    ]);
    expect(await addressBook(other)).toHaveLength(1);
    const line = (await cart(shopper)).find((item) => item.Id === rows[1]!.CartId)!;
    expect(line).toMatchObject({
      AddressId: beijing.Id,
      Address: { Contacts: '李四', PhoneNumber: '13900139000', City: '市辖区', Region: '东城区' },
    });

    // The cart's export names each line's own address.
    const reply = await shopper.client.request({
      method: 'POST',
      url: '/api/v1/post_export_excel',
      payload: { bizcontent: { ExportExcelType: 'cart' } },
    });
    expect(reply.statusCode).toBe(200);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = exported.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('收货地址（单独发货）') + 1;
    expect(column).toBeGreaterThan(0);
    const cells: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) cells.push(row.getCell(column).value);
    });
    expect(cells).toContain('李四 13900139000 北京市东城区东长安街1号');
  });

  it('adds a new address once when two imports of it run at the same time', async () => {
    const shopper = await customer();
    const rows = [cardRow(2, '', BEIJING_LINE)];
    const results = await Promise.all([
      importRows(shopper, rows, '甲.xlsx'),
      importRows(shopper, rows, '乙.xlsx'),
      importRows(shopper, rows, '丙.xlsx'),
    ]);
    for (const result of results) expect(result.success, result.message).toBe(true);
    const book = await addressBook(shopper);
    expect(book).toHaveLength(1);
    expect(results.map((result) => result.data.Rows[0]!.AddressId)).toEqual([
      book[0]!.Id,
      book[0]!.Id,
      book[0]!.Id,
    ]);
    expect(results.filter((result) => result.data.Rows[0]!.AddressStatus === 'added')).toHaveLength(1);
    expect(await cart(shopper)).toHaveLength(3);
  });

  it('refuses the whole file when its new addresses would pass the book’s 50', async () => {
    const shopper = await customer();
    for (let index = 0; index < 49; index++) {
      const added = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
        contacts: `收货人${index}`,
        phoneNumber: '13800138000',
        citys: ['440000', '440300', '440305'],
        address: `科技园${index}号`,
      });
      expect(added.success, added.message).toBe(true);
    }
    const refused = await importRows(shopper, [cardRow(2, '', SHENZHEN_LINE), cardRow(3, '', BEIJING_LINE)]);
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.AddressLimitReached });
    expect(refused.message).toContain('已有 49 个，本次要新增 2 个');
    expect(await cart(shopper)).toHaveLength(0);
    expect(await addressBook(shopper)).toHaveLength(49);
  });
});

describe('checkout of lines with their own address', () => {
  it('places one order per address, each with its own fee and the lines’ own artwork', async () => {
    const shopper = await customer();
    const artwork = await shopper.uploadArtwork('张三名片.pdf', await makePdf(96, 60));
    const imported = await importRows(shopper, [
      cardRow(2, '张三名片.pdf', SHENZHEN_LINE),
      cardRow(3, '', BEIJING_LINE),
      cardRow(4, '', BEIJING_LINE),
    ]);
    expect(imported.success, imported.message).toBe(true);
    const ids = imported.data.Ids;
    const expressId = await shopper.expressId();
    const body = { CartIds: ids, ExpressCompanyId: expressId };

    const preview = await shopper.post<OrderPreview>('/api/order/PreviewOrder', body);
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data.Orders.map((order) => [order.Address.Contacts, order.CartIds])).toEqual([
      ['张三', [ids[0]]],
      ['李四', [ids[1], ids[2]]],
    ]);
    for (const order of preview.data.Orders) {
      const fee = await shopper.post('/api/order/CalExpressFee', {
        ExpressId: expressId,
        WeightGrams: order.WeightGrams,
        AddressId: order.AddressId,
      });
      expect(fee.success, fee.message).toBe(true);
      expect(order.ExpressFen).toBe(fee.data.FeeFen);
    }
    expect(preview.data.TotalFen).toBe(preview.data.Orders.reduce((sum, order) => sum + order.TotalFen, 0));
    expect(preview.data.ExpressFen).toBe(
      preview.data.Orders.reduce((sum, order) => sum + order.ExpressFen, 0),
    );

    const withCoupon = await shopper.post('/api/order/addorder', { ...body, CouponId: 1 });
    expect(withCoupon).toMatchObject({ success: false, apiCode: ApiCode.CouponNotApplicable });
    expect(withCoupon.message).toContain('本次结算按收货地址分成 2 个订单');

    const placed = await shopper.post<PlacedOrder>('/api/order/addorder', {
      ...body,
      Remarks: '分店名片',
      ExpectedTotalFen: preview.data.TotalFen,
    });
    expect(placed.success, placed.message).toBe(true);
    expect(placed.data.OrderIds).toHaveLength(2);
    const orders = await Promise.all(
      placed.data.OrderIds.map(async (id) => {
        const detail = await shopper.post('/api/order/OrderDetail', { OrderId: id });
        expect(detail.success, detail.message).toBe(true);
        return detail.data as PlacedOrder;
      }),
    );
    expect(orders.map((order) => [order.Address.Contacts, order.Address.City, order.Lines.length])).toEqual([
      ['张三', '深圳市', 1],
      ['李四', '市辖区', 2],
    ]);
    expect(orders.map((order) => order.TotalFen)).toEqual(preview.data.Orders.map((order) => order.TotalFen));
    expect(orders.every((order) => order.Remarks === '分店名片')).toBe(true);
    expect(orders[0]!.Lines[0]!.Files.map((file) => file.FileId)).toEqual([artwork]);
    expect(await cart(shopper)).toHaveLength(0);
  });

  it('sends lines without an address to the chosen one, and refuses 到店自提 for lines with their own', async () => {
    const shopper = await customer();
    const imported = await importRows(shopper, [cardRow(2, '', BEIJING_LINE)]);
    expect(imported.success, imported.message).toBe(true);
    const plain = await shopper.addToCart(1001);
    const companies = (await shopper.post('/api/v2/s2b.expressinfo.all.post', {})).data as {
      Id: number;
      IsSelfPickup: boolean;
    }[];
    const pickup = companies.find((company) => company.IsSelfPickup)!;
    const refused = await shopper.post('/api/order/addorder', {
      CartIds: [plain.Id, imported.data.Ids[0]],
      ExpressCompanyId: pickup.Id,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain('本次结算有 1 个商品带有自己的收货地址，请选择快递公司');

    const placed = await shopper.checkout([plain.Id, imported.data.Ids[0]!]);
    expect(placed.success, placed.message).toBe(true);
    const ids = (placed.data as PlacedOrder).OrderIds;
    expect(ids).toHaveLength(2);
    expect(placed.data.Address.Contacts).toBe('张经理');
    expect(placed.data.Lines.map((line) => line.Id)).toEqual([plain.Id]);
  });

  it('attaches a batch row’s file to the order line without the page naming it', async () => {
    const shopper = await customer();
    const fileId = await shopper.uploadArtwork('名片-300g铜版纸-双面-5盒.pdf', await makePdf(96, 60));
    const row = { ...(await shopper.selection(1001)), FileId: fileId, ProductId: 1001, Quantity: 5 };
    const created = await shopper.post('/api/order/AnalysisCreateOrder', {
      RequestKey: 'batch-own-artwork',
      Target: 'order',
      Rows: [row],
    });
    expect(created.success, created.message).toBe(true);
    const line = created.data.Items[0].Line as CartLine;
    expect(line.ArtworkFiles.map((file) => file.Id)).toEqual([fileId]);
    const placed = await shopper.checkout([line.Id]);
    expect(placed.success, placed.message).toBe(true);
    expect(placed.data.Lines[0]!.Files.map((file) => file.FileId)).toEqual([fileId]);
    // A page that names no files for the line leaves it without.
    const again = await shopper.post('/api/order/AnalysisCreateOrder', {
      RequestKey: 'batch-own-artwork-2',
      Target: 'cart',
      Rows: [row],
    });
    const second = again.data.Items[0].Line as CartLine;
    const bare = await shopper.checkout([second.Id], { Files: [{ CartId: second.Id, FileIds: [] }] });
    expect(bare.success, bare.message).toBe(true);
    expect(bare.data.Lines[0]!.Files).toEqual([]);
  });
});
