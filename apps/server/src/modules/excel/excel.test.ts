import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, XLSX_MEDIA_TYPE, type BillPage, type CartPage, type OrderPage } from '@inkstone/contracts';
import { CHINA_OFFSET_MS } from '@inkstone/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, demoCustomers } from '../orders/orders.test-support.ts';
import { DATETIME_FORMAT, MONEY_FORMAT } from './xlsx-stream.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700006000, '198.21');

const ORDER_HEADERS = [
  '订单号',
  '下单时间',
  '状态',
  '商品',
  '商品金额',
  '运费',
  '优惠',
  '应付金额',
  '已退款',
  '支付方式',
  '支付时间',
  '收货人',
  '联系电话',
  '收货地址',
  '快递公司',
  '快递单号',
  '优惠券',
  '备注',
];

async function exportRaw(shopper: Shopper, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return shopper.client.request({
    method: 'POST',
    url: '/api/v1/post_export_excel',
    payload: { bizcontent: body },
  });
}

/** The export's reply, checked to be a workbook, and its only sheet. */
async function exportSheet(
  shopper: Shopper,
  body: Record<string, unknown>,
): Promise<{ sheet: ExcelJS.Worksheet; fileName: string; reply: LightMyRequestResponse }> {
  const reply = await exportRaw(shopper, body);
  expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
  expect(reply.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
  const disposition = String(reply.headers['content-disposition']);
  const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return { sheet: workbook.worksheets[0]!, fileName, reply };
}

/** The sheet's rows as plain values, header first. */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** A formula cell's cached result, or the cell's value. */
function numberIn(cell: ExcelJS.Cell): number {
  const value = cell.value as ExcelJS.CellFormulaValue | number;
  return typeof value === 'object' && value !== null ? Number(value.result) : Number(value);
}

const chinaToday = () => new Date(server.clock.now() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

describe('post_export_excel: orders', () => {
  it('exports the order list with its filters: headers, money, China time, sum row, frozen header', async () => {
    const shopper = await customer();
    const first = await shopper.placeOrder(1001, { Remarks: '加急' });
    server.clock.advance(60_000);
    const second = await shopper.placeOrder(1001);
    const neighbour = await customer();
    const theirs = await neighbour.placeOrder(1001);

    const { sheet, fileName, reply } = await exportSheet(shopper, { ExportExcelType: 'orders' });
    expect(fileName).toBe(`订单_截至${chinaToday()}.xlsx`);
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/,
    );
    expect(reply.headers['x-export-rows']).toBe('2');
    expect(sheet.name).toBe('订单');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(22);
    expect(sheet.getColumn(4).width).toBe(40);

    const rows = rowsOf(sheet);
    expect(rows[0]).toEqual(ORDER_HEADERS);
    expect(sheet.getRow(1).getCell(4).font?.bold).toBe(true);
    expect(rows).toHaveLength(1 + 2 + 1);
    // Newest first, like the list.
    expect(rows.slice(1, 3).map((row) => row[0])).toEqual([second.OrderNo, first.OrderNo]);
    expect(rows.flat()).not.toContain(theirs.OrderNo);

    const row = sheet.getRow(3);
    expect(row.getCell(1).value).toBe(first.OrderNo);
    const created = row.getCell(2);
    expect(created.value).toBeInstanceOf(Date);
    // The cell shows the China wall-clock time of the moment the order was placed.
    expect((created.value as Date).getTime()).toBe(Date.parse(first.CreatedAt) + CHINA_OFFSET_MS);
    expect(created.numFmt).toBe(DATETIME_FORMAT);
    expect(row.getCell(3).value).toBe('待付款');
    expect(row.getCell(4).value).toBe(
      first.Lines.map((line) => `${line.ProductTitle} × ${line.Quantity}${line.Unit}`).join('；'),
    );
    expect(row.getCell(5).value).toBe(first.GoodsFen / 100);
    expect(row.getCell(8).value).toBe(first.TotalFen / 100);
    expect(row.getCell(8).numFmt).toBe(MONEY_FORMAT);
    expect(row.getCell(11).value).toBeNull();
    expect(row.getCell(12).value).toBe(first.Address.Contacts);
    expect(row.getCell(14).value).toBe(
      `${first.Address.Province}${first.Address.City}${first.Address.Region}${first.Address.Address}`,
    );
    expect(row.getCell(18).value).toBe('加急');

    const sum = sheet.getRow(4);
    expect(sum.getCell(1).value).toBe('合计（共 2 单）');
    expect(sum.getCell(1).font?.bold).toBe(true);
    expect(sum.getCell(8).font?.bold).toBe(true);
    expect(sum.getCell(8).value).toMatchObject({ formula: 'SUM(H2:H3)' });
    expect(numberIn(sum.getCell(8))).toBe((first.TotalFen + second.TotalFen) / 100);
    expect(numberIn(sum.getCell(5))).toBe((first.GoodsFen + second.GoodsFen) / 100);
    expect(sum.getCell(8).numFmt).toBe(MONEY_FORMAT);
    const listed = await shopper.post<OrderPage>('/api/order/QueryOrders', { limit: 50 });
    expect(numberIn(sum.getCell(8))).toBe(listed.data.Attach.SumAmount / 100);
  });

  it('applies the status tab, keyword and period of the list, and names the file by the period', async () => {
    const shopper = await customer(50_000);
    const paid = await shopper.placeOrder(1001);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [paid.Id] })).success).toBe(true);
    const unpaid = await shopper.placeOrder(1001);

    const reviewing = await exportSheet(shopper, { ExportExcelType: 'orders', Status: 2 });
    expect(
      rowsOf(reviewing.sheet)
        .slice(1, -1)
        .map((row) => row[0]),
    ).toEqual([paid.OrderNo]);
    const payRow = reviewing.sheet.getRow(2);
    expect(payRow.getCell(10).value).toBe('余额支付');
    expect((payRow.getCell(11).value as Date).getTime()).toBe(server.clock.now() + CHINA_OFFSET_MS);

    const byKeyword = await exportSheet(shopper, { ExportExcelType: 'orders', Keyword: unpaid.OrderNo });
    expect(
      rowsOf(byKeyword.sheet)
        .slice(1, -1)
        .map((row) => row[0]),
    ).toEqual([unpaid.OrderNo]);

    const today = chinaToday();
    const period = await exportSheet(shopper, {
      ExportExcelType: 'orders',
      StartDate: '2026-11-01',
      EndDate: today,
    });
    expect(period.fileName).toBe(`订单_2026-11-01至${today}.xlsx`);
    expect(rowsOf(period.sheet).at(-1)![0]).toBe(`合计（2026-11-01至${today}，共 2 单）`);
    const before = await exportSheet(shopper, { ExportExcelType: 'orders', EndDate: '2020-01-31' });
    expect(before.fileName).toBe('订单_截至2020-01-31.xlsx');
    expect(rowsOf(before.sheet)).toHaveLength(2);
    expect(rowsOf(before.sheet)[1]![0]).toBe('合计（截至2020-01-31，共 0 单）');
    expect(numberIn(before.sheet.getRow(2).getCell(8))).toBe(0);
  });

  it('walks every order page by page, newest first, and never another customer’s or merchant’s', async () => {
    const shopper = await customer();
    const owner = { merchantId: 0, customerId: await shopper.customerId };
    const merchant = await server.context.db
      .selectFrom('customers')
      .select('merchant_id')
      .where('id', '=', owner.customerId)
      .executeTakeFirstOrThrow();
    owner.merchantId = merchant.merchant_id;
    const neighbour = await customer();
    const maple = await Shopper.maple(server);
    const start = server.clock.now() - 30 * 86_400_000;
    await insertOrders(owner, 1203, start, 'EXP');
    await insertOrders(
      { merchantId: owner.merchantId, customerId: await neighbour.customerId },
      7,
      start,
      'NBR',
    );
    const mapleOwner = await server.context.db
      .selectFrom('customers as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select(['c.id', 'c.merchant_id'])
      .where('m.code', '=', 'maple')
      .where('c.account', '=', maple.account)
      .executeTakeFirstOrThrow();
    await insertOrders({ merchantId: mapleOwner.merchant_id, customerId: mapleOwner.id }, 5, start, 'MPL');

    const { sheet } = await exportSheet(shopper, { ExportExcelType: 'orders' });
    const numbers = rowsOf(sheet)
      .slice(1, -1)
      .map((row) => row[0] as string);
    expect(numbers).toHaveLength(1203);
    expect(numbers[0]).toBe('EXP01202');
    expect(numbers.at(-1)).toBe('EXP00000');
    expect(new Set(numbers).size).toBe(1203);
    expect(numbers.every((no) => no.startsWith('EXP'))).toBe(true);
    expect(numberIn(sheet.getRow(1205).getCell(8))).toBe((1203 * 1202 * 100) / 2 / 100 + 1203);

    const mine = await exportSheet(maple, { ExportExcelType: 'orders' });
    expect(
      rowsOf(mine.sheet)
        .slice(1, -1)
        .every((row) => !String(row[0]).startsWith('EXP') && !String(row[0]).startsWith('NBR')),
    ).toBe(true);
  });
});

