import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { CartLine, OrderDetail, Payment, QrCode, Selection } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, type Envelope, type TestServer } from '../../test/harness.ts';
import { DEMO_STAFF } from '../staff/staff.seed.ts';
import { TestUploader, randomContent } from '../uploads/uploads.test-support.ts';

/** A one-page PDF of this page size in mm (a print file with bleed: finished size + 2 × 3 mm). */
export async function makePdf(widthMm: number, heightMm: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([(widthMm * 72) / 25.4, (heightMm * 72) / 25.4]);
  return Buffer.from(await document.save());
}

/** Where the demo merchants' customers ship to: 广东省深圳市南山区. */
export const SHENZHEN = ['440000', '440300', '440305'];

/** A signed-in customer that shops through real HTTP handling. */
export class Shopper {
  private addressId: number | null = null;
  private uploader: TestUploader | null = null;

  constructor(
    readonly server: TestServer,
    readonly client: TestClient,
    readonly account: string,
    readonly password: string,
  ) {}

  static async signIn(server: TestServer, host: string, account: string, password: string): Promise<Shopper> {
    const client = new TestClient(server, host);
    await client.start();
    const login = await client.login(account, password);
    if (!login.success) throw new Error(login.message);
    return new Shopper(server, client, account, password);
  }

  static demo(server: TestServer): Promise<Shopper> {
    return Shopper.signIn(server, 'demo.localhost', DEMO_ACCOUNTS[0].account, DEMO_ACCOUNTS[0].password);
  }

  static maple(server: TestServer): Promise<Shopper> {
    return Shopper.signIn(server, 'maple.localhost', DEMO_ACCOUNTS[1].account, DEMO_ACCOUNTS[1].password);
  }

  /** A newly registered customer (each from its own IP, so SMS limits do not interfere). */
  static async register(server: TestServer, host: string, mobileNo: string, ip: string): Promise<Shopper> {
    const client = new TestClient(server, host, ip);
    await client.start();
    const registered = await client.register(mobileNo);
    if (!registered.success) throw new Error(registered.message);
    const login = await client.login(mobileNo, 'Print2026');
    if (!login.success) throw new Error(login.message);
    return new Shopper(server, client, mobileNo, 'Print2026');
  }

  get customerId(): Promise<number> {
    return this.server.context.db
      .selectFrom('customers as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select('c.id')
      .where('c.account', '=', this.account)
      .where('m.code', '=', this.client.companyCode)
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
  }

  post<T = any>(url: string, body: unknown): Promise<Envelope<T>> {
    return this.client.post<T>(url, body);
  }

  /** The suggested selection of a product, as the quote screen starts with. */
  async selection(productId: number): Promise<Selection> {
    const info = await this.post('/api/product/GetCompanyProductInfo', { ProductId: productId });
    expect(info.success, info.message).toBe(true);
    return info.data.DefaultSelection as Selection;
  }

  async addToCart(
    productId: number,
    overrides: Partial<Selection> & Record<string, unknown> = {},
  ): Promise<CartLine> {
    const selection = await this.selection(productId);
    const added = await this.post<CartLine>('/api/order/addorderitem', {
      ProductId: productId,
      ...selection,
      ...overrides,
    });
    expect(added.success, added.message).toBe(true);
    return added.data;
  }

  /** One delivery address in 深圳市南山区 (created once). */
  async address(): Promise<number> {
    if (this.addressId !== null) return this.addressId;
    const added = await this.post('/api/cust/AddDeliverGoodsAddress', {
      contacts: '张经理',
      phoneNumber: '13800138000',
      citys: SHENZHEN,
      address: '科技园南区深南大道 9988 号',
    });
    expect(added.success, added.message).toBe(true);
    this.addressId = added.data.Id as number;
    return this.addressId;
  }

  /** The merchant's default express company. */
  async expressId(): Promise<number> {
    const list = await this.post('/api/v2/s2b.expressinfo.all.post', {});
    expect(list.success, list.message).toBe(true);
    const companies = list.data as { Id: number; IsDefault: boolean; IsSelfPickup: boolean }[];
    return (companies.find((company) => company.IsDefault) ?? companies[0]!).Id;
  }

  /** addorder for cart lines with this customer's address and the default express company. */
  async checkout(cartIds: number[], extra: Record<string, unknown> = {}): Promise<Envelope<OrderDetail>> {
    return this.post<OrderDetail>('/api/order/addorder', {
      CartIds: cartIds,
      AddressId: await this.address(),
      ExpressCompanyId: await this.expressId(),
      ...extra,
    });
  }

  /** A placed order of one product (商务名片 on demo, 文件打印 on maple by default). */
  async placeOrder(productId?: number, extra: Record<string, unknown> = {}): Promise<OrderDetail> {
    const product = productId ?? (this.client.companyCode === 'maple' ? 9101 : 1001);
    const line = await this.addToCart(product);
    const placed = await this.checkout([line.Id], extra);
    expect(placed.success, placed.message).toBe(true);
    return placed.data;
  }

  /** Uploads a print file through the chunk protocol; returns its id. */
  async uploadArtwork(name = '名片.pdf', content: Buffer = randomContent(2048)): Promise<number> {
    this.uploader ??= new TestUploader(this.server, this.client);
    const uploaded = await this.uploader.upload(content, name);
    expect(uploaded.success, uploaded.message).toBe(true);
    return uploaded.data.File.Id as number;
  }

  async balance(): Promise<number> {
    const bill = await this.post('/api/order/QueryCustomerBill', { pageindex: 1, limit: 1 });
    expect(bill.success, bill.message).toBe(true);
    return bill.data.Attach.BalanceFen as number;
  }

  async createPayment(orderIds: number[]): Promise<Payment> {
    const payment = await this.post<Payment>('/api/v1/post_service_order_pay', { OrderIds: orderIds });
    expect(payment.success, payment.message).toBe(true);
    return payment.data;
  }

  async qrCode(paymentNo: string, payType: 'wechat' | 'alipay' = 'wechat'): Promise<QrCode> {
    const qr = await this.post<QrCode>('/api/payment/getqrcode', { PaymentNo: paymentNo, PayType: payType });
    expect(qr.success, qr.message).toBe(true);
    return qr.data;
  }

  /** Tops the balance up by QR code through the simulator. */
  async recharge(amountFen: number): Promise<void> {
    const qr = await this.post<QrCode>('/api/cust/Recharge', { AmountFen: amountFen, PayType: 'alipay' });
    expect(qr.success, qr.message).toBe(true);
    const page = await payBySimulator(this.server, qr.data.CodeUrl, 'confirm');
    expect(page).toContain('支付成功');
  }
}

/**
 * New customers of the demo merchant, one per call: mobiles counted up from `firstMobile`, each
 * registered from its own IP in `${net}.x.y` (so SMS limits do not interfere), with `balanceFen`
 * recharged when given. `server` is read at each call (test files start theirs in beforeAll).
 */
export function demoCustomers(
  server: () => TestServer,
  firstMobile: number,
  net: string,
): (balanceFen?: number) => Promise<Shopper> {
  let nextMobile = firstMobile;
  return async (balanceFen = 0) => {
    const mobile = String(nextMobile++);
    const shopper = await Shopper.register(
      server(),
      'demo.localhost',
      mobile,
      `${net}.${Math.floor(nextMobile / 250) % 250}.${nextMobile % 250}`,
    );
    if (balanceFen > 0) await shopper.recharge(balanceFen);
    return shopper;
  };
}

/**
 * Opens the simulator's page from a QR code's URL and presses a button, as a payer's phone would.
 * Returns the result page's HTML.
 */
export async function payBySimulator(
  server: TestServer,
  codeUrl: string,
  action: 'confirm' | 'cancel',
): Promise<string> {
  const url = new URL(codeUrl);
  const shown = await server.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { host: url.host },
  });
  expect(shown.statusCode).toBe(200);
  const form = new URLSearchParams({
    method: url.searchParams.get('method') ?? '',
    expires: url.searchParams.get('expires') ?? '',
    sign: url.searchParams.get('sign') ?? '',
    action,
  });
  const result = await server.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(result.statusCode).toBe(200);
  return result.body;
}

