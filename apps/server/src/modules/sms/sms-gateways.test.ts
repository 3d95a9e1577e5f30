import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { FakeAliyunSms, FakeTencentSms } from '../../test/fake-sms-gateways.ts';
import { TestClient, outboxCount, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

/**
 * The merchants' SMS gateways (docs/sms.md) against stand-ins of Alibaba Cloud and Tencent Cloud
 * SMS on this machine that check each request's signature as the real APIs do.
 */
const SECOND = 1000;

const DEMO_ALIYUN = {
  id: 'LTAI5tDemoAccessKey',
  secret: 'demo-aliyun-secret-2026',
  signNames: ['墨砚快印'],
  templates: {
    SMS_100001: ['code'],
    SMS_100002: ['code'],
    SMS_100003: ['code'],
    SMS_100004: ['order', 'company', 'number'],
  },
};
const MAPLE_TENCENT = {
  id: 'AKIDmapleSecretId2026',
  secret: 'maple-tencent-secret-key',
  sdkAppId: '1400123456',
  signNames: ['红枫图文'],
  templates: {
    '2001': ['code', 'minutes'],
    '2002': ['code', 'minutes'],
    '2003': ['code', 'minutes'],
    '2004': ['order', 'company', 'number'],
  },
};

const demoSettings = {
  Provider: 'aliyun',
  AccessKeyId: DEMO_ALIYUN.id,
  AccessKeySecret: DEMO_ALIYUN.secret,
  SignName: '【墨砚快印】',
  Templates: {
    Register: 'SMS_100001',
    Login: 'SMS_100002',
    ResetPassword: 'SMS_100003',
    OrderShipped: 'SMS_100004',
  },
};
const mapleSettings = {
  Provider: 'tencent',
  AccessKeyId: MAPLE_TENCENT.id,
  AccessKeySecret: MAPLE_TENCENT.secret,
  SdkAppId: MAPLE_TENCENT.sdkAppId,
  Region: 'ap-guangzhou',
  SignName: '红枫图文',
  Templates: { Register: '2001', Login: '2002', ResetPassword: '2003', OrderShipped: '2004' },
};

let server: TestServer;
let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
let demoAdmin: StaffClient;
let mapleAdmin: StaffClient;

beforeAll(async () => {
  aliyun = await new FakeAliyunSms().start();
  tencent = await new FakeTencentSms().start();
  aliyun.addAccount(DEMO_ALIYUN);
  tencent.addAccount(MAPLE_TENCENT);
  server = await startTestServer({
    SMS_CONFIG_KEY: randomBytes(32).toString('hex'),
    SMS_ALIYUN_ENDPOINT: aliyun.url,
    SMS_TENCENT_ENDPOINT: tencent.url,
    SMS_GATEWAY_TIMEOUT_MS: 400,
  });
  demoAdmin = await StaffClient.signIn(server, 'demo.localhost');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
});
afterAll(async () => {
  await server.close();
  await aliyun.close();
  await tencent.close();
});
beforeEach(() => {
  aliyun.clearFaults();
  tencent.clearFaults();
  aliyun.delayMs = 0;
  tencent.delayMs = 0;
});

let lastIp = 0;
let lastNumber = 0;
/** A started client on an address of its own, so per-IP counts never mix between tests. */
async function freshClient(host: string): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, host, `198.51.100.${lastIp}`);
  await client.start();
  return client;
}
/** A number no test used before. */
function freshNumber(): string {
  lastNumber += 1;
  return `1360000${String(lastNumber).padStart(4, '0')}`;
}

async function codesOf(mobileNo: string): Promise<number> {
  const rows = await server.context.db
    .selectFrom('sms_codes')
    .select('id')
    .where('mobile_no', '=', mobileNo)
    .execute();
  return rows.length;
}

async function saveSettings(admin: StaffClient, settings: Record<string, unknown>) {
  return admin.post('/api/staff/SaveSmsSettings', settings);
}