describe('post_export_excel: bills, cart, addresses, order lines', () => {
  it('exports the bill of a period with its sums', async () => {
    const shopper = await customer();
    await shopper.recharge(30_000);
    const order = await shopper.placeOrder(1001);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] })).success).toBe(
      true,
    );
    const staff = await StaffClient.signIn(server, 'demo.localhost');
    const adjusted = await staff.post('/api/staff/AdjustBalance', {
      CustomerId: await shopper.customerId,
      AmountFen: -250,
      Remark: '运费补差',
    });
    expect(adjusted.success, adjusted.message).toBe(true);
    const today = chinaToday();
    const filter = { StartDate: today, EndDate: today };
    const listed = await shopper.post<BillPage>('/api/order/QueryCustomerBill', { limit: 100, ...filter });

    const { sheet, fileName } = await exportSheet(shopper, { ExportExcelType: 'bills', ...filter });
    expect(fileName).toBe(`账单_${today}至${today}.xlsx`);
    const rows = rowsOf(sheet);
    expect(rows[0]).toEqual([
      '时间',
      '类型',
      '支付方式',
      '收入',
      '支出',
      '余额变动',
      '变动后余额',
      '订单号',
      '支付单号',
      '备注',
    ]);
    expect(rows.slice(1, -1).map((row) => row[1])).toEqual(listed.data.List.map((entry) => entry.TypeName));
    expect(rows[1]).toEqual([
      new Date(Date.parse(listed.data.List[0]!.CreatedAt) + CHINA_OFFSET_MS),
      '余额调整',
      '人工调整',
      undefined,
      -2.5,
      -2.5,
      listed.data.Attach.BalanceFen / 100,
      undefined,
      undefined,
      '运费补差',
    ]);
    expect(rows[3]![2]).toBe('支付宝（模拟支付）');
    const sum = sheet.getRow(rows.length);
    expect(sum.getCell(1).value).toBe(`合计（${today}至${today}，共 3 笔）`);
    expect(numberIn(sum.getCell(4))).toBe(listed.data.Attach.IncomeFen / 100);
    expect(numberIn(sum.getCell(5))).toBe(listed.data.Attach.ExpenseFen / 100);
    expect(numberIn(sum.getCell(6))).toBe(listed.data.Attach.BalanceChangeFen / 100);
    expect(sum.getCell(6).numFmt).toBe(MONEY_FORMAT);

    const recharges = await exportSheet(shopper, { ExportExcelType: 'bills', Type: 'recharge' });
    expect(rowsOf(recharges.sheet).slice(1, -1)).toHaveLength(1);
    expect(recharges.fileName).toBe(`账单_截至${today}.xlsx`);
    expect(rowsOf(recharges.sheet).at(-1)![0]).toBe('合计（全部时间，共 1 笔）');
  });

  it('exports the cart at today’s prices, summing what can be ordered', async () => {
    const shopper = await customer();
    await shopper.addToCart(1001, { Remarks: '第一款' });
    await shopper.addToCart(1001);
    const cart = await shopper.post<CartPage>('/api/order/ShopCarOrders', { limit: 200 });
    const { sheet, fileName } = await exportSheet(shopper, { ExportExcelType: 'cart' });
    expect(fileName).toBe(`购物车_${chinaToday()}.xlsx`);
    const rows = rowsOf(sheet);
    expect(rows[0]![0]).toBe('商品');
    expect(rows).toHaveLength(1 + 2 + 1);
    expect(rows[2]!.slice(0, 8)).toEqual([
      cart.data.List[1]!.ProductTitle,
      cart.data.List[1]!.SpecText,
      cart.data.List[1]!.Quantity,
      cart.data.List[1]!.Unit,
      cart.data.List[1]!.UnitPriceFen / 100,
      cart.data.List[1]!.AmountFen / 100,
      cart.data.List[1]!.AddedAmountFen / 100,
      '是',
    ]);
    // No address or file of its own (empty cells read back as nothing), then the remark.
    expect(rows[2]!.slice(9, 12)).toEqual([undefined, undefined, '第一款']);
    expect(numberIn(sheet.getRow(4).getCell(6))).toBe(cart.data.Attach.SumAmount / 100);
  });

  it('exports the addresses, the default first', async () => {
    const shopper = await customer();
    await shopper.address();
    const second = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '李四',
      phoneNumber: '13912345678',
      citys: ['110000', '110100', '110105'],
      address: '建国路 88 号',
    });
    expect(second.success, second.message).toBe(true);
    const { sheet, fileName } = await exportSheet(shopper, { ExportExcelType: 'addresses' });
    expect(fileName).toBe(`收货地址_${chinaToday()}.xlsx`);
    const rows = rowsOf(sheet);
    expect(rows[0]).toEqual([
      '收货人',
      '联系电话',
      '省份',
      '城市',
      '区县',
      '详细地址',
      '默认地址',
      '更新时间',
    ]);
    expect(rows[1]!.slice(0, 7)).toEqual([
      '张经理',
      '13800138000',
      '广东省',
      '深圳市',
      '南山区',
      '科技园南区深南大道 9988 号',
      '是',
    ]);
    expect(rows[2]!.slice(0, 2)).toEqual(['李四', '13912345678']);
    expect(rows[3]![0]).toBe('共 2 个地址');
  });

  it('exports the lines of one of the customer’s orders with its totals, and no one else’s', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const { sheet, fileName } = await exportSheet(shopper, {
      ExportExcelType: 'order_lines',
      OrderId: order.Id,
    });
    expect(fileName).toBe(`订单明细_${order.OrderNo}.xlsx`);
    const rows = rowsOf(sheet);
    expect(rows[0]!.slice(0, 6)).toEqual(['商品', '规格', '数量', '单位', '单价', '金额']);
    const line = order.Lines[0]!;
    expect(rows[1]!.slice(0, 6)).toEqual([
      line.ProductTitle,
      line.SpecText,
      line.Quantity,
      line.Unit,
      line.UnitPriceFen / 100,
      line.AmountFen / 100,
    ]);
    expect(rows[1]![6]).toBe(line.WeightGrams / 1000);
    expect(rows.slice(2).map((row) => row[0])).toEqual([
      `商品合计（订单 ${order.OrderNo}，共 1 项）`,
      '运费',
      '优惠',
      '应付金额',
    ]);
    expect(numberIn(sheet.getRow(3).getCell(6))).toBe(order.GoodsFen / 100);
    expect(sheet.getRow(4).getCell(6).value).toBe(order.ExpressFen / 100);
    expect(sheet.getRow(6).getCell(6).value).toBe(order.TotalFen / 100);

    const other = await customer();
    const refused = await exportRaw(other, { ExportExcelType: 'order_lines', OrderId: order.Id });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({
      success: false,
      apiCode: ApiCode.OrderNotFound,
      message: '订单不存在',
    });
  });
});

