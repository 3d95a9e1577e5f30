/**
 * 支付宝 in 公钥证书 mode against the local fake (test/fake-alipay.ts): the application's,
 * 支付宝's and the root certificates (made by openssl, issued by the fake's own root CA) are
 * checked and sealed when saved; every request carries app_cert_sn and alipay_root_cert_sn, which
 * the fake recomputes by the documented rule and checks; answers and notifications are verified
 * with the key of 支付宝's certificate.
 */
import { X509Certificate, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type PayStatus, type PaymentGatewaySettings } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeAlipay, type FakeAlipayApp } from '../../test/fake-alipay.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';

let server: TestServer;
let fake: FakeAlipay;
let app: FakeAlipayApp;
let otherApp: FakeAlipayApp;
let staff: StaffClient;
let shopper: Shopper;

function certSettings(overrides: Record<string, unknown> = {}) {
  const certs = app.certificates!;
  return {
    Provider: 'alipay',
    Enabled: true,
    AppId: app.appId,
    SellerId: app.sellerId,
    KeyMode: 'cert',
    PrivateKey: app.privateKey,
    AppCert: certs.appCert,
    AlipayPublicCert: certs.alipayPublicCert,
    AlipayRootCert: certs.alipayRootCert,
    ...overrides,
  };
}

async function isPaid(paymentNo: string): Promise<boolean> {
  const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', { PaymentNo: paymentNo });
  return status.data.IsPaid;
}