describe('the SMS settings of the back office', () => {
  it('are saved by an administrator, the secret sealed and never returned', async () => {
    const saved = await saveSettings(demoAdmin, demoSettings);
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('短信设置已保存');
    expect(saved.data).toMatchObject({
      Provider: 'aliyun',
      ProviderName: '阿里云短信',
      AccessKeyId: DEMO_ALIYUN.id,
      AccessKeySecretSet: true,
      SignName: '墨砚快印',
      Templates: demoSettings.Templates,
    });
    const read = await demoAdmin.post('/api/staff/SmsSettings', {});
    expect(read.data).toEqual(saved.data);
    expect(JSON.stringify(read)).not.toContain(DEMO_ALIYUN.secret);

    const row = await server.context.db
      .selectFrom('merchant_sms_settings as s')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .select('s.secret_sealed')
      .where('m.code', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\.[\w-]+$/);
    expect(row.secret_sealed).not.toContain(DEMO_ALIYUN.secret);
    expect(Buffer.from(row.secret_sealed.slice(3), 'base64url').toString('latin1')).not.toContain(
      DEMO_ALIYUN.secret,
    );

    // Saved again without the secret: the stored one stays.
    const again = await saveSettings(demoAdmin, { ...demoSettings, AccessKeySecret: '' });
    expect(again.data.AccessKeySecretSet).toBe(true);
  });

  it('are refused with a Chinese reason when incomplete, and to staff who are not administrators', async () => {
    const noTemplate = await saveSettings(demoAdmin, {
      ...demoSettings,
      Templates: { ...demoSettings.Templates, Login: 'abc' },
    });
    expect(noTemplate).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(noTemplate.message).toContain('登录验证码模板应为阿里云模板 CODE');
    const tencentWithoutApp = await saveSettings(mapleAdmin, { ...mapleSettings, SdkAppId: '' });
    expect(tencentWithoutApp.message).toContain('请填写腾讯云短信 SDK AppID');
    // Another AccessKey ID needs its own secret.
    const otherKey = await saveSettings(demoAdmin, {
      ...demoSettings,
      AccessKeyId: 'LTAI5tOtherKey',
      AccessKeySecret: null,
    });
    expect(otherKey).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(otherKey.message).toContain('AccessKey Secret');
    const firstTime = await saveSettings(mapleAdmin, { ...mapleSettings, AccessKeySecret: '' });
    expect(firstTime.message).toBe('请填写 SecretKey');

    const clerk = await demoAdmin.hire('smsclerk', ['review', 'production', 'shipping', 'finance']);
    expect((await clerk.post('/api/staff/SmsSettings', {})).apiCode).toBe(ApiCode.StaffForbidden);
    expect((await saveSettings(clerk, demoSettings)).apiCode).toBe(ApiCode.StaffForbidden);
    expect((await clerk.post('/api/staff/SendTestSms', { MobileNo: '13600009999' })).apiCode).toBe(
      ApiCode.StaffForbidden,
    );
    // Nothing above changed the stored settings.
    expect((await demoAdmin.post('/api/staff/SmsSettings', {})).data).toMatchObject({
      AccessKeyId: DEMO_ALIYUN.id,
      AccessKeySecretSet: true,
      Templates: demoSettings.Templates,
    });
  });

  it('cannot be saved with a secret when the server has no SMS_CONFIG_KEY', async () => {
    const keyless = await startTestServer();
    try {
      const admin = await StaffClient.signIn(keyless, 'demo.localhost');
      const refused = await saveSettings(admin, demoSettings);
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.SmsSecretsUnavailable });
      const outbox = await saveSettings(admin, { Provider: '' });
      expect(outbox.success, outbox.message).toBe(true);
      expect(outbox.data).toMatchObject({ Provider: '', AccessKeySecretSet: false });
    } finally {
      await keyless.close();
    }
  });
});

