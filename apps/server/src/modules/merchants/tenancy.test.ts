import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { classifyHost, type HostKind } from './merchant-resolver.ts';

const BASE_DOMAIN = 'inkstone.cn';
const [demo, maple] = DEMO_ACCOUNTS;

describe('classifyHost', () => {
  const generic: HostKind = { kind: 'generic' };
  const code = (value: string): HostKind => ({ kind: 'code', code: value });
  const custom = (domain: string): HostKind => ({ kind: 'custom', domain });

  it.each<[string, HostKind]>([
    ['localhost', generic],
    ['localhost:5173', generic],
    ['127.0.0.1', generic],
    ['127.0.0.1:3000', generic],
    ['[::1]:3000', generic],
    ['inkstone.cn', generic],
    ['INKSTONE.CN.', generic],
    ['maple.inkstone.cn', code('maple')],
    ['Maple.Inkstone.CN:443', code('maple')],
    ['demo.localhost', code('demo')],
    ['demo.localhost:5173', code('demo')],
    ['shop-2.inkstone.cn', code('shop-2')],
    ['print.maple-shop.cn', custom('print.maple-shop.cn')],
    ['WWW.Maple-Shop.cn:8080', custom('www.maple-shop.cn')],
    ['evilinkstone.cn', custom('evilinkstone.cn')],
    ['inkstone.cn.evil.com', custom('inkstone.cn.evil.com')],
    ['a.b.inkstone.cn', custom('a.b.inkstone.cn')],
    ['-bad.inkstone.cn', custom('-bad.inkstone.cn')],
    [`${'x'.repeat(33)}.inkstone.cn`, custom(`${'x'.repeat(33)}.inkstone.cn`)],
  ])('classifies %s', (host, expected) => {
    expect(classifyHost(host, BASE_DOMAIN)).toEqual(expected);
  });

  it('treats the bare base domain as generic also when it is localhost', () => {
    expect(classifyHost('localhost', 'localhost')).toEqual(generic);
    expect(classifyHost('maple.localhost', 'localhost')).toEqual(code('maple'));
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BASE_DOMAIN });
  const now = server.clock.now();
  await server.context.db
    .insertInto('merchants')
    .values({ code: 'shut', name: '停业图文', website_name: '停业图文', is_active: 0, created_at: now })
    .execute();
});
afterAll(async () => server.close());

/** A started client of `host`; its GetWebConfig names the merchant the server chose. */
async function started(host: string, domainName = host, headers: Record<string, string> = {}) {
  const client = new TestClient(server, host);
  client.defaultHeaders = headers;
  await client.start(domainName);
  return client;
}

async function companyCodeSeenBy(client: TestClient): Promise<string> {
  const config = await client.post('/api/website/GetWebConfig', {});
  expect(config.success, config.message).toBe(true);
  return config.data.CompanyCode;
}

