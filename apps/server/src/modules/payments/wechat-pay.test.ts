/**
 * 微信支付 API v3 end to end against a local fake of the API that speaks its real protocol
 * (test/fake-wechat-pay.ts): the merchant's account saved by staff (keys encrypted, never
 * returned), Native QR codes and H5 links, signed notifications — success, duplicate, parallel,
 * forged, another amount, another merchant's account — query and close by the reconciliation
 * job, and refunds to the payer's account with their notifications.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  OrderStatus,
  type GatewayRefund,
  type StaffCancelReply,
  type PayStatus,
  type PaymentGatewaySettings,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeWechatPay, type FakeWechatMerchant } from '../../test/fake-wechat-pay.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';

const CONFIG_KEY = randomBytes(32).toString('hex');

let server: TestServer;
let fake: FakeWechatPay;
let demoAccount: FakeWechatMerchant;
let mapleAccount: FakeWechatMerchant;
let demoStaff: StaffClient;
let mapleStaff: StaffClient;
let shopper: Shopper;

function wechatSettings(account: FakeWechatMerchant, platformKey: string, platformSerial: string) {
  return {
    Provider: 'wechat',
    Enabled: true,
    MchId: account.mchId,
    AppId: account.appId,
    MerchantSerialNo: account.merchantSerialNo,
    PlatformSerial: platformSerial,
    PrivateKey: account.privateKey,
    ApiV3Key: account.apiV3Key,
    PlatformPublicKey: platformKey,
  };
}

/** The out_trade_no of the payment's latest trade at the gateway. */
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

/** An order of the demo shopper with a QR code issued: its payment number and trade. */
async function orderWithCode(): Promise<{
  orderId: number;
  paymentNo: string;
  outTradeNo: string;
  codeUrl: string;
}> {
  const order = await shopper.placeOrder();
  const payment = await shopper.createPayment([order.Id]);
  const qr = await shopper.qrCode(payment.PaymentNo, 'wechat');
  return {
    orderId: order.Id,
    paymentNo: payment.PaymentNo,
    outTradeNo: await latestTrade(payment.PaymentNo),
    codeUrl: qr.CodeUrl,
  };
}

beforeAll(async () => {
  let serverUrl = '';
  fake = new FakeWechatPay(
    () => server.clock.now(),
    (notifyUrl) => {
      const url = new URL(notifyUrl);
      return `${serverUrl}${url.pathname}${url.search}`;
    },
  );
  await fake.start();
  server = await startTestServer({ PAYMENT_CONFIG_KEY: CONFIG_KEY, PAYMENT_WECHAT_API_URL: fake.url });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  demoAccount = fake.addMerchant('1900000109', 'wxd678efh567hg6787');
  mapleAccount = fake.addMerchant('1900000110', 'wxd678efh567hg6799');
  demoStaff = await StaffClient.signIn(server, 'demo.localhost');
  mapleStaff = await StaffClient.signIn(server, 'maple.localhost');
  shopper = await Shopper.demo(server);
});

afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe('the merchant’s 微信支付 account', () => {
  it('refuses bad keys with a Chinese sentence and saves nothing', async () => {
    const bad = await demoStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...wechatSettings(demoAccount, fake.platform.publicKey, fake.platformSerial),
      PrivateKey: 'not a key',
    });
    expect(bad).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(bad.message).toContain('商户 API 私钥格式不正确');
    const missing = await demoStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...wechatSettings(demoAccount, fake.platform.publicKey, fake.platformSerial),
      ApiV3Key: undefined,
    });
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('启用微信支付前请填写：APIv3 密钥');
    const short = await demoStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...wechatSettings(demoAccount, fake.platform.publicKey, fake.platformSerial),
      ApiV3Key: 'short',
    });
    expect(short.message).toContain('APIv3 密钥应为 32 个字符');
    const read = await demoStaff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(read.data.Wechat.Configured).toBe(false);
  });

  it('saves it encrypted and shows only whether each key is set', async () => {
    const saved = await demoStaff.post<PaymentGatewaySettings>(
      '/api/staff/SavePaymentGatewaySettings',
      wechatSettings(demoAccount, fake.platform.publicKey, fake.platformSerial),
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data).toMatchObject({
      CanSave: true,
      Wechat: {
        Configured: true,
        Enabled: true,
        MchId: demoAccount.mchId,
        HasPrivateKey: true,
        HasApiV3Key: true,
        HasPlatformPublicKey: true,
        NotifyUrl: 'http://demo.localhost/api/payment/notify/wechat/demo',
      },
      Alipay: { Configured: false, Enabled: false },
    });
    const read = await demoStaff.post('/api/staff/PaymentGatewaySettings', {});
    const text = JSON.stringify(read);
    expect(text).not.toContain(demoAccount.apiV3Key);
    expect(text).not.toContain('PRIVATE KEY');
    const row = await server.context.db
      .selectFrom('payment_gateway_accounts')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(demoAccount.apiV3Key);
    expect(row.secret_box).not.toContain('PRIVATE');
    // Saving again without the keys keeps them.
    const again = await demoStaff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
      ...wechatSettings(demoAccount, fake.platform.publicKey, fake.platformSerial),
      PrivateKey: '',
      ApiV3Key: '',
      PlatformPublicKey: '',
    });
    expect(again.data.Wechat).toMatchObject({
      HasPrivateKey: true,
      HasApiV3Key: true,
      HasPlatformPublicKey: true,
    });
    // The maple merchant is paid into its own account.
    const maple = await mapleStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...wechatSettings(mapleAccount, fake.platform.publicKey, fake.platformSerial),
    });
    expect(maple.success, maple.message).toBe(true);
  });

  it('is for administrators only', async () => {
    const finance = await demoStaff.hire('caiwu01', ['finance']);
    const refused = await finance.post('/api/staff/PaymentGatewaySettings', {});
    expect(refused.apiCode).toBe(ApiCode.StaffForbidden);
  });
});