describe('verification codes through the merchant’s gateway', () => {
  it('go through Alibaba Cloud with the merchant’s signature, the purpose’s template and ${code}', async () => {
    const client = await freshClient('demo.localhost');
    const mobileNo = freshNumber();
    const sent = await client.sendSms(mobileNo, 1);
    expect(sent).toMatchObject({ success: true, message: '短信已发送,请注意查收!' });
    const [sms] = aliyun.sentTo(mobileNo);
    expect(sms).toMatchObject({
      accountId: DEMO_ALIYUN.id,
      signName: '墨砚快印',
      template: 'SMS_100001',
      params: { code: expect.stringMatching(/^\d{6}$/) },
    });
    expect(aliyun.authFailures).toEqual([]);
    // Not in the outbox; the code the gateway carried registers the number.
    expect(await outboxCount(server, mobileNo)).toBe(0);
    const registered = await client.post('/api/cust/Register', {
      MobileNo: mobileNo,
      SmsCode: sms!.params.code,
      Password: 'Print2026',
      ConfirmPassword: 'Print2026',
    });
    expect(registered.success, registered.message).toBe(true);

    server.clock.advance(61 * SECOND);
    expect((await client.sendSms(mobileNo, 2)).success).toBe(true);
    server.clock.advance(61 * SECOND);
    expect((await client.sendSms(mobileNo, 3)).success).toBe(true);
    expect(aliyun.sentTo(mobileNo).map((s) => s.template)).toEqual([
      'SMS_100001',
      'SMS_100002',
      'SMS_100003',
    ]);
    const login = await client.post('/api/oauth/RequestAccessToken', {
      LoginType: 2,
      Account: mobileNo,
      SmsCode: aliyun.sentTo(mobileNo)[1]!.params.code,
    });
    expect(login.success, login.message).toBe(true);

    const deliveries = await server.context.db
      .selectFrom('sms_deliveries')
      .selectAll()
      .where('mobile_no', '=', mobileNo)
      .orderBy('id')
      .execute();
    expect(deliveries.map((d) => [d.provider, d.purpose, d.template, d.status])).toEqual([
      ['aliyun', 'register', 'SMS_100001', 'sent'],
      ['aliyun', 'login', 'SMS_100002', 'sent'],
      ['aliyun', 'reset_password', 'SMS_100003', 'sent'],
    ]);
    expect(deliveries[0]!.message_id).toBe(sms!.messageId);
  });

  it('go through Tencent Cloud with the SDK AppID, {1} the code and {2} the minutes', async () => {
    expect((await saveSettings(mapleAdmin, mapleSettings)).success).toBe(true);
    const client = await freshClient('maple.localhost');
    const mobileNo = freshNumber();
    expect((await client.sendSms(mobileNo, 1)).success).toBe(true);
    const [sms] = tencent.sentTo(mobileNo);
    expect(sms).toMatchObject({
      accountId: MAPLE_TENCENT.id,
      signName: '红枫图文',
      template: '2001',
      params: { 1: expect.stringMatching(/^\d{6}$/), 2: '5' },
    });
    expect(tencent.authFailures).toEqual([]);
    const registered = await client.post('/api/cust/Register', {
      MobileNo: mobileNo,
      SmsCode: sms!.params['1'],
      Password: 'Print2026',
      ConfirmPassword: 'Print2026',
    });
    expect(registered.success, registered.message).toBe(true);
  });

  it('never use one merchant’s gateway for another', async () => {
    const demoNumber = freshNumber();
    const mapleNumber = freshNumber();
    expect((await (await freshClient('demo.localhost')).sendSms(demoNumber)).success).toBe(true);
    expect((await (await freshClient('maple.localhost')).sendSms(mapleNumber)).success).toBe(true);
    expect(aliyun.sentTo(demoNumber)).toHaveLength(1);
    expect(tencent.sentTo(demoNumber)).toHaveLength(0);
    expect(tencent.sentTo(mapleNumber)).toHaveLength(1);
    expect(aliyun.sentTo(mapleNumber)).toHaveLength(0);
    expect(aliyun.sent.every((sms) => sms.accountId === DEMO_ALIYUN.id && sms.signName === '墨砚快印')).toBe(
      true,
    );
    expect(
      tencent.sent.every((sms) => sms.accountId === MAPLE_TENCENT.id && sms.signName === '红枫图文'),
    ).toBe(true);

    // demo's sealed secret copied into maple's row does not open there: nothing is sent with it.
    const merchants = await server.context.db.selectFrom('merchants').select(['id', 'code']).execute();
    const idOf = (code: string) => merchants.find((m) => m.code === code)!.id;
    const demoRow = await server.context.db
      .selectFrom('merchant_sms_settings')
      .selectAll()
      .where('merchant_id', '=', idOf('demo'))
      .executeTakeFirstOrThrow();
    const mapleRow = await server.context.db
      .selectFrom('merchant_sms_settings')
      .selectAll()
      .where('merchant_id', '=', idOf('maple'))
      .executeTakeFirstOrThrow();
    await server.context.db
      .updateTable('merchant_sms_settings')
      .set({ ...demoRow, merchant_id: idOf('maple') })
      .where('merchant_id', '=', idOf('maple'))
      .execute();
    try {
      const stolen = freshNumber();
      const before = aliyun.requests;
      const refused = await (await freshClient('maple.localhost')).sendSms(stolen);
      expect(refused).toMatchObject({
        success: false,
        apiCode: ApiCode.SmsSendFailed,
        message: '短信发送失败，请稍后重试',
      });
      expect(aliyun.requests).toBe(before);
      expect(await codesOf(stolen)).toBe(0);
    } finally {
      await server.context.db
        .updateTable('merchant_sms_settings')
        .set(mapleRow)
        .where('merchant_id', '=', idOf('maple'))
        .execute();
    }
  });

  it('go to the outbox for a merchant that chose none', async () => {
    expect((await saveSettings(mapleAdmin, { Provider: '' })).data).toMatchObject({
      Provider: '',
      AccessKeySecretSet: false,
    });
    try {
      const mobileNo = freshNumber();
      const requests = tencent.requests;
      expect((await (await freshClient('maple.localhost')).sendSms(mobileNo)).success).toBe(true);
      expect(await outboxCount(server, mobileNo)).toBe(1);
      expect(tencent.requests).toBe(requests);
    } finally {
      expect((await saveSettings(mapleAdmin, mapleSettings)).success).toBe(true);
    }
  });
});

