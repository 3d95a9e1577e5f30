/**
 * Input hygiene (packages/contracts/src/text-rules.ts): invisible characters in names, contacts,
 * addresses and notes, Windows device names in file names, impossible dates, repeated technology
 * ids and over-long order remarks are refused with a Chinese message that names the field and
 * what is wrong — never a 500 — and nothing stored changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrderDetail } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../test/harness.ts';
import { SHENZHEN, type Shopper, StaffClient, demoCustomers } from '../modules/orders/orders.test-support.ts';
import { TestUploader, chunkFields, randomContent } from '../modules/uploads/uploads.test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700009000, '198.30');

/** A refusal of the envelope's validation code with exactly this message. */
function refused(message: string) {
  return { success: false, apiCode: ApiCode.ValidationFailed, message };
}

describe('names, contacts and addresses', () => {
  const address = { phoneNumber: '13800138000', citys: SHENZHEN, address: '科技园南区深南大道 9988 号' };

  it.each([
    [
      'a bidi override in the contact',
      { contacts: '张\u202e理经' },
      '联系人包含不可见的文字方向控制符（U+202E），请删除后重试',
    ],
    [
      'a bidi isolate in the contact',
      { contacts: '\u2066张经理' },
      '联系人包含不可见的文字方向控制符（U+2066），请删除后重试',
    ],
    [
      'a zero-width space in the address',
      { address: '深南大道\u200b9988 号' },
      '详细地址包含不可见的零宽字符（U+200B），请删除后重试',
    ],
    [
      'a zero-width joiner in the contact',
      { contacts: '张\u200d经理' },
      '联系人包含不可见的零宽字符（U+200D），请删除后重试',
    ],
    ['a tab inside the contact', { contacts: '张\t经理' }, '联系人包含控制字符（U+0009）'],
    ['a line break inside the address', { address: '深南大道\n9988 号' }, '详细地址不能换行'],
  ])('refuses %s and stores no address', async (_case, change, message) => {
    const shopper = await customer();
    const added = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '张经理',
      ...address,
      ...change,
    });
    expect(added).toMatchObject(refused(message));
    const list = await shopper.post('/api/cust/QueryDeliverGoodsAddress', {});
    expect(list.data.TotalCount).toBe(0);
  });

  it('refuses an invisible character when an address is changed, keeping the stored one', async () => {
    const shopper = await customer();
    const id = await shopper.address();
    const changed = await shopper.post('/api/cust/UpdateDeliverGoodsAddress', {
      Id: id,
      contacts: '李\u202e四',
      ...address,
    });
    expect(changed).toMatchObject(refused('联系人包含不可见的文字方向控制符（U+202E），请删除后重试'));
    const list = await shopper.post('/api/cust/QueryDeliverGoodsAddress', {});
    expect(list.data.List[0].contacts).toBe('张经理');
  });

  it('refuses a customer name with a zero-width character and registers no one', async () => {
    const client = new TestClient(server, 'demo.localhost', '198.31.0.1');
    await client.start();
    const mobile = '13700009900';
    const registered = await client.register(mobile, 'Print2026', '王\u200b老板');
    expect(registered).toMatchObject(refused('昵称包含不可见的零宽字符（U+200B），请删除后重试'));
    const row = await server.context.db
      .selectFrom('customers')
      .select('id')
      .where('account', '=', mobile)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('accepts names in any script without invisible characters', async () => {
    const shopper = await customer();
    const added = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: 'Zoë 欧阳',
      ...address,
      address: 'مكتب 3 · 深南大道 9988 号',
    });
    expect(added.success, added.message).toBe(true);
  });
});