describe('paying by 微信支付 Native (QR code)', () => {
  it('offers 微信支付 only, and issues a signed Native order’s code_url', async () => {
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    expect(payment).toMatchObject({ Methods: ['balance', 'wechat'], IsSimulated: false });
    const qr = await shopper.qrCode(payment.PaymentNo, 'wechat');
    expect(qr.CodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(qr.IsSimulated).toBe(false);
    expect(qr.QrCode).toMatch(/^data:image\/png;base64,/);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', signed: true });
    expect(request.body).toMatchObject({
      mchid: demoAccount.mchId,
      appid: demoAccount.appId,
      out_trade_no: `${payment.PaymentNo}_1`,
      notify_url: 'http://demo.localhost/api/payment/notify/wechat/demo',
      amount: { total: payment.AmountFen, currency: 'CNY' },
      attach: payment.PaymentNo,
    });
    const alipay = await shopper.post('/api/payment/getqrcode', {
      PaymentNo: payment.PaymentNo,
      PayType: 'alipay',
    });
    expect(alipay).toMatchObject({ success: false, apiCode: ApiCode.PaymentMethodUnavailable });
    expect(alipay.message).toContain('本站暂未开通支付宝');
    // A fresh code is a new trade: a gateway trade cannot be reopened.
    const fresh = await shopper.client.get('/api/v1/get_qrcode_refresh', { PaymentNo: payment.PaymentNo });
    expect(fresh.success, fresh.message).toBe(true);
    expect(await latestTrade(payment.PaymentNo)).toBe(`${payment.PaymentNo}_2`);
  });

  it('settles the payment once on the signed notification, and ignores its repeats', async () => {
    const { orderId, paymentNo, outTradeNo } = await orderWithCode();
    const delivered = await fake.pay(outTradeNo);
    expect(delivered).toEqual({ status: 204, body: '' });
    const paid = await payStatus(paymentNo);
    expect(paid).toMatchObject({ IsPaid: true, PayMethod: 'wechat', IsSimulated: false });
    const order = await shopper.post('/api/order/OrderDetail', { OrderId: orderId });
    expect(order.data.Status).toBe(OrderStatus.Reviewing);
    const lines = await ledgerCount();
    const repeat = await fake.notifyPaid(outTradeNo);
    expect(repeat.status).toBe(204);
    expect(await ledgerCount()).toBe(lines);
    await auditMoney(server);
  });

  it('applies parallel deliveries of one notification once', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo, { notify: false });
    const lines = await ledgerCount();
    const { body, headers, notifyUrl } = fake.paidNotification(outTradeNo);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fake.deliver(notifyUrl, body, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await ledgerCount()).toBe(lines + 1);
    expect((await payStatus(paymentNo)).IsPaid).toBe(true);
    await auditMoney(server);
  });

  it('refuses a forged or altered notification and changes nothing', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo, { notify: false });
    const lines = await ledgerCount();
    const { privateKey: forgerKey } = fake.addMerchant('1900000999', 'wxforger000000001');
    const forged = await fake.notifyPaid(outTradeNo, { signingKey: forgerKey });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ code: 'FAIL', message: '签名验证失败' });
    const { body, headers, notifyUrl } = fake.paidNotification(outTradeNo);
    const altered = await fake.deliver(notifyUrl, body.replace('"event_type"', '"event_type" '), headers);
    expect(altered.status).toBe(401);
    const unsigned = await fake.deliver(notifyUrl, body, {});
    expect(unsigned.status).toBe(401);
    const wrongKey = await fake.notifyPaid(outTradeNo, { apiV3Key: mapleAccount.apiV3Key });
    expect(wrongKey.status).toBe(401);
    expect(await ledgerCount()).toBe(lines);
    expect((await payStatus(paymentNo)).IsPaid).toBe(false);
  });

  it('refuses a notification of another amount or currency', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo, { notify: false });
    const amount = await fake.notifyPaid(outTradeNo, {
      tamper: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect(amount.status).toBe(400);
    const status = await payStatus(paymentNo);
    const currency = await fake.notifyPaid(outTradeNo, {
      tamper: { amount: { total: status.AmountFen, payer_total: status.AmountFen, currency: 'USD' } },
    });
    expect(currency.status).toBe(400);
    expect((await payStatus(paymentNo)).IsPaid).toBe(false);
  });

  it('refuses a notification for another merchant’s account or trade', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo, { notify: false });
    // Paid into maple's account, encrypted and signed correctly for demo's address.
    const otherAccount = await fake.notifyPaid(outTradeNo, { tamper: { mchid: mapleAccount.mchId } });
    expect(otherAccount.status).toBe(400);
    // demo's trade, delivered to maple's address: maple's key does not open it.
    const { body, headers } = fake.paidNotification(outTradeNo);
    const elsewhere = await fake.deliver(
      'http://maple.localhost/api/payment/notify/wechat/maple',
      body,
      headers,
    );
    expect(elsewhere.status).toBe(401);
    // maple's own trade number delivered as demo's: not demo's trade.
    const mapleShopper = await Shopper.maple(server);
    const mapleOrder = await mapleShopper.placeOrder();
    const maplePayment = await mapleShopper.createPayment([mapleOrder.Id]);
    await mapleShopper.qrCode(maplePayment.PaymentNo, 'wechat');
    const crossed = await fake.notifyPaid(outTradeNo, {
      tamper: { out_trade_no: await latestTrade(maplePayment.PaymentNo) },
    });
    expect(crossed.status).toBe(400);
    expect((await payStatus(paymentNo)).IsPaid).toBe(false);
    const unknown = await fake.deliver('http://x.localhost/api/payment/notify/wechat/nosuch', body, headers);
    expect(unknown.status).toBe(404);
  });
});

