/**
 * The console's 测试支付 against the local fakes of 微信支付 API v3 and 支付宝 (test/fake-*.ts, real
 * protocols, keys the test generates): an administrator opens a 0.01 元 QR trade at the merchant's
 * own saved account, the fake pays it with a signed notification, the test payment reads 支付成功
 * and is refunded to the payer (已自动退款) through exactly one refund request, however the
 * notification is replayed; the maintenance job's round settles, refunds and closes test trades
 * whose notification never came; no customer's balance or ledger moves; other roles and other
 * merchants are refused.
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

/** The refund requests the fakes received for a test payment. */
function wechatRefundRequests(testNo: string) {
  return wechat.requests.filter(
    (r) =>
      r.path === '/v3/refund/domestic/refunds' &&
      ((r.body as { out_refund_no?: string })?.out_refund_no ?? '').startsWith(`${testNo}_R`),
  );
}
function alipayRefundRequests(testNo: string) {
  return alipay.requests.filter((r) => r.method === 'alipay.trade.refund' && r.biz?.out_trade_no === testNo);
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

async function rowOf(testNo: string) {
  return server.context.db
    .selectFrom('gateway_test_payments')
    .selectAll()
    .where('out_trade_no', '=', testNo)
    .executeTakeFirstOrThrow();
}

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
    expect(paid).toMatchObject({
      Status: 'paid',
      StatusName: '支付成功',
      IsPaid: true,
      QrCode: '',
      // Refunded through 微信支付's refund API at once; it answers 退款处理中.
      RefundStatus: 'processing',
      RefundStatusName: '退款中',
      RefundNo: `${test.TestNo}_R1`,
      CanRetryRefund: false,
    });
    expect(paid.GatewayTradeNo).toBe(wechat.orders.get(test.TestNo)!.transactionId);
    expect(paid.PaidAt).not.toBeNull();
    const refundRequest = wechatRefundRequests(test.TestNo);
    expect(refundRequest).toHaveLength(1);
    expect(refundRequest[0]!.body).toMatchObject({
      out_refund_no: `${test.TestNo}_R1`,
      amount: { refund: 1, total: 1, currency: 'CNY' },
    });
    expect((refundRequest[0]!.body as { notify_url: string }).notify_url).toMatch(
      /\/api\/payment\/notify\/wechat\/demo$/,
    );

    // Replayed, and in parallel: answered, nothing changes, no second refund is asked.
    const replays = await Promise.all([1, 2, 3, 4].map(() => wechat.notifyPaid(test.TestNo)));
    expect(replays.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(await testStatus(test.TestNo)).toEqual(paid);
    expect(wechatRefundRequests(test.TestNo)).toHaveLength(1);

    // 微信支付's REFUND.SUCCESS ends it, once (also repeated in parallel), on an account not enabled.
    const ended = await Promise.all([1, 2, 3].map(() => wechat.finishRefund(`${test.TestNo}_R1`)));
    expect(ended.map((r) => r.status)).toEqual([204, 204, 204]);
    const refunded = await testStatus(test.TestNo);
    expect(refunded).toMatchObject({
      Status: 'paid',
      RefundStatus: 'success',
      RefundStatusName: '已自动退款',
    });
    expect(refunded.RefundedAt).not.toBeNull();
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
    expect(asked).toMatchObject({ Status: 'paid', RefundStatus: 'processing' });
    expect(wechatRefundRequests(test.TestNo)).toHaveLength(1);
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
    // 支付宝 refunds at once: 已自动退款, through one alipay.trade.refund.
    expect(await testStatus(test.TestNo)).toMatchObject({
      Status: 'paid',
      StatusName: '支付成功',
      RefundStatus: 'success',
      RefundStatusName: '已自动退款',
    });
    const refunds = alipayRefundRequests(test.TestNo);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.biz).toMatchObject({ refund_amount: '0.01', out_request_no: `${test.TestNo}_R1` });
    expect(alipay.trades.get(test.TestNo)!.refunded).toBe(1);
    expect(await customerMoney()).toBe(before);
  });

  it('asks for exactly one refund when the first notifications arrive in parallel', async () => {
    const wechatTest = await startTest(admin, 'wechat');
    await wechat.pay(wechatTest.TestNo, { notify: false });
    const wechatNotices = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => wechat.notifyPaid(wechatTest.TestNo)),
    );
    expect(wechatNotices.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(wechatRefundRequests(wechatTest.TestNo)).toHaveLength(1);
    expect(await testStatus(wechatTest.TestNo)).toMatchObject({ RefundStatus: 'processing' });

    const alipayTest = await startTest(admin, 'alipay');
    const alipayNotices = await Promise.all([1, 2, 3, 4, 5, 6].map(() => alipay.pay(alipayTest.TestNo)));
    expect(alipayNotices.map((r) => r?.body)).toEqual(Array(6).fill('success'));
    expect(alipayRefundRequests(alipayTest.TestNo)).toHaveLength(1);
    expect(await testStatus(alipayTest.TestNo)).toMatchObject({ RefundStatus: 'success' });
  });

  it('shows a refused refund with the gateway’s reason, and 重试退款 asks once more', async () => {
    alipay.refundRefusal = { sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', sub_msg: '卖家余额不足' };
    const test = await startTest(admin, 'alipay');
    await alipay.pay(test.TestNo);
    const failed = await testStatus(test.TestNo);
    expect(failed).toMatchObject({
      Status: 'paid',
      RefundStatus: 'failed',
      RefundStatusName: '退款失败',
      CanRetryRefund: true,
    });
    expect(failed.RefundFailure).toContain('卖家余额不足');
    // Replays and the maintenance round do not retry on their own.
    await alipay.pay(test.TestNo);
    server.clock.advance(2 * 60_000);
    await server.services.testPayments.reconcile();
    expect(alipayRefundRequests(test.TestNo)).toHaveLength(1);

    // Other roles may not retry; a retry clicked twice at once asks once, under a new number.
    const finance = await admin.hire('financeretry', ['finance']);
    const forbidden = await finance.post('/api/staff/RetryTestPaymentRefund', { TestNo: test.TestNo });
    expect(forbidden).toMatchObject({ success: false, apiCode: ApiCode.StaffForbidden });
    alipay.refundRefusal = null;
    const retries = await Promise.all(
      [1, 2].map(() => admin.post<TestPayment>('/api/staff/RetryTestPaymentRefund', { TestNo: test.TestNo })),
    );
    const succeeded = retries.filter((r) => r.success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const refused of retries.filter((r) => !r.success)) {
      expect(refused).toMatchObject({ apiCode: ApiCode.ValidationFailed });
      expect(refused.message).toMatch(/正在退款|已退款/);
    }
    const requests = alipayRefundRequests(test.TestNo);
    expect(requests.map((r) => r.biz.out_request_no)).toEqual([`${test.TestNo}_R1`, `${test.TestNo}_R2`]);
    expect(await testStatus(test.TestNo)).toMatchObject({
      RefundStatus: 'success',
      RefundNo: `${test.TestNo}_R2`,
    });
    const again = await admin.post('/api/staff/RetryTestPaymentRefund', { TestNo: test.TestNo });
    expect(again).toMatchObject({ success: false, message: '这笔测试支付已退款，无需重试' });
  });

  it('records a refund 微信支付 ends abnormally as 退款失败', async () => {
    const test = await startTest(admin, 'wechat');
    await wechat.pay(test.TestNo);
    expect(await testStatus(test.TestNo)).toMatchObject({ RefundStatus: 'processing' });
    const abnormal = await wechat.finishRefund(`${test.TestNo}_R1`, 'ABNORMAL');
    expect(abnormal.status).toBe(204);
    const failed = await testStatus(test.TestNo);
    expect(failed).toMatchObject({ RefundStatus: 'failed', CanRetryRefund: true });
    expect(failed.RefundFailure).toContain('微信支付退款未成功');
    // A refused request (商户余额不足) is shown with 微信支付's reason.
    wechat.refundMode = 'refuse';
    try {
      const retried = await admin.post<TestPayment>('/api/staff/RetryTestPaymentRefund', {
        TestNo: test.TestNo,
      });
      expect(retried.success, retried.message).toBe(true);
      expect(retried.data).toMatchObject({ RefundStatus: 'failed', RefundNo: `${test.TestNo}_R2` });
      expect(retried.data.RefundFailure).toContain('基本账户余额不足');
    } finally {
      wechat.refundMode = 'processing';
    }
  });

  it('is reconciled by the maintenance job: a paid one without notification is settled and refunded, an expired one closed', async () => {
    const before = await customerMoney();
    const wechatPaid = await startTest(admin, 'wechat');
    const alipayPaid = await startTest(admin, 'alipay');
    const unpaid = await startTest(admin, 'wechat');
    await wechat.pay(wechatPaid.TestNo, { notify: false });
    await alipay.pay(alipayPaid.TestNo, { notify: false });

    // Younger than a minute: not asked yet.
    const early = await server.services.testPayments.reconcile();
    expect(early.checked).toBe(0);
    server.clock.advance(61_000);
    const round = await server.services.testPayments.reconcile();
    expect(round).toMatchObject({ settled: 2 });
    expect(await rowOf(wechatPaid.TestNo)).toMatchObject({ status: 'paid', refund_status: 'processing' });
    expect(await rowOf(alipayPaid.TestNo)).toMatchObject({ status: 'paid', refund_status: 'success' });
    expect(await rowOf(unpaid.TestNo)).toMatchObject({ status: 'open' });
    expect(wechatRefundRequests(wechatPaid.TestNo)).toHaveLength(1);
    expect(alipayRefundRequests(alipayPaid.TestNo)).toHaveLength(1);

    // Two rounds at once (two app servers) still ask one refund each, and settle each once.
    server.clock.advance(10 * 60_000);
    const rounds = await Promise.all([1, 2].map(() => server.services.testPayments.reconcile()));
    expect(rounds.reduce((sum, r) => sum + r.closed, 0)).toBe(1);
    expect(await rowOf(unpaid.TestNo)).toMatchObject({ status: 'closed' });
    expect(wechat.orders.get(unpaid.TestNo)!.state).toBe('CLOSED');
    // The unanswered 微信 refund is asked again with the same number (微信支付 refunds it once).
    const sameNumbers = new Set(
      wechatRefundRequests(wechatPaid.TestNo).map((r) => (r.body as any).out_refund_no),
    );
    expect([...sameNumbers]).toEqual([`${wechatPaid.TestNo}_R1`]);
    expect(wechat.orders.get(wechatPaid.TestNo)!.refunded).toBe(1);
    expect(await customerMoney()).toBe(before);
  });

  it('refunds a test paid while the server stopped before asking, once, however many rounds run at once', async () => {
    const test = await startTest(admin, 'alipay');
    await alipay.pay(test.TestNo);
    expect(alipayRefundRequests(test.TestNo)).toHaveLength(1);
    // As if the server had stopped between recording the payment and asking for its refund.
    const crashed = await startTest(admin, 'alipay');
    await alipay.pay(crashed.TestNo, { notify: false });
    await server.context.db
      .updateTable('gateway_test_payments')
      .set({
        status: 'paid',
        provider_trade_no: alipay.trades.get(crashed.TestNo)!.tradeNo,
        paid_at: server.clock.now(),
      })
      .where('out_trade_no', '=', crashed.TestNo)
      .execute();
    expect(await rowOf(crashed.TestNo)).toMatchObject({ status: 'paid', refund_status: '' });
    await Promise.all([1, 2, 3, 4].map(() => server.services.testPayments.reconcile()));
    expect(alipayRefundRequests(crashed.TestNo)).toHaveLength(1);
    expect(await testStatus(crashed.TestNo)).toMatchObject({
      RefundStatus: 'success',
      RefundNo: `${crashed.TestNo}_R1`,
    });
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