beforeAll(async () => {
  let serverUrl = '';
  fake = new FakeAlipay((notifyUrl) => `${serverUrl}${new URL(notifyUrl).pathname}`);
  await fake.start();
  server = await startTestServer({
    PAYMENT_CONFIG_KEY: randomBytes(32).toString('hex'),
    PAYMENT_ALIPAY_GATEWAY_URL: fake.url,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  app = fake.addApp('2021000122600001');
  otherApp = fake.addApp('2021000122600002');
  fake.useCertificates(app);
  fake.useCertificates(otherApp);
  staff = await StaffClient.signIn(server, 'demo.localhost');
  shopper = await Shopper.demo(server);
});

afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe('支付宝 公钥证书', () => {
  it('refuses certificates that are not certificates, or not of the application’s key', async () => {
    const garbage = await staff.post(
      '/api/staff/SavePaymentGatewaySettings',
      certSettings({ AppCert: 'abc' }),
    );
    expect(garbage).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(garbage.message).toBe('应用公钥证书格式不正确：需要 .crt 文件中的 PEM 证书');
    const another = await staff.post(
      '/api/staff/SavePaymentGatewaySettings',
      certSettings({ AppCert: otherApp.certificates!.appCert }),
    );
    expect(another.message).toBe('应用公钥证书与应用私钥不匹配，请上传本应用的 appCertPublicKey 证书');
    const missing = await staff.post(
      '/api/staff/SavePaymentGatewaySettings',
      certSettings({ AlipayRootCert: undefined }),
    );
    expect(missing.message).toBe('启用支付宝前请填写：支付宝根证书');
    const read = await staff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(read.data.Alipay.Configured).toBe(false);
  });

  it('saves the certificates sealed, with the serial numbers 支付宝 expects', async () => {
    const saved = await staff.post<PaymentGatewaySettings>(
      '/api/staff/SavePaymentGatewaySettings',
      certSettings(),
    );
    expect(saved.success, saved.message).toBe(true);
    // The SDK's serial numbers equal the fake's, computed by the documented rule on its own.
    expect(saved.data.Alipay).toMatchObject({
      Enabled: true,
      KeyMode: 'cert',
      HasAppCert: true,
      HasAlipayPublicCert: true,
      HasAlipayRootCert: true,
      HasAlipayPublicKey: false,
      AppCertSn: app.certificates!.appCertSn,
      AlipayRootCertSn: app.certificates!.alipayRootCertSn,
    });
    expect(JSON.stringify(saved.data)).not.toContain('BEGIN CERTIFICATE');
    const row = await server.context.db
      .selectFrom('payment_gateway_accounts')
      .select(['secret_box', 'public_settings'])
      .where('provider', '=', 'alipay')
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain('CERTIFICATE');
    expect(row.public_settings).not.toContain('CERTIFICATE');
  });

  it('sends the serial numbers with every request and believes only 支付宝’s certificate key', async () => {
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const qr = await shopper.qrCode(payment.PaymentNo, 'alipay');
    expect(qr.CodeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const request = fake.requests.filter((r) => r.method === 'alipay.trade.precreate').at(-1)!;
    expect(request.signed).toBe(true);
    expect(request.params.app_cert_sn).toBe(app.certificates!.appCertSn);
    expect(request.params.alipay_root_cert_sn).toBe(app.certificates!.alipayRootCertSn);
    const outTradeNo = String(request.biz.out_trade_no);

    // A notification signed with a key that is not 支付宝's certificate's is refused.
    await fake.pay(outTradeNo, { notify: false });
    const { fields, notifyUrl } = fake.notification(outTradeNo, { signingKey: otherApp.privateKey });
    expect((await fake.deliver(notifyUrl, fields)).body).toBe('fail');
    expect(await isPaid(payment.PaymentNo)).toBe(false);
    const delivered = await fake.pay(outTradeNo);
    expect(delivered?.body).toBe('success');
    expect(await isPaid(payment.PaymentNo)).toBe(true);
    await auditMoney(server);
  });

  it('is refused by 支付宝 once the certificates changed there, with its reason', async () => {
    const renewed = app.certificates!;
    app.certificates = { ...renewed, appCertSn: 'f'.repeat(32) };
    try {
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      const refused = await shopper.post('/api/payment/getqrcode', {
        PaymentNo: payment.PaymentNo,
        PayType: 'alipay',
      });
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
      expect(refused.message).toContain('序列号不匹配');
    } finally {
      app.certificates = renewed;
    }
  });

  it('refuses an expired, a not-yet-valid and a wrong-root certificate, naming it and its dates', async () => {
    const now = server.clock.now();
    const day = 86_400_000;
    const china = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const before = await staff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'expired',
        { AppCert: fake.appCertificate(app, { notBefore: now - 400 * day, notAfter: now - 35 * day }) },
        `应用公钥证书已过期（有效期 ${china(now - 400 * day)} 至 ${china(now - 35 * day)}），请下载新的证书后重新保存`,
      ],
      [
        'not yet valid',
        { AppCert: fake.appCertificate(app, { notBefore: now + 2 * day, notAfter: now + 400 * day }) },
        `应用公钥证书尚未生效（有效期 ${china(now + 2 * day)} 至 ${china(now + 400 * day)}），请检查证书是否上传正确`,
      ],
      [
        'application certificate of another root',
        { AppCert: fake.wrongRoot(app).appCert },
        '应用公钥证书不是由所上传的支付宝根证书签发的，请上传开放平台同一应用下载的 alipayRootCert.crt',
      ],
      [
        'root file of another CA',
        { AlipayRootCert: fake.wrongRoot(app).rootCert },
        '应用公钥证书不是由所上传的支付宝根证书签发的，请上传开放平台同一应用下载的 alipayRootCert.crt',
      ],
    ];
    for (const [name, overrides, message] of cases) {
      const refused = await staff.post('/api/staff/SavePaymentGatewaySettings', certSettings(overrides));
      expect(refused, name).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message });
    }
    // Nothing saved by any of them.
    const after = await staff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(after.data.Alipay).toEqual(before.data.Alipay);
  });

  it('lists each certificate’s serial and valid-until date, and warns within 30 days of expiry', async () => {
    const read = await staff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    const serial = (pem: string) => new X509Certificate(pem).serialNumber.toUpperCase();
    const certs = app.certificates!;
    const rsaRoot = certs.alipayRootCert
      .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!
      .at(-1)!;
    expect(read.data.Alipay.Certificates.map((c) => [c.Name, c.SerialNo, c.ExpiresSoon])).toEqual([
      ['应用公钥证书', serial(certs.appCert), false],
      // Of the root file's two certificates (an EC one and the RSA root), the one that issues them.
      ['支付宝根证书', serial(rsaRoot), false],
      ['支付宝公钥证书', serial(certs.alipayPublicCert), false],
    ]);
    expect(read.data.Alipay.Certificates[0]!.ValidTo).toBe(
      new Date(new X509Certificate(certs.appCert).validTo).toISOString(),
    );
  });

  it('refuses to use certificates once they expired, naming which and when (the server’s clock)', async () => {
    const now = server.clock.now();
    const day = 86_400_000;
    const shortLived = fake.addApp('2021000122600003');
    fake.useCertificates(shortLived, { notBefore: now - day, notAfter: now + 2 * 3_600_000 });
    const saved = await staff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
      Provider: 'alipay',
      Enabled: true,
      AppId: shortLived.appId,
      SellerId: shortLived.sellerId,
      KeyMode: 'cert',
      PrivateKey: shortLived.privateKey,
      AppCert: shortLived.certificates!.appCert,
      AlipayPublicCert: shortLived.certificates!.alipayPublicCert,
      AlipayRootCert: shortLived.certificates!.alipayRootCert,
    });
    expect(saved.success, saved.message).toBe(true);
    // Two hours left: each is flagged on the console.
    const flagged = saved.data.Alipay.Certificates.filter((c) => c.Name !== '支付宝根证书');
    expect(flagged.map((c) => c.ExpiresSoon)).toEqual([true, true]);

    server.clock.advance(3 * 3_600_000);
    // Signed in again after the hours passed.
    shopper = await Shopper.demo(server);
    staff = await StaffClient.signIn(server, 'demo.localhost');
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const precreates = fake.requests.filter((r) => r.method === 'alipay.trade.precreate').length;
    const refused = await shopper.post('/api/payment/getqrcode', {
      PaymentNo: payment.PaymentNo,
      PayType: 'alipay',
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
    expect(refused.message).toMatch(
      /^支付宝：应用公钥证书已过期（有效期 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}），/,
    );
    // Refused before 支付宝 was asked.
    expect(fake.requests.filter((r) => r.method === 'alipay.trade.precreate')).toHaveLength(precreates);
    const test = await staff.post('/api/staff/StartTestPayment', { Provider: 'alipay' });
    expect(test).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
    expect(test.message).toContain('应用公钥证书已过期');
  });
});