describe('reconciliation: a notification that did not arrive', () => {
  it('settles a paid trade found by query, and closes unpaid ones past their time', async () => {
    const paidLater = await orderWithCode();
    const abandoned = await orderWithCode();
    await fake.pay(paidLater.outTradeNo, { notify: false });
    server.clock.advance(70_000);
    const first = await server.services.gatewayTrades.reconcile();
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect((await payStatus(paidLater.paymentNo)).IsPaid).toBe(true);
    expect(fake.orders.get(abandoned.outTradeNo)!.state).toBe('NOTPAY');
    // Past the code's expiry (PAYMENT_QR_TTL_SECONDS) the unpaid trade is closed at the gateway.
    server.clock.advance(10 * 60_000);
    await server.services.gatewayTrades.reconcile(500);
    expect(fake.orders.get(abandoned.outTradeNo)!.state).toBe('CLOSED');
    const trade = await server.context.db
      .selectFrom('payment_trades')
      .select('status')
      .where('out_trade_no', '=', abandoned.outTradeNo)
      .executeTakeFirstOrThrow();
    expect(trade.status).toBe('closed');
    await auditMoney(server);
  });
});

describe('paying on a phone: 微信 H5 支付', () => {
  it('returns the h5_url with the way back to the pay page', async () => {
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const link = await shopper.post('/api/payment/GetMobilePayUrl', {
      PaymentNo: payment.PaymentNo,
      PayType: 'wechat',
      ReturnPath: `/user/order/pay?no=${payment.PaymentNo}`,
    });
    expect(link.success, link.message).toBe(true);
    expect(link.data.PayUrl).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/,
    );
    expect(link.data.PayUrl).toContain(
      `&redirect_url=${encodeURIComponent(`http://demo.localhost/user/order/pay?no=${payment.PaymentNo}`)}`,
    );
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v3/pay/transactions/h5',
      signed: true,
      body: { scene_info: { payer_client_ip: '203.0.113.10', h5_info: { type: 'Wap' } } },
    });
    const outTradeNo = await latestTrade(payment.PaymentNo);
    expect((await fake.pay(outTradeNo))?.status).toBe(204);
    expect((await payStatus(payment.PaymentNo)).IsPaid).toBe(true);
    const offSite = await shopper.post('/api/payment/GetMobilePayUrl', {
      PaymentNo: payment.PaymentNo,
      PayType: 'wechat',
      ReturnPath: 'https://evil.example/',
    });
    expect(offSite.success).toBe(false);
    expect(offSite.message).toContain('返回地址必须是本站的页面路径');
  });
});