describe('post_export_excel: refusals', () => {
  it('refuses bad input with a Chinese message naming the field', async () => {
    const shopper = await customer();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{}, '请指定导出类型'],
      [{ ExportExcelType: 'invoices' }, /^导出类型无效，应为 orders（订单）/],
      [{ ExportExcelType: 'order_lines' }, '导出订单明细时请指定订单编号'],
      [
        { ExportExcelType: 'orders', StartDate: '2026-11-30', EndDate: '2026-11-01' },
        '结束日期不能早于开始日期',
      ],
      [{ ExportExcelType: 'orders', StartDate: '2026-02-31' }, /开始日期/],
      [{ ExportExcelType: 'orders', Status: 7 }, /订单状态/],
      [{ ExportExcelType: 'bills', Type: 'gift' }, /账单类型/],
    ];
    for (const [body, message] of cases) {
      const reply = await exportRaw(shopper, body);
      expect(reply.statusCode).toBe(200);
      const envelope = reply.json() as { success: boolean; apiCode: number; message: string };
      expect(envelope.success, JSON.stringify(body)).toBe(false);
      expect(envelope.apiCode).toBe(ApiCode.ValidationFailed);
      expect(envelope.message).toMatch(message);
    }
  });

  it('needs a signed-in customer', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/v1/post_export_excel',
      headers: { host: 'demo.localhost' },
      payload: { bizcontent: { ExportExcelType: 'orders' } },
    });
    expect(reply.json()).toMatchObject({ success: false, apiCode: ApiCode.AppTokenInvalid });
  });

  it('is rate-limited per customer', async () => {
    const limited = await startTestServer({ RATE_LIMIT_EXPORT_PER_CUSTOMER_PER_MINUTE: 2 });
    try {
      const shopper = await Shopper.demo(limited);
      for (let i = 0; i < 2; i++) {
        expect((await exportRaw(shopper, { ExportExcelType: 'cart' })).statusCode).toBe(200);
      }
      const refused = await exportRaw(shopper, { ExportExcelType: 'cart' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ apiCode: ApiCode.RateLimited });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

/** Orders written straight into the database: `count` of them, numbered `${prefix}00000` upwards. */
async function insertOrders(
  owner: { merchantId: number; customerId: number },
  count: number,
  start: number,
  prefix: string,
): Promise<void> {
  const address = JSON.stringify({
    Contacts: '王五',
    PhoneNumber: '13800000000',
    Province: '广东省',
    City: '深圳市',
    Region: '南山区',
    Address: '科技园',
    Citys: ['440000', '440300', '440305'],
    ProvinceCode: '440000',
  });
  for (let from = 0; from < count; from += 200) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + 200); i++) {
      rows.push({
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        order_no: `${prefix}${String(i).padStart(5, '0')}`,
        status: 1,
        goods_fen: i * 100,
        express_fen: 100,
        discount_fen: 0,
        total_fen: i * 100 + 100,
        weight_grams: 10,
        coupon_id: null,
        address_id: null,
        address_json: address,
        express_company_id: null,
        payment_id: null,
        unpaid_expires_at: start + i * 1000 + 86_400_000,
        paid_at: null,
        production_started_at: null,
        shipped_at: null,
        completed_at: null,
        cancelled_at: null,
        created_at: start + i * 1000,
        updated_at: start + i * 1000,
      });
    }
    await server.context.db.insertInto('orders').values(rows).execute();
  }
}

