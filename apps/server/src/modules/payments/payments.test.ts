import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type Payment, type PaymentNotifyBody } from '@inkstone/contracts';
import { startTestServer, type Envelope, type TestServer } from '../../test/harness.ts';
import { Shopper, auditMoney, demoCustomers, payBySimulator } from '../orders/orders.test-support.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';

let server: TestServer;
let gateway: SimulatorGateway;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_QR_TTL_SECONDS: 300, PAYMENT_EXPIRE_MINUTES: 120 });
  gateway = new SimulatorGateway(server.context.signingSecret);
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700003000, '198.19');

/** Everything a payment can change, to compare before and after a refused request. */
async function moneySnapshot() {
  const db = server.context.db;
  return {
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    paymentOrders: await db
      .selectFrom('payment_orders')
      .selectAll()
      .orderBy('payment_id')
      .orderBy('order_id')
      .execute(),
    orders: await db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_id', 'pay_method', 'paid_at'])
      .orderBy('id')
      .execute(),
    ledger: await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
    balances: await db.selectFrom('customer_balances').selectAll().orderBy('customer_id').execute(),
    events: await db.selectFrom('order_events').select('id').orderBy('id').execute(),
  };
}

function notify(body: unknown, provider = 'simulator'): Promise<Envelope> {
  return server.app
    .inject({
      method: 'POST',
      url: `/api/payment/notify/${provider}`,
      headers: { host: 'demo.localhost' },
      payload: body as object,
    })
    .then((response) => response.json());
}

function signedNotice(
  payment: { PaymentNo: string; AmountFen: number },
  status: 'SUCCESS' | 'CLOSED' = 'SUCCESS',
): PaymentNotifyBody {
  return gateway.buildNotification({
    paymentNo: payment.PaymentNo,
    amountFen: payment.AmountFen,
    payType: 'wechat',
    status,
    now: server.clock.now(),
  });
}

describe('post_service_order_pay', () => {
  it('creates one payment for the total of several unpaid orders', async () => {
    const shopper = await customer(3000);
    const first = await shopper.placeOrder(1001);
    const second = await shopper.placeOrder(2001);
    const payment = await shopper.createPayment([first.Id, second.Id, first.Id]);
    expect(payment).toMatchObject({
      Purpose: 'orders',
      Status: 'pending',
      StatusName: '待支付',
      AmountFen: first.TotalFen + second.TotalFen,
      BalanceFen: 3000,
      Methods: ['balance', 'wechat', 'alipay'],
      PayMethod: '',
    });
    expect(payment.PaymentNo).toMatch(/^P\d{24}$/);
    expect(payment.Orders.map((order) => [order.OrderId, order.StatusName])).toEqual([
      [first.Id, '待付款'],
      [second.Id, '待付款'],
    ]);
  });

  it('refuses orders that are not unpaid or not the customer’s, creating nothing', async () => {
    const shopper = await customer(100_000);
    const other = await customer();
    const mine = await shopper.placeOrder(1001);
    const theirs = await other.placeOrder(1001);
    const before = await moneySnapshot();
    expect(
      (await shopper.post('/api/v1/post_service_order_pay', { OrderIds: [mine.Id, theirs.Id] })).apiCode,
    ).toBe(ApiCode.OrderNotFound);
    expect((await shopper.post('/api/v1/post_service_order_pay', { OrderIds: [] })).apiCode).toBe(
      ApiCode.ValidationFailed,
    );
    expect(await moneySnapshot()).toEqual(before);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [mine.Id] })).success).toBe(true);
    const paidAgain = await shopper.post('/api/v1/post_service_order_pay', { OrderIds: [mine.Id] });
    expect(paidAgain).toMatchObject({ success: false, apiCode: ApiCode.OrderNotPayable });
    expect(paidAgain.message).toContain(mine.OrderNo);
  });
});