describe('refunds to the payer’s 微信 account', () => {
  it('sends a cancelled order’s money back to 微信 at once, ended by the refund notification', async () => {
    const { orderId, paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo);
    const status = await payStatus(paymentNo);
    const balance = await shopper.balance();
    const cancelled = await demoStaff.post<StaffCancelReply>('/api/staff/CancelOrder', {
      OrderId: orderId,
      Reason: '客户要求退款',
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.data.Refund).toMatchObject({
      To: 'wechat',
      AmountFen: status.AmountFen,
      StatusName: '退款处理中',
    });
    // Credited to the balance by the cancel, then out of it again towards 微信.
    expect(await shopper.balance()).toBe(balance);
    const refundNo = cancelled.data.Refund.RefundNo;
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signed: true,
      body: {
        transaction_id: fake.orders.get(outTradeNo)!.transactionId,
        out_refund_no: refundNo,
        amount: { refund: status.AmountFen, total: status.AmountFen, currency: 'CNY' },
      },
    });
    const notified = await fake.finishRefund(refundNo, 'SUCCESS');
    expect(notified.status).toBe(204);
    const row = await server.context.db
      .selectFrom('payment_refunds')
      .select('status')
      .where('out_refund_no', '=', refundNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('success');
    // Nothing more can go back than was paid.
    const more = await demoStaff.post('/api/staff/RefundToOriginal', {
      PaymentNo: paymentNo,
      AmountFen: 1,
      Reason: '再退一次',
    });
    expect(more).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    await auditMoney(server);
  });

  it('keeps the money in the balance when 微信 refuses, and a later refund can still go there', async () => {
    const { orderId, paymentNo, outTradeNo } = await orderWithCode();
    await fake.pay(outTradeNo);
    const { AmountFen } = await payStatus(paymentNo);
    const before = await shopper.balance();
    fake.refundMode = 'refuse';
    const cancelled = await demoStaff.post<StaffCancelReply>('/api/staff/CancelOrder', {
      OrderId: orderId,
      Reason: '客户要求退款',
    });
    fake.refundMode = 'processing';
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.data.Refund).toMatchObject({ To: 'balance', AmountFen, StatusName: '已退回余额' });
    expect(cancelled.data.Refund.Note).toContain('原路退款未成功');
    expect(cancelled.data.Refund.Note).toContain('基本账户余额不足');
    const balance = await shopper.balance();
    expect(balance).toBe(before + AmountFen);
    const accepted = await demoStaff.post<GatewayRefund>('/api/staff/RefundToOriginal', {
      PaymentNo: paymentNo,
      AmountFen: AmountFen - 100,
      Reason: '部分退款',
    });
    expect(accepted.success, accepted.message).toBe(true);
    expect(await shopper.balance()).toBe(balance - (AmountFen - 100));
    expect((await fake.finishRefund(accepted.data.RefundNo, 'ABNORMAL')).status).toBe(204);
    expect(await shopper.balance()).toBe(balance);
    // The ending notification repeated changes nothing.
    expect((await fake.finishRefund(accepted.data.RefundNo, 'ABNORMAL')).status).toBe(204);
    expect(await shopper.balance()).toBe(balance);
    await auditMoney(server);
  });

  it('refuses a refund of a payment not paid through a gateway', async () => {
    const adjusted = await demoStaff.post('/api/staff/AdjustBalance', {
      CustomerId: await shopper.customerId,
      AmountFen: 100_000,
      Remark: '预存',
    });
    expect(adjusted.success, adjusted.message).toBe(true);
    const order = await shopper.placeOrder();
    const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] });
    expect(paid.success, paid.message).toBe(true);
    const refused = await demoStaff.post('/api/staff/RefundToOriginal', {
      PaymentNo: paid.data.PaymentNo,
      AmountFen: 100,
      Reason: '退款',
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentMethodUnavailable });
    expect(refused.message).toContain('不能原路退款');
    // Cancelled, it goes back to where it came from: the balance.
    const before = await shopper.balance();
    const cancelled = await demoStaff.post<StaffCancelReply>('/api/staff/CancelOrder', {
      OrderId: order.Id,
      Reason: '客户要求取消',
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.data.Refund).toMatchObject({ To: 'balance', AmountFen: order.TotalFen, RefundNo: '' });
    expect(await shopper.balance()).toBe(before + order.TotalFen);
    await auditMoney(server);
  });
});