describe('a gateway failure', () => {
  it('tells the customer in Chinese and counts against no limit', async () => {
    const client = await freshClient('demo.localhost');
    const mobileNo = freshNumber();
    aliyun.failNext({ code: 'isv.AMOUNT_NOT_ENOUGH', message: '账户余额不足' });
    const refused = await client.sendSms(mobileNo);
    expect(refused).toMatchObject({
      success: false,
      apiCode: ApiCode.SmsSendFailed,
      message: '短信发送失败，请稍后重试',
    });
    expect(await codesOf(mobileNo)).toBe(0);
    // At once, not 60 s later: the failed send held no place.
    const retried = await client.sendSms(mobileNo);
    expect(retried.success, retried.message).toBe(true);
    expect(aliyun.sentTo(mobileNo)).toHaveLength(1);
    const log = await server.context.db
      .selectFrom('sms_deliveries')
      .select(['status', 'error_code'])
      .where('mobile_no', '=', mobileNo)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { status: 'failed', error_code: 'isv.AMOUNT_NOT_ENOUGH' },
      { status: 'sent', error_code: '' },
    ]);
  });

  it('says a time-out is a time-out, and a throttled number to wait', async () => {
    const client = await freshClient('demo.localhost');
    const mobileNo = freshNumber();
    aliyun.failNext('hang');
    expect(await client.sendSms(mobileNo)).toMatchObject({
      apiCode: ApiCode.SmsSendFailed,
      message: '短信发送超时，请稍后重试',
    });
    // The SDK's time-out message names the request URL; its query (the code) is not kept.
    const timedOut = await server.context.db
      .selectFrom('sms_deliveries')
      .select(['error_code', 'error_message'])
      .where('mobile_no', '=', mobileNo)
      .executeTakeFirstOrThrow();
    expect(timedOut.error_code).toBe('Timeout');
    expect(timedOut.error_message).not.toContain('TemplateParam');
    aliyun.failNext({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控' });
    expect(await client.sendSms(mobileNo)).toMatchObject({
      apiCode: ApiCode.SmsSendFailed,
      message: '该号码获取短信过于频繁，请稍后再试',
    });
    const mapleClient = await freshClient('maple.localhost');
    tencent.failNext({
      code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
      message: '单个手机号30秒内下发短信条数超过设定的上限',
    });
    expect(await mapleClient.sendSms(mobileNo)).toMatchObject({
      apiCode: ApiCode.SmsSendFailed,
      message: '该号码获取短信过于频繁，请稍后再试',
    });
    tencent.failNext({ code: 'FailedOperation.InsufficientBalanceInSmsPackage' });
    expect(await mapleClient.sendSms(mobileNo)).toMatchObject({
      apiCode: ApiCode.SmsSendFailed,
      message: '短信发送失败，请稍后重试',
    });
    tencent.failNext('hang');
    expect((await mapleClient.sendSms(mobileNo)).message).toBe('短信发送超时，请稍后重试');
    expect(await codesOf(mobileNo)).toBe(0);
    expect((await client.sendSms(mobileNo)).success).toBe(true);
    expect((await mapleClient.sendSms(mobileNo)).success).toBe(true);
  });

  it('is refused by the stand-in when the secret is wrong (the signature does not match)', async () => {
    expect(
      (await saveSettings(demoAdmin, { ...demoSettings, AccessKeySecret: 'not-the-secret' })).success,
    ).toBe(true);
    try {
      const mobileNo = freshNumber();
      const refused = await (await freshClient('demo.localhost')).sendSms(mobileNo);
      expect(refused).toMatchObject({ apiCode: ApiCode.SmsSendFailed, message: '短信发送失败，请稍后重试' });
      expect(aliyun.authFailures.at(-1)).toBe('SignatureDoesNotMatch');
      const test = await demoAdmin.post('/api/staff/SendTestSms', { MobileNo: mobileNo });
      expect(test).toMatchObject({ success: false, apiCode: ApiCode.SmsSendFailed });
      expect(test.message).toContain('阿里云短信返回 SignatureDoesNotMatch');
    } finally {
      expect((await saveSettings(demoAdmin, demoSettings)).success).toBe(true);
    }
  });

  it('after ten in a row still leaves the day’s ten sends', async () => {
    // 07:00 China time of the next day: the ten sends below stay within one China day.
    const nextDay = new Date(server.clock.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    server.clock.advance(Date.parse(`${nextDay}T07:00:00+08:00`) - server.clock.now());
    const client = await freshClient('demo.localhost');
    const mobileNo = freshNumber();
    aliyun.failNext({ code: 'isv.OUT_OF_SERVICE', message: '业务停机' }, 11);
    for (let attempt = 1; attempt <= 11; attempt++) {
      expect((await client.sendSms(mobileNo)).apiCode, `attempt ${attempt}`).toBe(ApiCode.SmsSendFailed);
    }
    for (let sent = 1; sent <= 10; sent++) {
      const result = await client.sendSms(mobileNo);
      expect(result.success, `send ${sent}: ${result.message}`).toBe(true);
      server.clock.advance(61 * SECOND);
    }
    expect((await client.sendSms(mobileNo)).apiCode).toBe(ApiCode.SmsDailyLimit);
  });
});

describe('parallel sends', () => {
  it('of one number send one message; the rest are told to wait', async () => {
    const client = await freshClient('demo.localhost');
    const mobileNo = freshNumber();
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.solveCaptcha()));
    aliyun.delayMs = 150;
    const replies = await Promise.all(answers.map((answer) => client.sendSmsWith(answer, mobileNo)));
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    expect(replies.filter((reply) => reply.apiCode === ApiCode.SmsTooFrequent)).toHaveLength(5);
    expect(aliyun.sentTo(mobileNo)).toHaveLength(1);
    expect(await codesOf(mobileNo)).toBe(1);
  });

  it('that all fail hold no place afterwards', async () => {
    const client = await freshClient('maple.localhost');
    const mobileNo = freshNumber();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.solveCaptcha()));
    tencent.delayMs = 100;
    tencent.failNext({ code: 'FailedOperation.InsufficientBalanceInSmsPackage' }, 5);
    const replies = await Promise.all(answers.map((answer) => client.sendSmsWith(answer, mobileNo)));
    expect(replies.some((reply) => reply.success)).toBe(false);
    expect(replies.filter((reply) => reply.apiCode === ApiCode.SmsSendFailed).length).toBeGreaterThanOrEqual(
      1,
    );
    expect(await codesOf(mobileNo)).toBe(0);
    tencent.clearFaults();
    expect((await client.sendSms(mobileNo)).success).toBe(true);
  });

  it('from one address stop at SMS_PER_IP_PER_HOUR, whatever the numbers', async () => {
    const limit = server.context.config.SMS_PER_IP_PER_HOUR;
    const client = await freshClient('demo.localhost');
    const numbers = Array.from({ length: limit + 4 }, () => freshNumber());
    const answers = await Promise.all(numbers.map(() => client.solveCaptcha()));
    aliyun.delayMs = 50;
    const replies = await Promise.all(
      numbers.map((mobileNo, i) => client.sendSmsWith(answers[i]!, mobileNo)),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(limit);
    expect(replies.filter((reply) => reply.apiCode === ApiCode.SmsIpLimit)).toHaveLength(4);
  });
});