describe('file names', () => {
  let uploader: TestUploader;
  beforeAll(async () => {
    uploader = await TestUploader.newDemoCustomer(server, '13700009901', '198.31.0.2');
  });
  const content = randomContent(1024);

  it.each([
    ['CON.pdf', '文件名不能是 Windows 的设备保留名（CON），请重命名'],
    ['nul.tar.pdf', '文件名不能是 Windows 的设备保留名（NUL），请重命名'],
    ['Lpt1 .pdf', '文件名不能是 Windows 的设备保留名（LPT1），请重命名'],
    ['com9.PDF', '文件名不能是 Windows 的设备保留名（COM9），请重命名'],
    ['invoice\u202efdp.exe', '文件名包含不可见的文字方向控制符（U+202E），请删除后重试'],
    ['名片\u200b.pdf', '文件名包含不可见的零宽字符（U+200B），请删除后重试'],
    ['名片.pdf.', '文件名不能以点（.）结尾'],
  ])('refuses %j with the reason and stores nothing', async (name, message) => {
    const checked = await uploader.check(chunkFields(content, name, 1));
    expect(checked).toMatchObject({ success: false, apiCode: ApiCode.UploadFileNameInvalid, message });
    const posted = await uploader.postChunk(content, name, 1);
    expect(posted).toMatchObject({ success: false, apiCode: ApiCode.UploadFileNameInvalid, message });
    const files = await uploader.get('/api/v1/get_service_files');
    expect(files.data.TotalCount).toBe(0);
  });

  it('takes names that only look like device names', async () => {
    for (const name of ['console.pdf', 'CON-2026.pdf', 'com10.pdf', '名片 CON.pdf', 'AUXILIARY.pdf']) {
      const checked = await uploader.check(chunkFields(randomContent(512), name, 1));
      expect(checked.success, `${name}: ${checked.message}`).toBe(true);
      expect(checked.data.SkipUpload).toBe(false);
    }
  });
});

describe('dates of the list filters', () => {
  it.each([
    ['/api/order/QueryOrders', { StartDate: '2026-02-31' }, '开始日期不存在：2026-02-31 不是日历上的日期'],
    ['/api/order/QueryOrders', { EndDate: '2026-04-31' }, '结束日期不存在：2026-04-31 不是日历上的日期'],
    ['/api/order/QueryOrders', { StartDate: '2026-2-1' }, '开始日期格式应为 YYYY-MM-DD'],
    [
      '/api/order/QueryCustomerBill',
      { EndDate: '2027-02-29' },
      '结束日期不存在：2027-02-29 不是日历上的日期',
    ],
    [
      '/api/order/QueryCustomerBill',
      { StartDate: '2100-02-29' },
      '开始日期不存在：2100-02-29 不是日历上的日期',
    ],
    [
      '/api/order/QueryCustomerBill',
      { StartDate: '0099-01-01' },
      '开始日期不存在：0099-01-01 不是日历上的日期',
    ],
  ])('%s refuses %j', async (url, filter, message) => {
    const shopper = await customer();
    expect(await shopper.post(url, filter)).toMatchObject(refused(message));
  });

  it('takes the days that exist, 29 February of a leap year included', async () => {
    const shopper = await customer();
    for (const url of ['/api/order/QueryOrders', '/api/order/QueryCustomerBill']) {
      const listed = await shopper.post(url, { StartDate: '2028-02-29', EndDate: '2000-02-29' });
      expect(listed.success, listed.message).toBe(true);
    }
  });

  it('refuses an impossible date in the back office too', async () => {
    const staff = await StaffClient.signIn(server, 'demo.localhost');
    expect(await staff.post('/api/staff/QueryOrders', { StartDate: '2026-06-31' })).toMatchObject(
      refused('开始日期不存在：2026-06-31 不是日历上的日期'),
    );
  });
});

describe('technology ids', () => {
  it('refuses a repeated technology in a price, a SKU code and a cart line', async () => {
    const shopper = await customer();
    const selection = await shopper.selection(1001);
    const body = { ProductId: 1001, ...selection, TechnologyIds: ['lm', 'yj', 'lm'] };
    for (const url of [
      '/api/product/CalculationProductPriceToOffer',
      '/api/product/CalculationProductPriceToFixed',
      '/api/product/getcommonproductskucodebindrule',
      '/api/public/pro-cal',
      '/api/order/addorderitem',
    ]) {
      expect(await shopper.post(url, body), url).toMatchObject(refused('工艺编号不能重复（lm）'));
    }
    const cart = await shopper.post('/api/order/TotalShopCarOrders', {});
    expect(cart.data.TotalCount).toBe(0);
  });
});