describe('BalancePaymannet', () => {
  it('deducts, writes the ledger and moves the orders in one go', async () => {
    const shopper = await customer(50_000);
    const first = await shopper.placeOrder(1001);
    const second = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([first.Id, second.Id]);
    const paid = await shopper.post<Payment>('/api/payment/BalancePaymannet', {
      PaymentNo: payment.PaymentNo,
    });
    expect(paid).toMatchObject({ success: true, message: '支付成功' });
    expect(paid.data).toMatchObject({
      Status: 'paid',
      PayMethod: 'balance',
      PayMethodName: '余额支付',
      BalanceFen: 50_000 - payment.AmountFen,
      Methods: [],
    });
    expect(paid.data.Orders.map((order) => order.StatusName)).toEqual(['待审稿', '待审稿']);
    const bill = await shopper.post('/api/order/QueryCustomerBill', { Type: 'payment' });
    expect(bill.data.List).toMatchObject([
      {
        AmountFen: -payment.AmountFen,
        BalanceChangeFen: -payment.AmountFen,
        BalanceAfterFen: 50_000 - payment.AmountFen,
        PaymentNo: payment.PaymentNo,
        OrderNos: [first.OrderNo, second.OrderNo],
      },
    ]);
    const again = await shopper.post('/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo });
    expect(again.apiCode).toBe(ApiCode.PaymentAlreadyPaid);
  });

  it('changes nothing when the balance is short', async () => {
    const shopper = await customer(100);
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const before = await moneySnapshot();
    const refused = await shopper.post('/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.InsufficientBalance });
    const byOrders = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] });
    expect(byOrders.apiCode).toBe(ApiCode.InsufficientBalance);
    expect(await moneySnapshot()).toEqual(before);
  });

  it('cannot be overdrawn by parallel payments', async () => {
    const probe = await customer();
    const total = (await probe.placeOrder(1001)).TotalFen;
    const shopper = await customer(total * 3 + total - 1);
    const orders = await Promise.all(Array.from({ length: 10 }, () => shopper.placeOrder(1001)));
    const replies = await Promise.all(
      orders.map((order) => shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] })),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(3);
    for (const reply of replies.filter((item) => !item.success))
      expect(reply.apiCode).toBe(ApiCode.InsufficientBalance);
    expect(await shopper.balance()).toBe(total - 1);
    await auditMoney(server);
  });

  it('pays an order once, however many payments race for it', async () => {
    const shopper = await customer(100_000);
    const order = await shopper.placeOrder(1001);
    const payments = await Promise.all(Array.from({ length: 5 }, () => shopper.createPayment([order.Id])));
    const replies = await Promise.all(
      payments.map((payment) =>
        shopper.post('/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo }),
      ),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    for (const reply of replies.filter((item) => !item.success))
      expect(reply.apiCode).toBe(ApiCode.OrderNotPayable);
    expect(await shopper.balance()).toBe(100_000 - order.TotalFen);
    await auditMoney(server);
  });

  it('is the customer’s own: another merchant’s customer cannot see or pay it', async () => {
    const shopper = await customer(100_000);
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    const maple = await Shopper.maple(server);
    for (const [url, body] of [
      ['/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo }],
      ['/api/payment/getqrcode', { PaymentNo: payment.PaymentNo, PayType: 'wechat' }],
      ['/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo }],
    ] as const) {
      expect((await maple.post(url, body)).apiCode, url).toBe(ApiCode.PaymentNotFound);
    }
  });
});

describe('QR payment through the simulator', () => {
  it('shows a PNG QR code that opens the simulator page, and pays on 确认支付', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const qr = await shopper.qrCode(payment.PaymentNo, 'alipay');
    expect(qr).toMatchObject({
      PayType: 'alipay',
      PayTypeName: '支付宝',
      AmountFen: order.TotalFen,
      ExpiresInSeconds: 300,
    });
    expect(qr.QrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(qr.CodeUrl).toMatch(
      /^http:\/\/demo\.localhost\/pay\/simulator\/P\d+\?method=alipay&expires=\d+&sign=\w+$/,
    );
    const url = new URL(qr.CodeUrl);
    const page = await server.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host },
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('取消支付');
    expect(page.body).toContain(order.OrderNo);
    const pending = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo });
    expect(pending.data).toMatchObject({ Status: 'pending', IsPaid: false, IsQrExpired: false });

    expect(await payBySimulator(server, qr.CodeUrl, 'confirm')).toContain('支付成功');
    const paid = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo });
    expect(paid.data).toMatchObject({
      Status: 'paid',
      IsPaid: true,
      PayMethod: 'alipay',
      OrderIds: [order.Id],
    });
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: order.Id })).data).toMatchObject({
      Status: 2,
      PayMethod: 'alipay',
    });
    const bill = await shopper.post('/api/order/QueryCustomerBill', {});
    expect(bill.data.List).toMatchObject([
      { Type: 'payment', PayMethod: 'alipay', AmountFen: -order.TotalFen, BalanceChangeFen: 0 },
    ]);
    // The page now only says it is paid.
    expect(await payBySimulator(server, qr.CodeUrl, 'confirm')).toContain('该支付单已支付');
  });

  it('closes the payment on 取消支付, leaving the order unpaid', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const qr = await shopper.qrCode(payment.PaymentNo);
    expect(await payBySimulator(server, qr.CodeUrl, 'cancel')).toContain('已取消支付');
    expect(
      (await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo })).data.Status,
    ).toBe('closed');
    expect(
      (await shopper.post('/api/payment/getqrcode', { PaymentNo: payment.PaymentNo, PayType: 'wechat' }))
        .apiCode,
    ).toBe(ApiCode.PaymentClosed);
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: order.Id })).data.Status).toBe(1);
    expect((await shopper.createPayment([order.Id])).Status).toBe('pending');
  });

  it('expires the code, refreshes it, and refuses a forged or expired page link', async () => {
    const shopper = await customer();
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    const qr = await shopper.qrCode(payment.PaymentNo);
    server.clock.advance(301_000);
    const status = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo });
    expect(status.data).toMatchObject({ Status: 'pending', IsQrExpired: true });
    const url = new URL(qr.CodeUrl);
    const expired = await server.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain('支付链接无效或已过期');
    const refreshed = await shopper.client.get('/api/v1/get_qrcode_refresh', {
      PaymentNo: payment.PaymentNo,
    });
    expect(refreshed.success, refreshed.message).toBe(true);
    expect(refreshed.data).toMatchObject({ PayType: 'wechat', ExpiresInSeconds: 300 });
    expect(refreshed.data.CodeUrl).not.toBe(qr.CodeUrl);
    const forged = refreshed.data.CodeUrl.replace(/sign=\w+/, 'sign=0000');
    const forgedUrl = new URL(forged);
    const refused = await server.app.inject({
      method: 'GET',
      url: forgedUrl.pathname + forgedUrl.search,
      headers: { host: forgedUrl.host },
    });
    expect(refused.statusCode).toBe(403);
    expect(await payBySimulator(server, refreshed.data.CodeUrl, 'confirm')).toContain('支付成功');
  });

  it('closes an order payment left unpaid past its order’s deadline', async () => {
    const shopper = await customer(100_000);
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    server.clock.advance(Date.parse(payment.ExpiresAt) - server.clock.now());
    await shopper.client.start();
    await shopper.client.login(shopper.account, shopper.password);
    expect(
      (await shopper.post('/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo })).apiCode,
    ).toBe(ApiCode.PaymentClosed);
    expect(
      (await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo })).data.Status,
    ).toBe('closed');
  });
});