describe('staff ExportOrders (merchant console)', () => {
  async function staffExport(staff: StaffClient, body: Record<string, unknown>) {
    return server.app.inject({
      method: 'POST',
      url: '/api/staff/ExportOrders',
      headers: { host: staff.host, ...(staff.token ? { stafftoken: staff.token } : {}) },
      payload: { bizcontent: body },
    });
  }

  it('exports every customer’s orders matching the board’s filters, each naming who ordered', async () => {
    const first = await customer();
    const second = await customer();
    const mine = await first.placeOrder(1001);
    const theirs = await second.placeOrder(1001);
    const admin = await StaffClient.signIn(server, 'demo.localhost');

    const reply = await staffExport(admin, { Status: 1 });
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    expect(reply.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    const disposition = String(reply.headers['content-disposition']);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!)).toMatch(
      /^订单_截至\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const rows = rowsOf(workbook.worksheets[0]!);
    expect(rows[0]).toEqual([ORDER_HEADERS[0], '客户', ...ORDER_HEADERS.slice(1)]);
    const byNo = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byNo.get(mine.OrderNo)?.[1]).toContain(first.account);
    expect(byNo.get(theirs.OrderNo)?.[1]).toContain(second.account);
    expect(Number(reply.headers['x-export-rows'])).toBe(rows.length - 2);

    // The board's customer search narrows it to one customer's orders.
    const narrowed = await staffExport(admin, { Customer: first.account });
    const narrowedBook = new ExcelJS.Workbook();
    await narrowedBook.xlsx.load(narrowed.rawPayload as unknown as ArrayBuffer);
    const numbers = rowsOf(narrowedBook.worksheets[0]!)
      .slice(1, -1)
      .map((row) => row[0]);
    expect(numbers).toContain(mine.OrderNo);
    expect(numbers).not.toContain(theirs.OrderNo);
  });

  it('is for 财务 and 管理员 only, on their own merchant', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    const finance = await admin.hire('export-finance', ['finance']);
    expect((await staffExport(finance, {})).statusCode).toBe(200);
    for (const role of ['review', 'production', 'shipping', 'service']) {
      const member = await admin.hire(`export-${role}`, [role]);
      expect((await staffExport(member, {})).json(), role).toMatchObject({
        success: false,
        apiCode: ApiCode.StaffForbidden,
      });
    }
    expect((await staffExport(new StaffClient(server, 'demo.localhost'), {})).json()).toMatchObject({
      apiCode: ApiCode.StaffLoginRequired,
    });
    const maple = new StaffClient(server, 'maple.localhost');
    maple.token = admin.token;
    expect((await staffExport(maple, {})).json()).toMatchObject({ apiCode: ApiCode.StaffLoginExpired });
    expect((await staffExport(admin, { StartDate: '2026-02-31' })).json()).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
    });
  });
});
