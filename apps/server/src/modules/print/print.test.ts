import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SHENZHEN, Shopper, StaffClient, demoCustomers, makePdf } from '../orders/orders.test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700008000, '198.23');

const SCRIPT_REMARK = '<script>alert("备注")</script>';
const SCRIPT_STREET = '科技园<img src=x onerror=alert(1)>南路 "1" 号';

function print(shopper: Shopper, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return shopper.client.request({
    method: 'POST',
    url: '/api/v1/post_print_html',
    payload: { bizcontent: body },
  });
}

/** The page of a print that succeeded, checked to be HTML under the strict policy. */
async function page(shopper: Shopper, body: Record<string, unknown>): Promise<string> {
  const reply = await print(shopper, body);
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(reply.headers['cache-control']).toBe('no-store');
  const policy = String(reply.headers['content-security-policy']);
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('script-src');
  return reply.body;
}

/** An order whose remark and delivery street carry markup, with a PDF as its artwork. */
async function placeOrderWithMarkup(shopper: Shopper) {
  const address = await shopper.post('/api/cust/AddDeliverGoodsAddress', {
    contacts: '<b>张</b>',
    phoneNumber: '13800138000',
    citys: SHENZHEN,
    address: SCRIPT_STREET,
  });
  expect(address.success, address.message).toBe(true);
  const line = await shopper.addToCart(1001, { Remarks: '行备注 <i>x</i>' });
  const fileId = await shopper.uploadArtwork("名片'A'&B.pdf", await makePdf(94, 58));
  const placed = await shopper.checkout([line.Id], {
    AddressId: address.data.Id,
    Remarks: SCRIPT_REMARK,
    Files: [{ CartId: line.Id, FileIds: [fileId] }],
  });
  expect(placed.success, placed.message).toBe(true);
  return placed.data;
}

describe('post_print_html: orders', () => {
  it('prints an order sheet with thumbnails, choices, price lines and totals, every text escaped', async () => {
    const shopper = await customer();
    const order = await placeOrderWithMarkup(shopper);
    const html = await page(shopper, { PrintType: 'order', OrderIds: [order.Id] });

    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;');
    expect(html).toContain('<strong>墨砚快印');
    expect(html).toContain(order.OrderNo);
    expect(html).toContain(order.Lines[0]!.SpecText);
    expect(html).toContain(order.Lines[0]!.PriceLines[0]!.Label);
    expect(html).toContain('应付金额');
    expect(html).toContain(`¥${(order.TotalFen / 100).toFixed(2)}`);
    expect(html).toContain('@page { size: A4;');
    // The QR code of the order number, drawn as inline SVG.
    expect(html).toMatch(new RegExp(`<svg\\s[^>]*aria-label="${order.OrderNo}"`));
    // The artwork's thumbnail through its signed link, and its name escaped.
    expect(html).toMatch(
      /<img src="\/api\/thumbnails\/\d+\?expires=\d+&amp;sign=[^"]+&amp;scope=order" alt="名片&#39;A&#39;&amp;B.pdf"\s*\/>/,
    );

    // Markup from the customer is text.
    expect(html).toContain('&lt;script&gt;alert(&quot;备注&quot;)&lt;/script&gt;');
    expect(html).toContain('科技园&lt;img src=x onerror=alert(1)&gt;南路 &quot;1&quot; 号');
    expect(html).toContain('&lt;b&gt;张&lt;/b&gt;');
    expect(html).toContain('行备注 &lt;i&gt;x&lt;/i&gt;');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>张');
  });

  it('prints several orders, each on a page of its own, and a delivery note without prices', async () => {
    const shopper = await customer();
    const first = await shopper.placeOrder(1001);
    const second = await placeOrderWithMarkup(shopper);
    const html = await page(shopper, { PrintType: 'order', OrderIds: [first.Id, second.Id, first.Id] });
    expect(html.match(/<section class="sheet">/g)).toHaveLength(2);
    expect(html).toContain('.sheet + .sheet { break-before: page;');
    expect(html.indexOf(first.OrderNo)).toBeLessThan(html.indexOf(second.OrderNo));

    const note = await page(shopper, { PrintType: 'delivery_note', OrderIds: [second.Id] });
    expect(note).toContain('送货单');
    expect(note).toContain('收货人签字');
    expect(note).toContain('名片&#39;A&#39;&amp;B.pdf');
    expect(note).toContain('科技园&lt;img src=x onerror=alert(1)&gt;南路');
    expect(note).not.toContain('¥');
    expect(note).not.toMatch(/<script/i);
  });

  it('refuses another customer’s order, of this merchant or another, as not found', async () => {
    const owner = await customer();
    const order = await owner.placeOrder(1001);
    const neighbour = await customer();
    const refused = await print(neighbour, { PrintType: 'order', OrderIds: [order.Id] });
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json()).toMatchObject({ success: false, apiCode: ApiCode.OrderNotFound });
    const mixed = await print(neighbour, {
      PrintType: 'delivery_note',
      OrderIds: [(await neighbour.placeOrder(1001)).Id, order.Id],
    });
    expect(mixed.json()).toMatchObject({ success: false, apiCode: ApiCode.OrderNotFound });
    const maple = await Shopper.maple(server);
    expect((await print(maple, { PrintType: 'order', OrderIds: [order.Id] })).json()).toMatchObject({
      apiCode: ApiCode.OrderNotFound,
    });
  });

  it('asks for what to print in Chinese', async () => {
    const shopper = await customer();
    const noOrders = (await print(shopper, { PrintType: 'order' })).json();
    expect(noOrders).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(noOrders.message).toContain('请选择要打印的订单');
    expect((await print(shopper, { PrintType: 'label' })).json().message).toContain('打印类型无效');
    const backwards = await print(shopper, {
      PrintType: 'bill_statement',
      StartDate: '2026-11-02',
      EndDate: '2026-11-01',
    });
    expect(backwards.json().message).toContain('结束日期不能早于开始日期');
  });
});