describe('host → merchant', () => {
  it('serves the merchant a <code>.localhost host names', async () => {
    expect(await companyCodeSeenBy(await started('demo.localhost'))).toBe('demo');
    expect(await companyCodeSeenBy(await started('maple.localhost:5173'))).toBe('maple');
  });

  it('serves the merchant a <code>.<BASE_DOMAIN> host names', async () => {
    expect(await companyCodeSeenBy(await started('maple.inkstone.cn'))).toBe('maple');
    expect(await companyCodeSeenBy(await started('Demo.Inkstone.cn:443'))).toBe('demo');
  });

  it('serves DEFAULT_MERCHANT on localhost, 127.0.0.1 and the bare base domain', async () => {
    for (const host of ['localhost', '127.0.0.1:3000', 'inkstone.cn']) {
      expect(await companyCodeSeenBy(await started(host)), host).toBe('demo');
    }
  });

  it('serves the merchant the domainname header names on a generic host', async () => {
    const client = await started('localhost', 'maple.localhost', { domainname: 'maple' });
    expect(await companyCodeSeenBy(client)).toBe('maple');
    // Without the header the same host is the default merchant, where maple's token means nothing.
    client.defaultHeaders = {};
    expect((await client.post('/api/website/GetWebConfig', {})).apiCode).toBe(ApiCode.AppTokenInvalid);
  });

  it('serves a merchant on its custom domain by exact match only', async () => {
    await server.context.db
      .updateTable('merchants')
      .set({ custom_domain: 'print.maple-shop.cn' })
      .where('code', '=', 'maple')
      .execute();
    expect(await companyCodeSeenBy(await started('print.maple-shop.cn'))).toBe('maple');
    expect(await companyCodeSeenBy(await started('Print.Maple-Shop.cn:8443'))).toBe('maple');

    for (const near of ['www.print.maple-shop.cn', 'maple-shop.cn', 'print.maple-shop.cn.evil.com']) {
      const company = await new TestClient(server, near).post('/api/common/CheckDomainName', {
        domainName: near,
      });
      expect(company.apiCode, near).toBe(ApiCode.MerchantUnknown);
    }
  });

  it('refuses a domainname header naming another merchant on a merchant host with -1011', async () => {
    const client = await started('demo.localhost');
    const mismatched = await client.post('/api/website/GetWebConfig', {}, { domainname: 'maple' });
    expect(mismatched).toMatchObject({
      success: false,
      apiCode: ApiCode.MerchantMismatch,
      message: '商户代码与访问域名不一致',
    });
    const onPublicCall = await client.post(
      '/api/common/CheckDomainName',
      { domainName: 'demo.localhost' },
      { domainname: 'maple' },
    );
    expect(onPublicCall.apiCode).toBe(ApiCode.MerchantMismatch);
    const same = await client.post('/api/website/GetWebConfig', {}, { domainname: 'DEMO' });
    expect(same.data.CompanyCode).toBe('demo');
  });

  it('answers -1010 for an unknown sub-domain, an unknown code and a closed merchant', async () => {
    const stranger = new TestClient(server, 'nobody.localhost');
    const company = await stranger.post('/api/common/CheckDomainName', { domainName: 'nobody.localhost' });
    expect(company).toMatchObject({ apiCode: ApiCode.MerchantUnknown, message: '商户不存在或已停用' });

    const demoCompany = await stranger.post('/api/common/CheckDomainName', { domainName: 'demo.localhost' });
    expect(demoCompany.success).toBe(true);
    const token = await server.app.inject({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      headers: { host: 'nobody.localhost' },
      payload: { appid: demoCompany.data.AppId, bizcontent: { secret: demoCompany.data.AppSecret } },
    });
    expect(token.json().apiCode).toBe(ApiCode.MerchantUnknown);
    expect((await stranger.post('/api/website/GetWebConfig', {})).apiCode).toBe(ApiCode.MerchantUnknown);

    const unknownCode = new TestClient(server, 'localhost');
    const viaHeader = await unknownCode.post('/api/website/GetWebConfig', {}, { domainname: 'nobody' });
    expect(viaHeader.apiCode).toBe(ApiCode.MerchantUnknown);

    const closed = await stranger.post('/api/common/CheckDomainName', { domainName: 'shut.inkstone.cn' });
    expect(closed.apiCode).toBe(ApiCode.MerchantUnknown);
  });
});