describe('remarks', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await customer();
  });

  async function remarksOf(orderId: number): Promise<string> {
    const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: orderId });
    return detail.data.Remarks;
  }

  it('refuses one addition over 500 characters, naming the limit', async () => {
    const order = await shopper.placeOrder();
    const appended = await shopper.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Remarks: '印'.repeat(501),
    });
    expect(appended).toMatchObject(refused('追加的备注一次最多 500 个字'));
    expect(await remarksOf(order.Id)).toBe('');
  });

  it('refuses an addition that would take the remarks past 2000 characters, and never cuts them', async () => {
    const order = await shopper.placeOrder(undefined, { Remarks: '甲'.repeat(500) });
    for (const fill of ['乙', '丙']) {
      const appended = await shopper.post('/api/order/AppendOrderInfo', {
        OrderId: order.Id,
        Remarks: fill.repeat(500),
      });
      expect(appended.success, appended.message).toBe(true);
    }
    // 3 × 500 characters and 2 line breaks: 1502 used, 498 left for a line break and the text.
    const before = await remarksOf(order.Id);
    expect([...before].length).toBe(1502);
    const over = await shopper.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Remarks: '丁'.repeat(498),
    });
    expect(over).toMatchObject(refused('订单备注合计最多 2000 个字，本次最多还能追加 497 个字'));
    expect(await remarksOf(order.Id)).toBe(before);
    const exact = await shopper.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Remarks: '丁'.repeat(497),
    });
    expect(exact.success, exact.message).toBe(true);
    expect(exact.data.Remarks).toBe(`${before}\n${'丁'.repeat(497)}`);
    expect([...exact.data.Remarks].length).toBe(2000);
    const full = await shopper.post('/api/order/AppendOrderInfo', { OrderId: order.Id, Remarks: '戊' });
    expect(full).toMatchObject(refused('订单备注合计最多 2000 个字，已经写满，不能再追加'));
    expect(await remarksOf(order.Id)).toBe(exact.data.Remarks);
  });

  it('counts characters, not UTF-16 units, as the database does', async () => {
    const order = await shopper.placeOrder(undefined, { Remarks: '🖨'.repeat(500) });
    for (let i = 0; i < 2; i++) {
      const appended = await shopper.post('/api/order/AppendOrderInfo', {
        OrderId: order.Id,
        Remarks: '🖨'.repeat(250),
      });
      expect(appended.success, appended.message).toBe(true);
    }
    expect([...(await remarksOf(order.Id))].length).toBe(1002);
  });

  it('keeps line breaks in remarks but refuses invisible characters, storing nothing', async () => {
    const order = await shopper.placeOrder();
    const multiline = await shopper.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Remarks: '第一行\n第二行',
    });
    expect(multiline.success, multiline.message).toBe(true);
    const bidi = await shopper.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Remarks: '加急\u202e',
    });
    expect(bidi).toMatchObject(refused('追加的备注包含不可见的文字方向控制符（U+202E），请删除后重试'));
    expect(await remarksOf(order.Id)).toBe('第一行\n第二行');
  });

  it('refuses an order remark with an invisible character and places no order', async () => {
    const line = await shopper.addToCart(1001);
    const placed = await shopper.checkout([line.Id], { Remarks: '请\u200b加急' });
    expect(placed).toMatchObject(refused('订单备注包含不可见的零宽字符（U+200B），请删除后重试'));
    const cart = await shopper.post('/api/order/ShopCarOrders', {});
    expect(cart.data.List.map((item: { Id: number }) => item.Id)).toContain(line.Id);
  });

  it('refuses a cancel reason with a bidi control, leaving the order unpaid', async () => {
    const order = await shopper.placeOrder();
    const staff = await StaffClient.signIn(server, 'demo.localhost');
    const cancelled = await staff.post('/api/staff/CancelOrder', { OrderId: order.Id, Reason: '缺纸\u2067' });
    expect(cancelled).toMatchObject(refused('取消原因包含不可见的文字方向控制符（U+2067），请删除后重试'));
    const own = await shopper.post('/api/order/CustomerCancelOrder', {
      OrderId: order.Id,
      Reason: '\u200f不要了',
    });
    expect(own).toMatchObject(refused('取消原因包含不可见的文字方向控制符（U+200F），请删除后重试'));
    const status = await shopper.post('/api/order/GetOrderStatus', { OrderId: order.Id });
    expect(status.data.Status).toBe(1);
  });
});
