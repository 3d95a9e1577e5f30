/**
 * 微信内支付 (JSAPI) end to end against the local fake of 微信支付 and 微信's 网页授权
 * (test/fake-wechat-pay.ts): the 公众号 AppID and AppSecret on the merchant's account (the secret
 * sealed, never returned); JSAPI not offered without them; 网页授权 with a state bound to the
 * session and the payment (forged, another session's, replayed and parallel states refused, a
 * code used twice refused); the openid kept so 网页授权 happens once; the JSAPI order with the
 * payer's openid, paySign verified with the merchant's public key; the notification settling once
 * under parallel replays; another amount refused. 微信内充值 (WechatJsapiRecharge): refused with
 * nothing stored without the 公众号; a new recharge whose 网页授权 comes back with its no, credited
 * only by the notification.
 */
import { createVerify, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  OrderStatus,
  type PayStatus,
  type PaymentGatewaySettings,
  type WechatJsapiPay,
  type WechatOauthCallback,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeWechatPay, type FakeWechatMerchant } from '../../test/fake-wechat-pay.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';

const CONFIG_KEY = randomBytes(32).toString('hex');

let server: TestServer;
let fake: FakeWechatPay;
let account: FakeWechatMerchant;
let staff: StaffClient;
let shopper: Shopper;

function settings(extra: Record<string, unknown> = {}) {
  return {
    Provider: 'wechat',
    Enabled: true,
    MchId: account.mchId,
    AppId: account.appId,
    MerchantSerialNo: account.merchantSerialNo,
    PlatformSerial: fake.platformSerial,
    PrivateKey: account.privateKey,
    ApiV3Key: account.apiV3Key,
    PlatformPublicKey: fake.platform.publicKey,
    ...extra,
  };
}