describe('POST /api/payment/notify/:provider', () => {
  it('applies a notification once, however often and however parallel it is repeated', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const body = signedNotice(payment);
    const first = await notify(body);
    expect(first).toMatchObject({ success: true, data: { Accepted: true, Duplicate: false } });
    const after = await moneySnapshot();
    const repeats = await Promise.all(Array.from({ length: 6 }, () => notify(body)));
    for (const repeat of repeats)
      expect(repeat).toMatchObject({ success: true, data: { Accepted: true, Duplicate: true } });
    expect(await moneySnapshot()).toEqual(after);
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: order.Id })).data.Status).toBe(2);
  });

  it('applies exactly one of parallel first deliveries', async () => {
    const shopper = await customer();
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    const body = signedNotice(payment);
    const replies = await Promise.all(Array.from({ length: 6 }, () => notify(body)));
    expect(replies.every((reply) => reply.success)).toBe(true);
    expect(replies.filter((reply) => reply.data.Duplicate === false)).toHaveLength(1);
    const lines = await server.context.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('dedupe_key', '=', `gw:simulator:${body.TradeNo}`)
      .execute();
    expect(lines).toHaveLength(1);
    await auditMoney(server);
  });

  it('refuses forged, altered, stale and unknown notifications, changing nothing', async () => {
    const shopper = await customer();
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    const genuine = signedNotice(payment);
    const before = await moneySnapshot();
    const forgedBodies: unknown[] = [
      { ...genuine, Sign: '0'.repeat(64) },
      { ...genuine, AmountFen: 1 },
      { ...genuine, TradeNo: 'SIM-OTHER' },
      { ...genuine, Sign: undefined },
      signedNotice({ PaymentNo: payment.PaymentNo, AmountFen: 1 }),
      signedNotice({ PaymentNo: 'P0000000000000000000000000', AmountFen: payment.AmountFen }),
      gateway.buildNotification({
        paymentNo: payment.PaymentNo,
        amountFen: payment.AmountFen,
        payType: 'wechat',
        status: 'SUCCESS',
        now: server.clock.now() - 3_600_000,
      }),
      new SimulatorGateway('another-secret').buildNotification({
        paymentNo: payment.PaymentNo,
        amountFen: payment.AmountFen,
        payType: 'wechat',
        status: 'SUCCESS',
        now: server.clock.now(),
      }),
      {},
      'SUCCESS',
    ];
    for (const body of forgedBodies) {
      const reply = await notify(body);
      expect(reply.success, JSON.stringify(body)).toBe(false);
      expect([
        ApiCode.PaymentNotifyInvalid,
        ApiCode.ValidationFailed,
        ApiCode.MalformedBody,
        ApiCode.UnsupportedMediaType,
      ]).toContain(reply.apiCode);
    }
    expect((await notify(genuine, 'wechatpay')).apiCode).toBe(ApiCode.PaymentNotifyInvalid);
    expect(await moneySnapshot()).toEqual(before);
    expect((await notify(genuine)).data).toEqual({ Accepted: true, Duplicate: false });
  });

  it('credits the balance when money arrives for an order that was cancelled or already paid', async () => {
    const shopper = await customer(100_000);
    const cancelled = await shopper.placeOrder(1001);
    const late = await shopper.createPayment([cancelled.Id]);
    const lateNotice = signedNotice(late);
    expect((await shopper.post('/api/order/CustomerCancelOrder', { OrderId: cancelled.Id })).success).toBe(
      true,
    );
    const before = await shopper.balance();
    expect((await notify(lateNotice)).data.Duplicate).toBe(false);
    expect(await shopper.balance()).toBe(before + cancelled.TotalFen);
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: cancelled.Id })).data.Status).toBe(9);

    const twice = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([twice.Id]);
    expect(
      (await shopper.post('/api/payment/BalancePaymannet', { PaymentNo: payment.PaymentNo })).success,
    ).toBe(true);
    const middle = await shopper.balance();
    const scanned = signedNotice(payment);
    expect((await notify(scanned)).data).toEqual({ Accepted: true, Duplicate: false });
    expect(await shopper.balance()).toBe(middle + twice.TotalFen);
    expect((await notify(scanned)).data).toEqual({ Accepted: true, Duplicate: true });
    expect(await shopper.balance()).toBe(middle + twice.TotalFen);
    const refunds = await shopper.post('/api/order/QueryCustomerBill', { Type: 'refund' });
    expect(refunds.data.List).toHaveLength(2);
    await auditMoney(server);
  });

  it('closes a pending payment on CLOSED, once', async () => {
    const shopper = await customer();
    const payment = await shopper.createPayment([(await shopper.placeOrder(1001)).Id]);
    const closed = signedNotice(payment, 'CLOSED');
    expect((await notify(closed)).data).toEqual({ Accepted: true, Duplicate: false });
    expect((await notify(closed)).data).toEqual({ Accepted: true, Duplicate: true });
    expect(
      (await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo })).data.Status,
    ).toBe('closed');
  });
});

