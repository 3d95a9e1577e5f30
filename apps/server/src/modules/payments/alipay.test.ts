/**
 * 支付宝 through the official alipay-sdk, end to end against a local fake of the OpenAPI gateway
 * that speaks its real protocol (test/fake-alipay.ts): 当面付 precreate QR codes, 手机网站支付
 * links, RSA2 notifications — success, duplicate, forged, another amount, another merchant's
 * application — query and close by the reconciliation job, and refunds to the payer's account.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type MobilePay,
  type StaffCancelReply,
  type PayStatus,
  type PaymentGatewaySettings,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeAlipay, type FakeAlipayApp } from '../../test/fake-alipay.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';

let server: TestServer;
let fake: FakeAlipay;
let demoApp: FakeAlipayApp;
let mapleApp: FakeAlipayApp;
let demoStaff: StaffClient;
let shopper: Shopper;

function alipaySettings(app: FakeAlipayApp, alipayPublicKey: string) {
  return {
    Provider: 'alipay',
    Enabled: true,
    AppId: app.appId,
    SellerId: app.sellerId,
    PrivateKey: app.privateKey,
    AlipayPublicKey: alipayPublicKey,
  };
}

async function latestTrade(paymentNo: string): Promise<string> {
  const row = await server.context.db
    .selectFrom('payment_trades as t')
    .innerJoin('payments as p', 'p.id', 't.payment_id')
    .select('t.out_trade_no')
    .where('p.payment_no', '=', paymentNo)
    .orderBy('t.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.out_trade_no;
}

async function payStatus(paymentNo: string): Promise<PayStatus> {
  const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', { PaymentNo: paymentNo });
  expect(status.success, status.message).toBe(true);
  return status.data;
}

async function ledgerCount(): Promise<number> {
  const row = await server.context.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function orderWithCode() {
  const order = await shopper.placeOrder();
  const payment = await shopper.createPayment([order.Id]);
  const qr = await shopper.qrCode(payment.PaymentNo, 'alipay');
  return {
    orderId: order.Id,
    paymentNo: payment.PaymentNo,
    outTradeNo: await latestTrade(payment.PaymentNo),
    codeUrl: qr.CodeUrl,
  };
}

beforeAll(async () => {
  let serverUrl = '';
  fake = new FakeAlipay((notifyUrl) => {
    const url = new URL(notifyUrl);
    return `${serverUrl}${url.pathname}${url.search}`;
  });
  await fake.start();
  server = await startTestServer({
    PAYMENT_CONFIG_KEY: randomBytes(32).toString('base64'),
    PAYMENT_ALIPAY_GATEWAY_URL: fake.url,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  demoApp = fake.addApp('2021000122600001');
  mapleApp = fake.addApp('2021000122600002');
  demoStaff = await StaffClient.signIn(server, 'demo.localhost');
  const mapleStaff = await StaffClient.signIn(server, 'maple.localhost');
  // Keys as 支付宝's key tool prints them: bare base64, no PEM lines.
  const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const saved = await demoStaff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
    ...alipaySettings(demoApp, bare(fake.alipay.publicKey)),
    PrivateKey: bare(demoApp.privateKey),
  });
  expect(saved.success, saved.message).toBe(true);
  expect(saved.data.Alipay).toMatchObject({ Enabled: true, HasPrivateKey: true, HasAlipayPublicKey: true });
  const maple = await mapleStaff.post(
    '/api/staff/SavePaymentGatewaySettings',
    alipaySettings(mapleApp, fake.alipay.publicKey),
  );
  expect(maple.success, maple.message).toBe(true);
  shopper = await Shopper.demo(server);
});

afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe('paying by 支付宝 当面付 (QR code)', () => {
  it('precreates a signed trade and shows its qr_code', async () => {
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    expect(payment).toMatchObject({ Methods: ['balance', 'alipay'], IsSimulated: false });
    const qr = await shopper.qrCode(payment.PaymentNo, 'alipay');
    expect(qr.CodeUrl).toMatch(/^https:\/\/qr\.alipay\.com\/bax0/);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'alipay.trade.precreate', signed: true });
    expect(request.params).toMatchObject({
      app_id: demoApp.appId,
      sign_type: 'RSA2',
      notify_url: 'http://demo.localhost/api/payment/notify/alipay/demo',
    });
    expect(request.biz).toMatchObject({
      out_trade_no: `${payment.PaymentNo}_1`,
      total_amount: (payment.AmountFen / 100).toFixed(2),
      subject: '订单支付',
    });
  });

  it('settles the payment on the RSA2 notification once, answering success', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    expect(await fake.pay(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await payStatus(paymentNo)).toMatchObject({
      IsPaid: true,
      PayMethod: 'alipay',
      IsSimulated: false,
    });
    const lines = await ledgerCount();
    const { fields, notifyUrl } = fake.notification(outTradeNo);
    const repeats = await Promise.all([1, 2, 3].map(() => fake.deliver(notifyUrl, fields)));
    expect(repeats.map((answer) => answer.body)).toEqual(['success', 'success', 'success']);
    expect(await ledgerCount()).toBe(lines);
    await auditMoney(server);
  });

  it('refuses a forged notification, another amount and another application', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo, { notify: false });
    const lines = await ledgerCount();
    const forged = fake.notification(outTradeNo, { signingKey: mapleApp.privateKey });
    expect((await fake.deliver(forged.notifyUrl, forged.fields)).body).toBe('fail');
    const genuine = fake.notification(outTradeNo);
    const altered = { ...genuine.fields, total_amount: '0.01' };
    expect((await fake.deliver(genuine.notifyUrl, altered)).body).toBe('fail');
    const amount = fake.notification(outTradeNo, { tamper: { total_amount: '0.01' } });
    expect((await fake.deliver(amount.notifyUrl, amount.fields)).body).toBe('fail');
    const otherApp = fake.notification(outTradeNo, { tamper: { app_id: mapleApp.appId } });
    expect((await fake.deliver(otherApp.notifyUrl, otherApp.fields)).body).toBe('fail');
    const otherSeller = fake.notification(outTradeNo, { tamper: { seller_id: mapleApp.sellerId } });
    expect((await fake.deliver(otherSeller.notifyUrl, otherSeller.fields)).body).toBe('fail');
    // demo's genuine notification at maple's address: maple's trade it is not.
    const elsewhere = await fake.deliver(
      'http://maple.localhost/api/payment/notify/alipay/maple',
      genuine.fields,
    );
    expect(elsewhere.body).toBe('fail');
    expect(await ledgerCount()).toBe(lines);
    expect((await payStatus(paymentNo)).IsPaid).toBe(false);
    // The genuine one still pays it.
    expect((await fake.deliver(genuine.notifyUrl, genuine.fields)).body).toBe('success');
    expect((await payStatus(paymentNo)).IsPaid).toBe(true);
  });

  it('answers fail, not an error, at an address that names no company code', async () => {
    for (const merchant of ['1%00', 'no%20such', 'x'.repeat(40)]) {
      const alipay = await server.app.inject({
        method: 'POST',
        url: `/api/payment/notify/alipay/${merchant}`,
        headers: { host: 'demo.localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'out_trade_no=1',
      });
      expect([alipay.statusCode, alipay.body]).toEqual([200, 'fail']);
      const wechat = await server.app.inject({
        method: 'POST',
        url: `/api/payment/notify/wechat/${merchant}`,
        headers: { host: 'demo.localhost', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(wechat.statusCode).toBe(404);
    }
  });
});

describe('reconciliation through alipay.trade.query and alipay.trade.close', () => {
  it('settles a trade paid without notification and closes unpaid ones past their time', async () => {
    const paidLater = await orderWithCode();
    const abandoned = await orderWithCode();
    await fake.pay(paidLater.outTradeNo, { notify: false });
    server.clock.advance(70_000);
    await server.services.gatewayTrades.reconcile(500);
    expect((await payStatus(paidLater.paymentNo)).IsPaid).toBe(true);
    server.clock.advance(10 * 60_000);
    await server.services.gatewayTrades.reconcile(500);
    expect(fake.trades.get(abandoned.outTradeNo)!.status).toBe('TRADE_CLOSED');
    await auditMoney(server);
  });
});

describe('paying on a phone: 支付宝手机网站支付', () => {
  it('returns a signed wap link that returns to the pay page', async () => {
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const link = await shopper.post('/api/payment/GetMobilePayUrl', {
      PaymentNo: payment.PaymentNo,
      PayType: 'alipay',
      ReturnPath: `/user/order/pay?no=${payment.PaymentNo}`,
    });
    expect(link.success, link.message).toBe(true);
    const payUrl = new URL(link.data.PayUrl);
    expect(`${payUrl.origin}${payUrl.pathname}`).toBe(fake.url);
    expect(payUrl.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(payUrl.searchParams.get('return_url')).toBe(
      `http://demo.localhost/user/order/pay?no=${payment.PaymentNo}`,
    );
    const opened = await fake.openWapLink(link.data.PayUrl);
    expect(opened.body).toContain('支付宝收银台');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.wap.pay', signed: true });
    expect(fake.requests.at(-1)!.biz).toMatchObject({ product_code: 'QUICK_WAP_WAY' });
    expect((await fake.pay(await latestTrade(payment.PaymentNo)))?.body).toBe('success');
    expect((await payStatus(payment.PaymentNo)).IsPaid).toBe(true);
  });
});

describe('recharging on a phone: 支付宝手机网站支付', () => {
  it('credits a recharge paid through the wap link exactly once, however often 支付宝 notifies', async () => {
    const before = await shopper.balance();
    const link = await shopper.post<MobilePay>('/api/cust/MobileRecharge', {
      AmountFen: 12_345,
      PayType: 'alipay',
      ReturnPath: '/user/sys/balance?paid_with=alipay',
    });
    expect(link.success, link.message).toBe(true);
    expect(link.data).toMatchObject({ PayType: 'alipay', AmountFen: 12_345, IsSimulated: false });
    const paymentNo = link.data.PaymentNo;
    const payUrl = new URL(link.data.PayUrl);
    expect(payUrl.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(payUrl.searchParams.get('return_url')).toBe(
      `http://demo.localhost/user/sys/balance?paid_with=alipay&no=${paymentNo}`,
    );
    const opened = await fake.openWapLink(link.data.PayUrl);
    expect(opened.body).toContain('支付宝收银台：余额充值 ¥123.45');
    // Only the phone's trade was opened: no QR code was asked for on the way.
    expect([...fake.trades.keys()].filter((no) => no.startsWith(paymentNo))).toEqual([`${paymentNo}_1`]);
    expect((await payStatus(paymentNo)).IsPaid).toBe(false);

    const outTradeNo = await latestTrade(paymentNo);
    expect(await fake.pay(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await payStatus(paymentNo)).toMatchObject({
      Purpose: 'recharge',
      IsPaid: true,
      PayMethod: 'alipay',
      BalanceFen: before + 12_345,
    });
    const { fields, notifyUrl } = fake.notification(outTradeNo);
    expect((await fake.deliver(notifyUrl, fields)).body).toBe('success');
    const parallel = await Promise.all([1, 2, 3].map(() => fake.deliver(notifyUrl, fields)));
    expect(parallel.map((answer) => answer.body)).toEqual(['success', 'success', 'success']);
    expect(await shopper.balance()).toBe(before + 12_345);
    const bill = await shopper.post<{ List: { Type: string; AmountFen: number }[] }>(
      '/api/order/QueryCustomerBill',
      { Keyword: paymentNo },
    );
    expect(bill.data.List.map((line) => [line.Type, line.AmountFen])).toEqual([['recharge', 12_345]]);
    await auditMoney(server);
  });

  it('refuses an amount out of range and a return address off the site, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await server.context.db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    for (const [body, message] of [
      [{ AmountFen: 99, PayType: 'alipay' }, '充值金额不能少于 1 元'],
      [{ AmountFen: 10_000_001, PayType: 'alipay' }, '单次充值不能超过 100000 元'],
      [
        { AmountFen: 10_000, PayType: 'alipay', ReturnPath: 'https://evil.example/' },
        '返回地址必须是本站的页面路径',
      ],
    ] as const) {
      const refused = await shopper.post('/api/cust/MobileRecharge', body);
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
      expect(refused.message).toContain(message);
    }
    const wechat = await shopper.post('/api/cust/MobileRecharge', { AmountFen: 10_000, PayType: 'wechat' });
    expect(wechat).toMatchObject({
      success: false,
      apiCode: ApiCode.PaymentMethodUnavailable,
      message: '本站暂未开通微信支付，请选择其他支付方式',
    });
    expect(await count()).toBe(before);
  });
});

describe('refunds to the payer’s 支付宝 account', () => {
  it('sends a cancelled order’s money back through alipay.trade.refund at once', async () => {
    const { orderId, paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo);
    const { AmountFen } = await payStatus(paymentNo);
    const balance = await shopper.balance();
    const cancelled = await demoStaff.post<StaffCancelReply>('/api/staff/CancelOrder', {
      OrderId: orderId,
      Reason: '客户要求退款',
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.data.Refund).toMatchObject({ To: 'alipay', AmountFen, StatusName: '退款成功' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.refund', signed: true });
    expect(fake.requests.at(-1)!.biz).toMatchObject({
      out_trade_no: outTradeNo,
      refund_amount: (AmountFen / 100).toFixed(2),
      out_request_no: cancelled.data.Refund.RefundNo,
    });
    expect(fake.trades.get(outTradeNo)!.refunded).toBe(AmountFen);
    // Credited to the balance by the cancel and out of it again: the money is in 支付宝.
    expect(await shopper.balance()).toBe(balance);
    await auditMoney(server);
  });

  it('refuses more than was paid, and a balance that cannot cover it', async () => {
    const { orderId, paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo);
    const { AmountFen } = await payStatus(paymentNo);
    const tooMuch = await demoStaff.post('/api/staff/RefundToOriginal', {
      PaymentNo: paymentNo,
      AmountFen: AmountFen + 1,
      Reason: '退款',
    });
    expect(tooMuch).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    // Not cancelled: its money is in the order, not in the balance, which is emptied here.
    const balance = await shopper.balance();
    if (balance > 0) {
      const emptied = await demoStaff.post('/api/staff/AdjustBalance', {
        CustomerId: await shopper.customerId,
        AmountFen: -balance,
        Remark: '清零',
      });
      expect(emptied.success, emptied.message).toBe(true);
    }
    const short = await demoStaff.post('/api/staff/RefundToOriginal', {
      PaymentNo: paymentNo,
      AmountFen,
      Reason: '退款',
    });
    expect(short).toMatchObject({ success: false, apiCode: ApiCode.InsufficientBalance });
    expect(short.message).toContain('原路退款的金额从客户余额中扣出');
    expect(fake.trades.get(outTradeNo)!.refunded).toBe(0);
    expect(orderId).toBeGreaterThan(0);
    await auditMoney(server);
  });
});
