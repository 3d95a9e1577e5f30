/**
 * The console's 测试支付 against the local fakes of 微信支付 API v3 and 支付宝 (test/fake-*.ts, real
 * protocols, keys the test generates): an administrator opens a 0.01 元 QR trade at the merchant's
 * own saved account, the fake pays it with a signed notification, the test payment reads 支付成功;
 * a replayed or parallel notification changes nothing, no customer's balance or ledger moves,
 * other roles and other merchants are refused.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type TestPayment } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeAlipay, type FakeAlipayApp } from '../../test/fake-alipay.ts';
import { FakeWechatPay, type FakeWechatMerchant } from '../../test/fake-wechat-pay.ts';
import { StaffClient, auditMoney } from '../orders/orders.test-support.ts';

const CONFIG_KEY = randomBytes(32).toString('hex');

let server: TestServer;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let wechatAccount: FakeWechatMerchant;
let alipayApp: FakeAlipayApp;
let admin: StaffClient;
let mapleAdmin: StaffClient;

function wechatSettings(enabled: boolean) {
  return {
    Provider: 'wechat',
    Enabled: enabled,
    MchId: wechatAccount.mchId,
    AppId: wechatAccount.appId,
    MerchantSerialNo: wechatAccount.merchantSerialNo,
    PlatformSerial: wechat.platformSerial,
    PrivateKey: wechatAccount.privateKey,
    ApiV3Key: wechatAccount.apiV3Key,
    PlatformPublicKey: wechat.platform.publicKey,
  };
}

function alipaySettings() {
  return {
    Provider: 'alipay',
    Enabled: true,
    AppId: alipayApp.appId,
    SellerId: alipayApp.sellerId,
    PrivateKey: alipayApp.privateKey,
    AlipayPublicKey: alipay.alipay.publicKey,
  };
}

/** Every customer's balance and ledger, to show a test payment moves none of them. */
async function customerMoney(): Promise<string> {
  const db = server.context.db;
  const balances = await db.selectFrom('customer_balances').selectAll().orderBy('customer_id').execute();
  const ledger = await db.selectFrom('ledger_entries').select('id').execute();
  const notes = await db.selectFrom('payment_notifications').select('id').execute();
  return JSON.stringify({ balances, ledger: ledger.length, notes: notes.length });
}

async function startTest(staff: StaffClient, provider: 'wechat' | 'alipay'): Promise<TestPayment> {
  const started = await staff.post<TestPayment>('/api/staff/StartTestPayment', { Provider: provider });
  expect(started.success, started.message).toBe(true);
  return started.data;
}

async function testStatus(testNo: string): Promise<TestPayment> {
  const status = await admin.post<TestPayment>('/api/staff/TestPaymentStatus', { TestNo: testNo });
  expect(status.success, status.message).toBe(true);
  return status.data;
}