async function payStatus(who: Shopper, paymentNo: string): Promise<PayStatus> {
  const status = await who.post<PayStatus>('/api/payment/QueryPayStatus', { PaymentNo: paymentNo });
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

async function newPayment(who: Shopper): Promise<{ orderId: number; paymentNo: string }> {
  const order = await who.placeOrder();
  const payment = await who.createPayment([order.Id]);
  return { orderId: order.Id, paymentNo: payment.PaymentNo };
}

function jsapiPay(who: Shopper, paymentNo: string) {
  return who.post<WechatJsapiPay>('/api/payment/WechatJsapiPay', {
    PaymentNo: paymentNo,
    ReturnPath: `/user/order/pay?no=${paymentNo}&paid_with=wechat`,
  });
}

function jsapiRecharge(who: Shopper, amountFen: number) {
  return who.post<WechatJsapiPay>('/api/cust/WechatJsapiRecharge', {
    AmountFen: amountFen,
    ReturnPath: '/user/balance?paid_with=wechat',
  });
}

async function paymentCount(): Promise<number> {
  const row = await server.context.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The browser following 微信's 网页授权: answers the code and state it came back with. */
async function authorizeAt(authorizeUrl: string): Promise<{ code: string; state: string; back: URL }> {
  const response = await fetch(authorizeUrl.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', back };
}

function callback(who: Shopper, code: string, state: string) {
  return who.post<WechatOauthCallback>('/api/payment/WechatOauthCallback', { Code: code, State: state });
}

/** 网页授权 for `who` and this payment: the state and code have been used. */
async function authorize(who: Shopper, paymentNo: string): Promise<{ code: string; state: string }> {
  const first = await jsapiPay(who, paymentNo);
  expect(first.success, first.message).toBe(true);
  expect(first.data.Step).toBe('authorize');
  const { code, state } = await authorizeAt(first.data.AuthorizeUrl);
  const done = await callback(who, code, state);
  expect(done.success, done.message).toBe(true);
  expect(done.data).toEqual({ PaymentNo: paymentNo, IsAuthorized: true });
  return { code, state };
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
  server = await startTestServer({
    PAYMENT_CONFIG_KEY: CONFIG_KEY,
    PAYMENT_WECHAT_API_URL: fake.url,
    PAYMENT_WECHAT_OAUTH_URL: fake.url,
    PAYMENT_WECHAT_SNS_API_URL: fake.url,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  account = fake.addMerchant('1900000109', 'wxd678efh567hg6787');
  staff = await StaffClient.signIn(server, 'demo.localhost');
  shopper = await Shopper.demo(server);
});

afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe('the 公众号 of the merchant’s 微信支付 account', () => {
  it('offers no 微信内支付 without a 公众号', async () => {
    const saved = await staff.post<PaymentGatewaySettings>(
      '/api/staff/SavePaymentGatewaySettings',
      settings(),
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data.Wechat).toMatchObject({
      OfficialAppId: '',
      HasOfficialAppSecret: false,
      JsapiReady: false,
    });
    const { paymentNo } = await newPayment(shopper);
    expect(await payStatus(shopper, paymentNo)).toMatchObject({
      Methods: ['balance', 'wechat'],
      WechatJsapi: false,
    });
    const refused = await jsapiPay(shopper, paymentNo);
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentMethodUnavailable });
    expect(refused.message).toContain('在浏览器打开');
    // A recharge inside 微信 is refused the same way, before any recharge payment is stored.
    const payments = await paymentCount();
    const recharge = await jsapiRecharge(shopper, 5_000);
    expect(recharge).toMatchObject({ success: false, apiCode: ApiCode.PaymentMethodUnavailable });
    expect(recharge.message).toContain('在浏览器打开');
    expect(await paymentCount()).toBe(payments);
    expect(fake.requests.some((request) => request.path.endsWith('/jsapi'))).toBe(false);
  });

  it('refuses a 公众号 AppID that is not the one bound to the 商户号, and one without its secret', async () => {
    const other = await staff.post('/api/staff/SavePaymentGatewaySettings', {
      ...settings(),
      OfficialAppId: 'wx00000000000000aa',
      OfficialAppSecret: account.appSecret,
    });
    expect(other).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(other.message).toContain('公众号 AppID 必须是与商户号绑定的 AppID');
    const noSecret = await staff.post('/api/staff/SavePaymentGatewaySettings', {
      ...settings(),
      OfficialAppId: account.appId,
    });
    expect(noSecret).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(noSecret.message).toContain('请填写公众号 AppSecret');
    const badSecret = await staff.post('/api/staff/SavePaymentGatewaySettings', {
      ...settings(),
      OfficialAppId: account.appId,
      OfficialAppSecret: 'short',
    });
    expect(badSecret.message).toContain('公众号 AppSecret 应为 32 位字母或数字');
    const read = await staff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(read.data.Wechat).toMatchObject({ OfficialAppId: '', JsapiReady: false });
  });

  it('saves the AppSecret sealed, shows only that it is set, and keeps it when left empty', async () => {
    const saved = await staff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
      ...settings(),
      OfficialAppId: account.appId,
      OfficialAppSecret: account.appSecret,
    });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data.Wechat).toMatchObject({
      OfficialAppId: account.appId,
      HasOfficialAppSecret: true,
      JsapiReady: true,
    });
    const again = await staff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
      ...settings({ PrivateKey: '', ApiV3Key: '', PlatformPublicKey: '' }),
      OfficialAppId: account.appId,
      OfficialAppSecret: '',
    });
    expect(again.data.Wechat).toMatchObject({ HasOfficialAppSecret: true, JsapiReady: true });
    expect(JSON.stringify(again)).not.toContain(account.appSecret);
    const row = await server.context.db
      .selectFrom('payment_gateway_accounts')
      .selectAll()
      .where('provider', '=', 'wechat')
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(account.appSecret);
    expect(row.public_settings).not.toContain(account.appSecret);
    const audit = await server.context.db.selectFrom('staff_audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(account.appSecret);
  });
});