describe('CheckDomainName and GetWebConfig', () => {
  it("returns the merchant's company information for a domain", async () => {
    const company = await new TestClient(server, 'localhost').post('/api/common/CheckDomainName', {
      domainName: 'Maple.localhost:5173',
    });
    expect(company).toMatchObject({
      success: true,
      data: {
        Domain: 'maple.localhost',
        DomainName: 'maple',
        CompanyName: '红枫图文',
        ReaderPreviewDomain: '',
        ThemePreference: 2,
        InterfaceVersion: 4,
        AppId: 'web-maple',
        Config: { WebSiteName: '红枫图文 · 图文快印', ThemePreference: 2, InterfaceVersion: 4 },
      },
    });
    expect(company.data.AppSecret).toEqual(expect.any(String));

    const other = await new TestClient(server, 'localhost').post('/api/common/CheckDomainName', {
      domainName: 'demo.localhost',
    });
    expect(other.data).toMatchObject({ DomainName: 'demo', ThemePreference: 1, InterfaceVersion: 1 });
    expect(other.data.AppSecret).not.toBe(company.data.AppSecret);
  });

  it('returns the reader preview domain the merchant configured', async () => {
    await server.context.db
      .updateTable('merchants')
      .set({ reader_preview_domain: 'preview.maple-shop.cn' })
      .where('code', '=', 'maple')
      .execute();
    server.context.merchants.clear();
    const company = await new TestClient(server, 'localhost').post('/api/common/CheckDomainName', {
      domainName: 'maple.localhost',
    });
    expect(company.data.ReaderPreviewDomain).toBe('preview.maple-shop.cn');
  });

  it('sees a merchant changed by another instance once 30 s of the server clock have passed', async () => {
    const check = () =>
      new TestClient(server, 'localhost').post('/api/common/CheckDomainName', {
        domainName: 'maple.localhost',
      });
    expect((await check()).data.CompanyName).toBe('红枫图文');
    await server.context.db
      .updateTable('merchants')
      .set({ name: '红枫图文（新）' })
      .where('code', '=', 'maple')
      .execute();
    server.clock.advance(29_000);
    expect((await check()).data.CompanyName).toBe('红枫图文');
    server.clock.advance(2_000);
    expect((await check()).data.CompanyName).toBe('红枫图文（新）');
    await server.context.db
      .updateTable('merchants')
      .set({ name: '红枫图文' })
      .where('code', '=', 'maple')
      .execute();
    server.context.merchants.clear();
  });

  it("returns the merchant's site settings from GetWebConfig", async () => {
    const config = await (await started('maple.localhost')).post('/api/website/GetWebConfig', {});
    expect(config.data).toEqual({
      WebSiteName: '红枫图文 · 图文快印',
      CompanyName: '红枫图文',
      CompanyCode: 'maple',
      ThemePreference: 2,
      InterfaceVersion: 4,
      ServicePhone: '021-6666 8888',
      ServiceQQ: '800067890',
      Address: '上海市徐汇区漕溪北路 398 号',
      BusinessHours: '每天 9:00–21:00',
      IcpNumber: '沪ICP备2026000002号',
      Notice: '大幅面喷绘 24 小时内出货。',
      LogoUrl: expect.stringMatching(/^\/api\/site-logo\/[0-9a-f]{64}\.webp$/),
    });
    const demoConfig = await (await started('demo.localhost')).post('/api/website/GetWebConfig', {});
    expect(demoConfig.data).toMatchObject({ CompanyCode: 'demo', ThemePreference: 1, InterfaceVersion: 1 });
  });
});