/** A staff member of a merchant's back office. */
export class StaffClient {
  token = '';

  constructor(
    readonly server: TestServer,
    readonly host: string,
  ) {}

  static async signIn(
    server: TestServer,
    host: string,
    account?: string,
    password?: string,
  ): Promise<StaffClient> {
    const staff = new StaffClient(server, host);
    const demo = DEMO_STAFF.find((entry) => host.startsWith(`${entry.merchant}.`)) ?? DEMO_STAFF[0];
    const login = await staff.post('/api/staff/Login', {
      Account: account ?? demo.account,
      Password: password ?? demo.password,
    });
    if (!login.success) throw new Error(login.message);
    staff.token = login.data.StaffToken;
    return staff;
  }

  async post<T = any>(url: string, bizcontent: unknown): Promise<Envelope<T>> {
    const response = await this.server.app.inject({
      method: 'POST',
      url,
      headers: { host: this.host, ...(this.token ? { stafftoken: this.token } : {}) },
      payload: { bizcontent },
    });
    return response.json();
  }

  /** Creates another staff account with these roles and signs it in. */
  async hire(account: string, roles: string[]): Promise<StaffClient> {
    const saved = await this.post('/api/staff/SaveStaff', {
      Account: account,
      Name: account,
      Password: 'Staff2026ok',
      Roles: roles,
    });
    if (!saved.success) throw new Error(saved.message);
    return StaffClient.signIn(this.server, this.host, account, 'Staff2026ok');
  }
}

/** Every money table's invariants: balances equal their ledgers; nothing paid twice. */
export async function auditMoney(server: TestServer): Promise<void> {
  const db = server.context.db;
  const balances = await db.selectFrom('customer_balances').selectAll().execute();
  for (const balance of balances) {
    expect(balance.balance_fen).toBeGreaterThanOrEqual(0);
    const ledger = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('balance_change_fen').as('sum'))
      .where('customer_id', '=', balance.customer_id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum ?? 0), `customer ${balance.customer_id}`).toBe(balance.balance_fen);
  }
  const applied = await db
    .selectFrom('payment_orders')
    .select(['order_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('outcome', '=', 'applied')
    .groupBy('order_id')
    .execute();
  for (const row of applied) expect(Number(row.count), `order ${row.order_id} paid twice`).toBe(1);
}