describe('SendTestSms', () => {
  it('sends a sample of each template through the merchant’s gateway', async () => {
    // Signed in again: the clock moved a day on above.
    demoAdmin = await StaffClient.signIn(server, 'demo.localhost');
    mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
    const mobileNo = freshNumber();
    const login = await demoAdmin.post('/api/staff/SendTestSms', { MobileNo: mobileNo });
    expect(login).toMatchObject({
      success: true,
      message: '试发短信已发出',
      data: { Provider: 'aliyun', ProviderName: '阿里云短信' },
    });
    expect(login.data.MessageId).toBe(aliyun.sentTo(mobileNo)[0]!.messageId);
    const shipped = await mapleAdmin.post('/api/staff/SendTestSms', {
      MobileNo: mobileNo,
      Purpose: 'order_shipped',
    });
    expect(shipped.success, shipped.message).toBe(true);
    expect(aliyun.sentTo(mobileNo).map((sms) => [sms.template, sms.params])).toEqual([
      ['SMS_100002', { code: '123456' }],
    ]);
    expect(tencent.sentTo(mobileNo).map((sms) => [sms.template, sms.params])).toEqual([
      ['2004', { 1: 'TEST0001', 2: '顺丰速运', 3: 'SF1234567890' }],
    ]);
    // A test message holds no place in the customer's limits.
    expect(await codesOf(mobileNo)).toBe(0);
  });
});