beforeAll(async () => {
  let serverUrl = '';
  const target = (notifyUrl: string) => {
    const url = new URL(notifyUrl);
    return `${serverUrl}${url.pathname}${url.search}`;
  };
  wechat = new FakeWechatPay(() => server.clock.now(), target);
  alipay = new FakeAlipay(target);
  await wechat.start();
  await alipay.start();
  server = await startTestServer({
    PAYMENT_CONFIG_KEY: CONFIG_KEY,
    PAYMENT_WECHAT_API_URL: wechat.url,
    PAYMENT_ALIPAY_GATEWAY_URL: alipay.url,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  wechatAccount = wechat.addMerchant('1900000109', 'wxd678efh567hg6787');
  alipayApp = alipay.addApp('2021000122600001');
  admin = await StaffClient.signIn(server, 'demo.localhost');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
});

afterAll(async () => {
  await server?.close();
  await wechat?.stop();
  await alipay?.stop();
});

describe('测试支付', () => {
  it('is refused in Chinese while no account is saved', async () => {
    const refused = await admin.post('/api/staff/StartTestPayment', { Provider: 'wechat' });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentMethodUnavailable });
    expect(refused.message).toBe('请先保存微信支付的收款账户（含全部密钥），再测试支付');
    const bad = await admin.post('/api/staff/StartTestPayment', { Provider: 'unionpay' });
    expect(bad).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(bad.message).toContain('支付渠道应为 wechat（微信支付）或 alipay（支付宝）');
    const badNo = await admin.post('/api/staff/TestPaymentStatus', { TestNo: 'P123' });
    expect(badNo.message).toContain('测试支付单号格式不正确');
  });

  it('is for administrators only', async () => {
    const finance = await admin.hire('financetest', ['finance']);
    for (const [path, body] of [
      ['/api/staff/StartTestPayment', { Provider: 'wechat' }],
      ['/api/staff/TestPaymentStatus', { TestNo: 'T2026112110000012345678' }],
    ] as const) {
      const refused = await finance.post(path, body);
      expect(refused, path).toMatchObject({ success: false, apiCode: ApiCode.StaffForbidden });
      const anonymous = await server.app.inject({
        method: 'POST',
        url: path,
        headers: { host: 'demo.localhost' },
        payload: { bizcontent: body },
      });
      expect(anonymous.json(), path).toMatchObject({ success: false, apiCode: ApiCode.StaffLoginRequired });
    }
  });

  it('opens a 0.01 元 微信支付 code on a saved account not yet enabled, and reads 支付成功 once paid', async () => {
    const saved = await admin.post('/api/staff/SavePaymentGatewaySettings', wechatSettings(false));
    expect(saved.success, saved.message).toBe(true);
    const before = await customerMoney();

    const test = await startTest(admin, 'wechat');
    expect(test).toMatchObject({
      Provider: 'wechat',
      ProviderName: '微信支付',
      AmountFen: 1,
      Status: 'open',
      StatusName: '等待付款',
      IsPaid: false,
    });
    expect(test.TestNo).toMatch(/^T\d{22}$/);
    expect(test.CodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    expect(test.QrCode).toMatch(/^data:image\/png;base64,/);
    const order = wechat.orders.get(test.TestNo)!;
    expect(order).toMatchObject({ total: 1, tradeType: 'NATIVE', mchId: wechatAccount.mchId });
    expect(order.notifyUrl).toMatch(/\/api\/payment\/notify\/wechat\/demo$/);

    const delivered = await wechat.pay(test.TestNo);
    expect(delivered?.status).toBe(204);
    const paid = await testStatus(test.TestNo);
    expect(paid).toMatchObject({ Status: 'paid', StatusName: '支付成功', IsPaid: true, QrCode: '' });
    expect(paid.GatewayTradeNo).toBe(wechat.orders.get(test.TestNo)!.transactionId);
    expect(paid.PaidAt).not.toBeNull();

    // Replayed, and in parallel: answered, nothing changes.
    const replays = await Promise.all([1, 2, 3, 4].map(() => wechat.notifyPaid(test.TestNo)));
    expect(replays.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(await testStatus(test.TestNo)).toEqual(paid);
    expect(await customerMoney()).toBe(before);
    await auditMoney(server);

    // The account is still not enabled: customers are not offered it.
    const methods = await server.context.db
      .selectFrom('payment_gateway_accounts')
      .select('enabled')
      .where('provider', '=', 'wechat')
      .executeTakeFirstOrThrow();
    expect(methods.enabled).toBe(0);
  });

  it('refuses a forged or altered notification of a test payment', async () => {
    const test = await startTest(admin, 'wechat');
    const forged = await wechat.pay(test.TestNo, { signingKey: wechatAccount.privateKey });
    expect(forged?.status).toBe(401);
    const altered = await wechat.notifyPaid(test.TestNo, {
      tamper: { amount: { total: 100, currency: 'CNY' } },
    });
    expect(altered.status).toBe(400);
    // The fake has it paid, but nothing the server believed said so: polling asks the gateway.
    server.clock.advance(6_000);
    const asked = await testStatus(test.TestNo);
    expect(asked.Status).toBe('paid');
  });

  it('learns of a payment whose notification never came by asking the gateway, and closes an expired one', async () => {
    const unpaid = await startTest(admin, 'wechat');
    expect((await testStatus(unpaid.TestNo)).Status).toBe('open');
    const test = await startTest(admin, 'wechat');
    await wechat.pay(test.TestNo, { notify: false });
    expect((await testStatus(test.TestNo)).Status).toBe('paid');

    server.clock.advance(10 * 60_000);
    const closed = await testStatus(unpaid.TestNo);
    expect(closed).toMatchObject({ Status: 'closed', StatusName: '已关闭', QrCode: '' });
    expect(wechat.orders.get(unpaid.TestNo)!.state).toBe('CLOSED');
  });

  it('pays a 支付宝 test through its signed notification, once', async () => {
    const saved = await admin.post('/api/staff/SavePaymentGatewaySettings', alipaySettings());
    expect(saved.success, saved.message).toBe(true);
    const before = await customerMoney();
    const test = await startTest(admin, 'alipay');
    expect(test).toMatchObject({ ProviderName: '支付宝', AmountFen: 1, Status: 'open' });
    expect(alipay.trades.get(test.TestNo)).toBeDefined();
    const first = await alipay.pay(test.TestNo);
    expect(first?.body).toBe('success');
    const again = await Promise.all([1, 2, 3].map(() => alipay.pay(test.TestNo)));
    expect(again.map((r) => r?.body)).toEqual(['success', 'success', 'success']);
    expect(await testStatus(test.TestNo)).toMatchObject({ Status: 'paid', StatusName: '支付成功' });
    expect(await customerMoney()).toBe(before);
  });

  it('is the merchant’s own: another merchant cannot read it, nor its notification pay it', async () => {
    const test = await startTest(admin, 'wechat');
    const other = await mapleAdmin.post('/api/staff/TestPaymentStatus', { TestNo: test.TestNo });
    expect(other).toMatchObject({
      success: false,
      apiCode: ApiCode.PaymentNotFound,
      message: '测试支付单不存在',
    });
    // maple has no 微信支付 account: a notification at its address is refused.
    await wechat.pay(test.TestNo, { notify: false });
    const { body, headers } = wechat.paidNotification(test.TestNo);
    const misrouted = await wechat.deliver('http://x/api/payment/notify/wechat/maple', body, headers);
    expect(misrouted.status).toBe(404);
    expect(
      (
        await server.context.db
          .selectFrom('gateway_test_payments')
          .select('status')
          .where('out_trade_no', '=', test.TestNo)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('open');
  });
});