describe('网页授权 for the payer’s openid', () => {
  it('sends the payer to 微信’s snsapi_base authorize page, back to the pay page', async () => {
    const { paymentNo } = await newPayment(shopper);
    expect((await payStatus(shopper, paymentNo)).WechatJsapi).toBe(true);
    const first = await jsapiPay(shopper, paymentNo);
    expect(first.success, first.message).toBe(true);
    expect(first.data).toMatchObject({ Step: 'authorize', Bridge: null, PaymentNo: paymentNo });
    const url = new URL(first.data.AuthorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: account.appId,
      redirect_uri: `http://demo.localhost/user/order/pay?no=${paymentNo}&paid_with=wechat`,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(url.searchParams.get('state')).toMatch(/^[a-f0-9]{64}$/);
    // Nothing is ordered before the payer is known.
    expect(fake.requests.some((request) => request.path.endsWith('/jsapi'))).toBe(false);
  });

  it('refuses a forged state, another customer’s and another session’s, and stores no openid', async () => {
    const { paymentNo } = await newPayment(shopper);
    const first = await jsapiPay(shopper, paymentNo);
    const { code, state } = await authorizeAt(first.data.AuthorizeUrl);
    const forged = await callback(shopper, code, randomBytes(32).toString('hex'));
    expect(forged).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    expect(forged.message).toContain('微信授权不是本次登录发起的');
    const stranger = await Shopper.register(server, 'demo.localhost', '13700001638', '198.51.100.38');
    const theirs = await callback(stranger, code, state);
    expect(theirs).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    // The same customer signed in elsewhere is another session: the state is not theirs either.
    const elsewhere = await Shopper.demo(server);
    const otherSession = await callback(elsewhere, code, state);
    expect(otherSession).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    const bad = await shopper.post('/api/payment/WechatOauthCallback', { Code: code, State: 'x' });
    expect(bad).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(bad.message).toContain('state');
    const stored = await server.context.db.selectFrom('wechat_payer_openids').selectAll().execute();
    expect(stored).toEqual([]);
    // None of them used the code: 微信 was never asked.
    expect(fake.codeExchanges.filter((exchange) => exchange.code === code)).toEqual([]);
  });

  it('refuses a replayed state and a code 微信 already exchanged', async () => {
    const { paymentNo } = await newPayment(shopper);
    const first = await jsapiPay(shopper, paymentNo);
    const { code, state } = await authorizeAt(first.data.AuthorizeUrl);
    const answers = await Promise.all([callback(shopper, code, state), callback(shopper, code, state)]);
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    const refused = answers.find((answer) => !answer.success)!;
    expect(refused).toMatchObject({ apiCode: ApiCode.WechatAuthFailed });
    expect(refused.message).toContain('已使用');
    const replay = await callback(shopper, code, state);
    expect(replay).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    // A fresh state with the used code: 微信 refuses it (40163), and so does the server.
    await server.context.db.deleteFrom('wechat_payer_openids').execute();
    const again = await jsapiPay(shopper, paymentNo);
    expect(again.data.Step).toBe('authorize');
    const fresh = new URL(again.data.AuthorizeUrl).searchParams.get('state')!;
    const usedCode = await callback(shopper, code, fresh);
    expect(usedCode).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    expect(usedCode.message).toContain('授权码已使用');
    expect(fake.codeExchanges.filter((exchange) => exchange.code === code).map((e) => e.errcode)).toEqual([
      0, 40163,
    ]);
    expect(await server.context.db.selectFrom('wechat_payer_openids').selectAll().execute()).toEqual([]);
  });

  it('refuses a state brought back after ten minutes', async () => {
    const { paymentNo } = await newPayment(shopper);
    const first = await jsapiPay(shopper, paymentNo);
    const { code, state } = await authorizeAt(first.data.AuthorizeUrl);
    server.clock.advance(10 * 60_000 + 1);
    const late = await callback(shopper, code, state);
    expect(late).toMatchObject({ success: false, apiCode: ApiCode.WechatAuthFailed });
    expect(late.message).toContain('已过期');
  });
});

describe('paying with JSAPI inside 微信', () => {
  it('authorises once, orders with the payer’s openid, and signs the bridge’s parameters', async () => {
    await server.context.db.deleteFrom('wechat_payer_openids').execute();
    const { orderId, paymentNo } = await newPayment(shopper);
    await authorize(shopper, paymentNo);
    const stored = await server.context.db.selectFrom('wechat_payer_openids').selectAll().execute();
    expect(stored).toMatchObject([{ app_id: account.appId, openid: fake.openidOf(account.appId) }]);

    const paying = await jsapiPay(shopper, paymentNo);
    expect(paying.success, paying.message).toBe(true);
    expect(paying.data).toMatchObject({ Step: 'pay', AuthorizeUrl: '', PaymentNo: paymentNo });
    const bridge = paying.data.Bridge!;
    expect(bridge).toMatchObject({ appId: account.appId, signType: 'RSA' });
    expect(bridge.package).toMatch(/^prepay_id=wx\d+$/);
    expect(bridge.timeStamp).toBe(String(Math.floor(server.clock.now() / 1000)));
    const message = `${bridge.appId}\n${bridge.timeStamp}\n${bridge.nonceStr}\n${bridge.package}\n`;
    expect(
      createVerify('RSA-SHA256').update(message).verify(account.publicKey, bridge.paySign, 'base64'),
    ).toBe(true);
    const ordered = fake.requests.filter((request) => request.path === '/v3/pay/transactions/jsapi').at(-1)!;
    expect(ordered.signed).toBe(true);
    expect(ordered.body).toMatchObject({
      appid: account.appId,
      mchid: account.mchId,
      payer: { openid: fake.openidOf(account.appId) },
      amount: { currency: 'CNY' },
    });
    const trade = await server.context.db
      .selectFrom('payment_trades')
      .selectAll()
      .where('out_trade_no', '=', (ordered.body as { out_trade_no: string }).out_trade_no)
      .executeTakeFirstOrThrow();
    expect(trade).toMatchObject({ channel: 'jsapi', provider: 'wechat', status: 'open' });

    // The bridge says ok; only 微信支付's notification pays.
    expect((await payStatus(shopper, paymentNo)).IsPaid).toBe(false);
    const paid = await fake.payPrepay({ ...bridge });
    expect(paid).toMatchObject({ delivered: { status: 204 } });
    expect(await payStatus(shopper, paymentNo)).toMatchObject({ IsPaid: true, PayMethod: 'wechat' });
    const order = await shopper.post('/api/order/OrderDetail', { OrderId: orderId });
    expect(order.data.Status).toBe(OrderStatus.Reviewing);
    await auditMoney(server);

    // The next payment goes straight to the bridge: 网页授权 happened once.
    const next = await newPayment(shopper);
    const direct = await jsapiPay(shopper, next.paymentNo);
    expect(direct.data.Step).toBe('pay');
  });

  it('refuses a bridge whose paySign was not made with the merchant’s key (微信’s client checks it)', async () => {
    const { paymentNo } = await newPayment(shopper);
    const paying = await jsapiPay(shopper, paymentNo);
    const bridge = paying.data.Bridge!;
    expect(await fake.payPrepay({ ...bridge, nonceStr: `${bridge.nonceStr}X` })).toEqual({
      error: 'paySign',
    });
    expect((await payStatus(shopper, paymentNo)).IsPaid).toBe(false);
  });

  it('settles once under parallel replays of the notification', async () => {
    const { paymentNo } = await newPayment(shopper);
    const paying = await jsapiPay(shopper, paymentNo);
    const outTradeNo = fake.requests.filter((r) => r.path === '/v3/pay/transactions/jsapi').at(-1)!.body as {
      out_trade_no: string;
    };
    const prepayId = paying.data.Bridge!.package.slice('prepay_id='.length);
    const order = [...fake.orders.values()].find((entry) => entry.prepayId === prepayId)!;
    expect(order.outTradeNo).toBe(outTradeNo.out_trade_no);
    await fake.pay(order.outTradeNo, { notify: false });
    const lines = await ledgerCount();
    const { body, headers, notifyUrl } = fake.paidNotification(order.outTradeNo);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fake.deliver(notifyUrl, body, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await ledgerCount()).toBe(lines + 1);
    expect((await payStatus(shopper, paymentNo)).IsPaid).toBe(true);
    await auditMoney(server);
  });

  it('refuses a notification of another amount and changes nothing', async () => {
    const { paymentNo } = await newPayment(shopper);
    const paying = await jsapiPay(shopper, paymentNo);
    const prepayId = paying.data.Bridge!.package.slice('prepay_id='.length);
    const order = [...fake.orders.values()].find((entry) => entry.prepayId === prepayId)!;
    const lines = await ledgerCount();
    const altered = await fake.pay(order.outTradeNo, {
      tamper: { amount: { total: order.total - 1, payer_total: order.total - 1, currency: 'CNY' } },
    });
    expect(altered!.status).toBe(400);
    expect(await ledgerCount()).toBe(lines);
    expect((await payStatus(shopper, paymentNo)).IsPaid).toBe(false);
  });
});

describe('recharging with JSAPI inside 微信', () => {
  it('makes a recharge, authorises once (back with its no), and credits the balance only when 微信支付 says paid', async () => {
    await server.context.db.deleteFrom('wechat_payer_openids').execute();
    const before = await shopper.balance();
    const first = await jsapiRecharge(shopper, 5_000);
    expect(first.success, first.message).toBe(true);
    expect(first.data).toMatchObject({ Step: 'authorize', AmountFen: 5_000, Bridge: null });
    const paymentNo = first.data.PaymentNo;
    const { code, state, back } = await authorizeAt(first.data.AuthorizeUrl);
    expect(back.pathname).toBe('/user/balance');
    expect(back.searchParams.get('no')).toBe(paymentNo);
    expect(back.searchParams.get('paid_with')).toBe('wechat');
    const done = await callback(shopper, code, state);
    expect(done.data).toEqual({ PaymentNo: paymentNo, IsAuthorized: true });

    // Back on the balance page the recharge is paid like any payment.
    const paying = await jsapiPay(shopper, paymentNo);
    expect(paying.data).toMatchObject({ Step: 'pay', PaymentNo: paymentNo, AmountFen: 5_000 });
    const ordered = fake.requests.filter((request) => request.path === '/v3/pay/transactions/jsapi').at(-1)!;
    expect(ordered.body).toMatchObject({
      description: '余额充值',
      payer: { openid: fake.openidOf(account.appId) },
      amount: { total: 5_000 },
    });
    expect(await payStatus(shopper, paymentNo)).toMatchObject({ IsPaid: false, Purpose: 'recharge' });
    expect(await shopper.balance()).toBe(before);
    await fake.payPrepay({ ...paying.data.Bridge! });
    expect(await payStatus(shopper, paymentNo)).toMatchObject({ IsPaid: true, BalanceFen: before + 5_000 });
    expect(await shopper.balance()).toBe(before + 5_000);
    await auditMoney(server);

    // With the openid known, the next recharge goes straight to the bridge.
    const direct = await jsapiRecharge(shopper, 10_000);
    expect(direct.data).toMatchObject({ Step: 'pay', AmountFen: 10_000 });
    expect(direct.data.PaymentNo).not.toBe(paymentNo);
  });

  it('refuses an amount out of range with a clear message and stores nothing, also in parallel', async () => {
    const payments = await paymentCount();
    const answers = await Promise.all([jsapiRecharge(shopper, 99), jsapiRecharge(shopper, 10_000_001)]);
    for (const answer of answers) {
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(/充值|1 元|100000 元/);
    }
    expect(await paymentCount()).toBe(payments);
  });
});