describe('isolation between merchants', () => {
  let demoClient: TestClient;
  let mapleClient: TestClient;
  beforeAll(async () => {
    demoClient = await started('demo.localhost');
    mapleClient = await started('maple.localhost');
  });

  it("refuses demo's app token on maple with -101", async () => {
    const onMaple = await server.app.inject({
      method: 'POST',
      url: '/api/website/GetWebConfig',
      headers: { host: 'maple.localhost', authtoken: demoClient.authtoken },
      payload: { bizcontent: {} },
    });
    expect(onMaple.json()).toMatchObject({ success: false, apiCode: ApiCode.AppTokenInvalid });
    expect((await demoClient.post('/api/website/GetWebConfig', {})).success).toBe(true);
  });

  it("refuses a demo customer's access token on maple with -202", async () => {
    const customer = await started('demo.localhost');
    expect((await customer.login(demo.account, demo.password)).success).toBe(true);
    const onMaple = await mapleClient.get('/api/oauth/LoginUserInfo');
    expect(onMaple.apiCode).toBe(ApiCode.LoginRequired);
    const borrowed = await server.app.inject({
      method: 'GET',
      url: '/api/oauth/LoginUserInfo',
      headers: {
        host: 'maple.localhost',
        authtoken: mapleClient.authtoken,
        accesstoken: customer.accesstoken,
      },
    });
    expect(borrowed.json()).toMatchObject({ success: false, apiCode: ApiCode.LoginRevoked });
    expect((await customer.get('/api/oauth/LoginUserInfo')).data.CompanyCode).toBe('demo');
  });

  it("does not sign demo's customer in on maple", async () => {
    const client = await started('maple.localhost');
    const attempt = await client.login(demo.account, demo.password);
    expect(attempt).toMatchObject({ success: false, apiCode: ApiCode.WrongPassword });
    expect(client.accesstoken).toBe('');
    expect((await client.login(maple.account, maple.password)).success).toBe(true);
  });

  it('lets a number registered on demo register separately on maple as another customer', async () => {
    const mobileNo = '13600000001';
    const onDemo = await (await started('demo.localhost')).register(mobileNo, 'DemoPass1');
    expect(onDemo.success, onDemo.message).toBe(true);
    const onMaple = await (await started('maple.localhost')).register(mobileNo, 'MaplePass2');
    expect(onMaple.success, onMaple.message).toBe(true);
    expect(onMaple.data.CustomerId).not.toBe(onDemo.data.CustomerId);
    expect(onMaple.data.CompanyCode).toBe('maple');

    const demoLogin = await started('demo.localhost');
    expect((await demoLogin.login(mobileNo, 'MaplePass2')).apiCode).toBe(ApiCode.WrongPassword);
    expect((await demoLogin.login(mobileNo, 'DemoPass1')).success).toBe(true);
    const mapleLogin = await started('maple.localhost');
    expect((await mapleLogin.login(mobileNo, 'DemoPass1')).apiCode).toBe(ApiCode.WrongPassword);
    expect((await mapleLogin.login(mobileNo, 'MaplePass2')).success).toBe(true);
    expect((await mapleLogin.get('/api/oauth/LoginUserInfo')).data.CustomerId).toBe(onMaple.data.CustomerId);
  });

  it("refuses demo's captcha answer and puzzle on maple", async () => {
    const answer = await demoClient.solveCaptcha();
    const onMaple = await mapleClient.sendSmsWith(answer, '13600000002');
    expect(onMaple).toMatchObject({ success: false, apiCode: ApiCode.CaptchaInvalid });
    const onDemo = await demoClient.sendSmsWith(answer, '13600000002');
    expect(onDemo.success, onDemo.message).toBe(true);

    const puzzle = await demoClient.startCaptcha();
    const slideOnMaple = await mapleClient.slide(puzzle.challenge, puzzle.answerX);
    expect(slideOnMaple.apiCode).toBe(ApiCode.CaptchaInvalid);
    expect((await demoClient.slide(puzzle.challenge, puzzle.answerX)).success).toBe(true);
  });

  it("refuses demo's SMS code on maple", async () => {
    const mobileNo = '13600000003';
    expect((await demoClient.sendSms(mobileNo)).success).toBe(true);
    const code = await demoClient.latestSmsCode(mobileNo);
    const body = { MobileNo: mobileNo, SmsCode: code, Password: 'Print2026', ConfirmPassword: 'Print2026' };
    const onMaple = await mapleClient.post('/api/cust/Register', body);
    expect(onMaple).toMatchObject({ success: false, apiCode: ApiCode.SmsCodeExpired });
    const onDemo = await demoClient.post('/api/cust/Register', body);
    expect(onDemo.success, onDemo.message).toBe(true);
    expect(onDemo.data.CompanyCode).toBe('demo');
  });
});