describe('POST /api/cust/Recharge', () => {
  it('tops the balance up by QR code', async () => {
    const shopper = await customer();
    const qr = await shopper.post('/api/cust/Recharge', { AmountFen: 20_000, PayType: 'wechat' });
    expect(qr.data).toMatchObject({ Purpose: 'recharge', AmountFen: 20_000, PayType: 'wechat' });
    expect(
      (await shopper.post('/api/payment/BalancePaymannet', { PaymentNo: qr.data.PaymentNo })).apiCode,
    ).toBe(ApiCode.PaymentMethodUnavailable);
    expect(await payBySimulator(server, qr.data.CodeUrl, 'confirm')).toContain('支付成功');
    expect(await shopper.balance()).toBe(20_000);
    const bill = await shopper.post('/api/order/QueryCustomerBill', { Type: 'recharge' });
    expect(bill.data.List).toMatchObject([
      {
        Type: 'recharge',
        TypeName: '余额充值',
        PayMethod: 'wechat',
        AmountFen: 20_000,
        BalanceAfterFen: 20_000,
      },
    ]);
    for (const AmountFen of [0, 99, 10_000_001, 12.5]) {
      expect((await shopper.post('/api/cust/Recharge', { AmountFen, PayType: 'wechat' })).apiCode).toBe(
        ApiCode.ValidationFailed,
      );
    }
    expect((await shopper.post('/api/cust/Recharge', { AmountFen: 100, PayType: 'unionpay' })).apiCode).toBe(
      ApiCode.ValidationFailed,
    );
  });
});
