/**
 * 微信支付 accounts on platform certificates (docs/payments.md): the merchant pastes no platform
 * key; on saving, the server downloads `GET /v3/certificates` from the fake (X.509 certificates
 * made by openssl, each encrypted with the merchant's APIv3 key), checks and keeps them by serial,
 * verifies answers and notifications with them, and downloads them again when 微信支付 rotates to
 * a new serial — at most once a minute, so a forged serial cannot make it ask at every request.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type PayStatus, type PaymentGatewaySettings } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { FakeWechatPay, type FakeWechatMerchant } from '../../test/fake-wechat-pay.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';

const CONFIG_KEY = randomBytes(32).toString('hex');

let server: TestServer;
let fake: FakeWechatPay;
let account: FakeWechatMerchant;
let mapleAccount: FakeWechatMerchant;
let staff: StaffClient;
let mapleStaff: StaffClient;
let shopper: Shopper;

function downloadSettings(merchant: FakeWechatMerchant, apiV3Key = merchant.apiV3Key) {
  return {
    Provider: 'wechat',
    Enabled: true,
    MchId: merchant.mchId,
    AppId: merchant.appId,
    MerchantSerialNo: merchant.merchantSerialNo,
    DownloadPlatformCertificates: true,
    PrivateKey: merchant.privateKey,
    ApiV3Key: apiV3Key,
  };
}

const certificateDownloads = () =>
  fake.requests.filter((request) => request.path === '/v3/certificates').length;

async function storedSerials(): Promise<string[]> {
  const rows = await server.context.db
    .selectFrom('wechat_platform_certificates')
    .select('serial_no')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.serial_no);
}

/** A new order of the shopper with its 微信支付 code: the payment and its trade at the fake. */
async function orderWithCode(): Promise<{ paymentNo: string; outTradeNo: string }> {
  const order = await shopper.placeOrder();
  const payment = await shopper.createPayment([order.Id]);
  await shopper.qrCode(payment.PaymentNo, 'wechat');
  const outTradeNo = [...fake.orders.keys()].filter((no) => no.startsWith(payment.PaymentNo)).at(-1)!;
  return { paymentNo: payment.PaymentNo, outTradeNo };
}

async function isPaid(paymentNo: string): Promise<boolean> {
  const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', { PaymentNo: paymentNo });
  return status.data.IsPaid;
}

beforeAll(async () => {
  let serverUrl = '';
  fake = new FakeWechatPay(
    () => server.clock.now(),
    (notifyUrl) => `${serverUrl}${new URL(notifyUrl).pathname}`,
  );
  await fake.start();
  server = await startTestServer({ PAYMENT_CONFIG_KEY: CONFIG_KEY, PAYMENT_WECHAT_API_URL: fake.url });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  account = fake.addMerchant('1900000109', 'wxd678efh567hg6787');
  mapleAccount = fake.addMerchant('1900000110', 'wxd678efh567hg6799');
  fake.useCertificates();
  staff = await StaffClient.signIn(server, 'demo.localhost');
  mapleStaff = await StaffClient.signIn(server, 'maple.localhost');
  shopper = await Shopper.demo(server);
});

afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe('微信支付 platform certificates downloaded by the server', () => {
  it('refuses a wrong APIv3 key (the certificates do not decrypt) and saves nothing', async () => {
    const saved = await mapleStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...downloadSettings(mapleAccount, 'x'.repeat(32)),
    });
    expect(saved).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
    expect(saved.message).toBe(
      '下载微信支付平台证书失败：微信支付平台证书无效：无法用 APIv3 密钥解密，请核对 APIv3 密钥',
    );
    const read = await mapleStaff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(read.data.Wechat.Configured).toBe(false);
    expect(await storedSerials()).toEqual([]);
    const noSerial = await mapleStaff.post('/api/staff/SavePaymentGatewaySettings', {
      ...downloadSettings(mapleAccount),
      DownloadPlatformCertificates: false,
    });
    expect(noSerial.message).toBe('请填写微信支付公钥 ID 或平台证书序列号，或选择由服务器下载平台证书');
    // An answer whose signature is not by one of its certificates is not believed.
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fake.forgedCertificatesSigner = {
      privateKey: forger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      serial: fake.platformSerial,
    };
    try {
      const forged = await mapleStaff.post(
        '/api/staff/SavePaymentGatewaySettings',
        downloadSettings(mapleAccount),
      );
      expect(forged).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
      expect(forged.message).toBe(
        '下载微信支付平台证书失败：微信支付平台证书的应答签名无效（bad signature）',
      );
    } finally {
      fake.forgedCertificatesSigner = null;
    }
    expect(await storedSerials()).toEqual([]);
  });

  it('downloads, decrypts and keeps the certificates when the account is saved without a platform key', async () => {
    const saved = await staff.post<PaymentGatewaySettings>(
      '/api/staff/SavePaymentGatewaySettings',
      downloadSettings(account),
    );
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data.Wechat).toMatchObject({
      Enabled: true,
      DownloadPlatformCertificates: true,
      PlatformCertificates: [{ SerialNo: fake.platformSerial }],
      HasPlatformPublicKey: false,
      PlatformSerial: '',
    });
    expect(await storedSerials()).toEqual([fake.platformSerial]);
    const row = await server.context.db
      .selectFrom('wechat_platform_certificates')
      .select('certificate')
      .executeTakeFirstOrThrow();
    expect(row.certificate).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('verifies answers and notifications with the downloaded certificate', async () => {
    const { paymentNo, outTradeNo } = await orderWithCode();
    const delivered = await fake.pay(outTradeNo);
    expect(delivered?.status).toBe(204);
    expect(await isPaid(paymentNo)).toBe(true);
    // A notification signed by a key that is no certificate's is refused.
    const { paymentNo: otherNo, outTradeNo: other } = await orderWithCode();
    await fake.pay(other, { notify: false });
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { body, notifyUrl } = fake.paidNotification(other);
    const forged = await fake.deliver(
      notifyUrl,
      body,
      fake.signedHeaders(body, forger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    );
    expect(forged.status).toBe(401);
    expect(await isPaid(otherNo)).toBe(false);
  });

  it('downloads the certificates again when 微信支付 signs with a new serial, and no more than once a minute', async () => {
    const before = certificateDownloads();
    const oldSerial = fake.platformSerial;
    const newSerial = fake.rotateCertificate();
    const { paymentNo, outTradeNo } = await orderWithCode();
    // The order's answer was signed by the new certificate: downloaded once, then believed.
    expect(certificateDownloads()).toBe(before + 1);
    expect(await storedSerials()).toEqual([oldSerial, newSerial]);
    const delivered = await fake.pay(outTradeNo);
    expect(delivered?.status).toBe(204);
    expect(await isPaid(paymentNo)).toBe(true);

    // A forged serial within the minute: refused without asking 微信支付 again.
    const { outTradeNo: other } = await orderWithCode();
    await fake.pay(other, { notify: false });
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { body, notifyUrl } = fake.paidNotification(other);
    const headers = fake.signedHeaders(
      body,
      forger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'ABCDEF0123456789ABCDEF0123456789ABCDEF01',
    );
    const results = await Promise.all([1, 2, 3].map(() => fake.deliver(notifyUrl, body, headers)));
    expect(results.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(certificateDownloads()).toBe(before + 1);
    await auditMoney(server);
  });

  it('refuses platform certificates that are expired or not yet valid, naming them and their dates', async () => {
    const now = server.clock.now();
    const day = 86_400_000;
    const china = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const before = await mapleStaff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});

    // Downloaded: 微信支付 lists only an expired certificate.
    const kept = fake.certificates.splice(0);
    const keptSerial = fake.platformSerial;
    try {
      const expiredSerial = fake.useCertificates({ notBefore: now - 400 * day, notAfter: now - 10 * day });
      const refused = await mapleStaff.post(
        '/api/staff/SavePaymentGatewaySettings',
        downloadSettings(mapleAccount),
      );
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
      expect(refused.message).toBe(
        `下载微信支付平台证书失败：微信支付未返回当前有效的平台证书：微信支付平台证书 ${expiredSerial}已过期（有效期 ${china(now - 400 * day)} 至 ${china(now - 10 * day)}），请下载新的证书后重新保存`,
      );
    } finally {
      fake.certificates.splice(0, fake.certificates.length, ...kept);
      fake.platformSerial = keptSerial;
    }

    // Pasted: an expired and a not-yet-valid platform certificate.
    for (const [validity, word] of [
      [{ notBefore: now - 400 * day, notAfter: now - 1 * day }, '已过期'],
      [{ notBefore: now + 3 * day, notAfter: now + 400 * day }, '尚未生效'],
    ] as const) {
      const serial = fake.useCertificates(validity);
      const pem = fake.certificates.at(-1)!.pem;
      fake.certificates.pop();
      fake.platformSerial = keptSerial;
      const refused = await mapleStaff.post('/api/staff/SavePaymentGatewaySettings', {
        ...downloadSettings(mapleAccount),
        DownloadPlatformCertificates: false,
        PlatformSerial: serial,
        PlatformPublicKey: pem,
      });
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
      expect(refused.message).toBe(
        `微信支付平台证书（序列号 ${serial}）${word}（有效期 ${china(validity.notBefore)} 至 ${china(validity.notAfter)}），` +
          (word === '已过期' ? '请下载新的证书后重新保存' : '请检查证书是否上传正确'),
      );
    }
    const after = await mapleStaff.post<PaymentGatewaySettings>('/api/staff/PaymentGatewaySettings', {});
    expect(after.data.Wechat).toEqual(before.data.Wechat);
  });

  it('shows a pasted platform certificate’s serial and expiry, warns within 30 days, and stops using it once expired', async () => {
    const now = server.clock.now();
    const serial = fake.useCertificates({ notBefore: now - 86_400_000, notAfter: now + 2 * 3_600_000 });
    const pem = fake.certificates.at(-1)!.pem;
    const saved = await mapleStaff.post<PaymentGatewaySettings>('/api/staff/SavePaymentGatewaySettings', {
      ...downloadSettings(mapleAccount),
      DownloadPlatformCertificates: false,
      PlatformSerial: serial,
      PlatformPublicKey: pem,
    });
    expect(saved.success, saved.message).toBe(true);
    // openssl writes whole seconds.
    const seconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
    expect(saved.data.Wechat.PlatformCertificates).toEqual([
      {
        SerialNo: serial,
        EffectiveAt: seconds(now - 86_400_000),
        ExpiresAt: seconds(now + 2 * 3_600_000),
        ExpiresSoon: true,
      },
    ]);
    // While valid, the account works: a test payment is opened.
    const opened = await mapleStaff.post('/api/staff/StartTestPayment', { Provider: 'wechat' });
    expect(opened.success, opened.message).toBe(true);

    server.clock.advance(3 * 3_600_000);
    mapleStaff = await StaffClient.signIn(server, 'maple.localhost');
    const orders = fake.requests.filter((r) => r.path === '/v3/pay/transactions/native').length;
    const refused = await mapleStaff.post('/api/staff/StartTestPayment', { Provider: 'wechat' });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PaymentGatewayFailed });
    expect(refused.message).toMatch(
      /^微信支付平台证书已过期（有效期 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}），/,
    );
    expect(fake.requests.filter((r) => r.path === '/v3/pay/transactions/native')).toHaveLength(orders);
  });
});