describe('post_print_html: bill statement', () => {
  it('prints the period’s lines oldest first with totals and balances, only the customer’s own', async () => {
    const shopper = await customer(50_000);
    server.clock.advance(60_000);
    const order = await shopper.placeOrder(1001, { Remarks: SCRIPT_REMARK });
    const paid = await shopper.post('/api/payment/BalancePaymannet', {
      PaymentNo: (await shopper.createPayment([order.Id])).PaymentNo,
    });
    expect(paid.success, paid.message).toBe(true);
    const other = await customer(12_300);
    expect(other).toBeDefined();

    const html = await page(shopper, { PrintType: 'bill_statement' });
    expect(html).toContain('对账单');
    expect(html).toContain(shopper.account);
    expect(html).toContain('<td>余额充值</td>');
    expect(html.indexOf('<td>余额充值</td>')).toBeLessThan(html.indexOf(order.OrderNo));
    expect(html).toContain('期初余额');
    expect(html).toContain('<td class="num">¥0.00</td>');
    expect(html).toContain(`¥${((50_000 - order.TotalFen) / 100).toFixed(2)}`);
    expect(html).not.toContain('¥123.00');
    expect(html).not.toMatch(/<script/i);

    const narrowed = await page(shopper, { PrintType: 'bill_statement', Type: 'recharge' });
    expect(narrowed).not.toContain(order.OrderNo);
    expect(narrowed).not.toContain('期初余额');
  });
});

describe('post_print_html: abuse limit', () => {
  it('lets one customer ask for as many pages a minute as the document limit allows, however many at once', async () => {
    const limited = await startTestServer({ RATE_LIMIT_DOCUMENT_PER_CUSTOMER_PER_MINUTE: 3 });
    try {
      const shopper = await Shopper.demo(limited);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => print(shopper, { PrintType: 'order', OrderIds: [999_999] })),
      );
      const refused = replies.filter((reply) => reply.statusCode === 429);
      // Three reach the call (the order is not theirs: not found); the rest are refused.
      expect(replies.length - refused.length).toBe(3);
      expect(refused[0]?.json()).toMatchObject({ apiCode: ApiCode.RateLimited });
      expect(refused[0]?.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

/** A staff print of the merchant console (POST /api/staff/PrintOrders). */
function staffPrint(staff: StaffClient, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/api/staff/PrintOrders',
    headers: { host: staff.host, ...(staff.token ? { stafftoken: staff.token } : {}) },
    payload: { bizcontent: body },
  });
}

describe('staff PrintOrders (merchant console)', () => {
  it('prints any customer’s orders of the merchant as order sheets or delivery notes, for any role', async () => {
    const first = await (await customer()).placeOrder(1001);
    const second = await placeOrderWithMarkup(await customer());
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    const reply = await staffPrint(admin, { PrintType: 'order', OrderIds: [first.Id, second.Id] });
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(reply.body.match(/<section class="sheet">/g)).toHaveLength(2);
    expect(reply.body).toContain(first.OrderNo);
    expect(reply.body).toContain(second.OrderNo);
    expect(reply.body).toContain(`¥${(second.TotalFen / 100).toFixed(2)}`);
    expect(reply.body).toContain('&lt;script&gt;alert(&quot;备注&quot;)&lt;/script&gt;');
    expect(reply.body).not.toMatch(/<script/i);

    // Every role may print; a delivery note has no prices.
    for (const roles of [['production'], ['service']]) {
      const member = await admin.hire(`print-${roles[0]}`, roles);
      const note = await staffPrint(member, { PrintType: 'delivery_note', OrderIds: [second.Id] });
      expect(note.statusCode, note.body.slice(0, 300)).toBe(200);
      expect(note.body).toContain('送货单');
      expect(note.body).toContain('收货人签字');
      expect(note.body).not.toContain('¥');
    }
  });

  it('refuses a visitor, another merchant’s staff and a bad body with the envelope', async () => {
    const order = await (await customer()).placeOrder(1001);
    const anonymous = await staffPrint(new StaffClient(server, 'demo.localhost'), {
      PrintType: 'order',
      OrderIds: [order.Id],
    });
    expect(anonymous.json()).toMatchObject({ success: false, apiCode: ApiCode.StaffLoginRequired });

    const maple = await StaffClient.signIn(server, 'maple.localhost');
    const across = await staffPrint(maple, { PrintType: 'order', OrderIds: [order.Id] });
    expect(across.json()).toMatchObject({ success: false, apiCode: ApiCode.OrderNotFound });

    const admin = await StaffClient.signIn(server, 'demo.localhost');
    const none = await staffPrint(admin, { PrintType: 'order', OrderIds: [] });
    expect(none.json()).toMatchObject({ success: false, message: '请选择要打印的订单' });
    const statement = await staffPrint(admin, { PrintType: 'bill_statement', OrderIds: [order.Id] });
    expect(statement.json().message).toContain('打印类型无效');
  });
});
