import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const demo = DEMO_ACCOUNTS[0];

describe('app token (RequestOauthToken)', () => {
  it('issues a token for the merchant web client and refuses a wrong secret', async () => {
    const client = new TestClient(server, 'demo.localhost');
    await client.start();
    expect(client.authtoken).toHaveLength(43);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      headers: { host: 'demo.localhost' },
      payload: { appid: client.appId, bizcontent: { secret: 'guess' } },
    });
    expect(wrong.json()).toMatchObject({ success: false, apiCode: ApiCode.AppCredentialsInvalid });
  });

  it('answers -101 without an app token and after it expires', async () => {
    const client = new TestClient(server, 'demo.localhost');
    expect((await client.post('/api/website/GetWebConfig', {})).apiCode).toBe(-101);
    await client.start();
    expect((await client.post('/api/website/GetWebConfig', {})).success).toBe(true);
    server.clock.advance(server.context.config.APP_TOKEN_TTL_SECONDS * 1000 + 1);
    const expired = await client.post('/api/website/GetWebConfig', {});
    expect(expired).toMatchObject({ success: false, apiCode: -101, message: '登录已失效，请重新登录' });
  });

  it('stores only a hash of each token', async () => {
    const client = new TestClient(server, 'demo.localhost');
    await client.start();
    await client.login(demo.account, demo.password);
    const appTokens = await server.context.db.selectFrom('app_tokens').select('token_hash').execute();
    const accessTokens = await server.context.db.selectFrom('access_tokens').select('token_hash').execute();
    const stored = [...appTokens, ...accessTokens].map((row) => row.token_hash);
    expect(stored).not.toContain(client.authtoken);
    expect(stored).not.toContain(client.accesstoken);
    expect(stored.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});

describe('customer sign-in (RequestAccessToken, LoginUserInfo, Logout)', () => {
  let client: TestClient;
  beforeEach(async () => {
    client = new TestClient(server, 'demo.localhost');
    await client.start();
  });

  it('signs in by password and shows the account', async () => {
    const result = await client.login(demo.account, demo.password);
    expect(result).toMatchObject({ success: true, apiCode: 0, data: { IsLongTerm: false } });
    const info = await client.get('/api/oauth/LoginUserInfo');
    expect(info.data).toMatchObject({ Account: demo.account, NickName: demo.nickName, CompanyCode: 'demo' });
  });

  it('gives a 30-day long-term token when remembered, a 12-hour one otherwise', async () => {
    const now = server.clock.now();
    const session = await client.login(demo.account, demo.password, false);
    expect(Date.parse(session.data.ExpiresAt) - now).toBe(12 * 3600 * 1000);
    const remembered = await client.login(demo.account, demo.password, true);
    expect(remembered.data.IsLongTerm).toBe(true);
    expect(Date.parse(remembered.data.ExpiresAt) - now).toBe(30 * 86_400_000);
  });

  it('answers -200 without an access token, -201 once it expires, -202 after logout', async () => {
    expect((await client.get('/api/oauth/LoginUserInfo')).apiCode).toBe(ApiCode.LoginRequired);
    await client.login(demo.account, demo.password);
    const logout = await client.post('/api/oauth/Logout', {});
    expect(logout.success).toBe(true);
    expect((await client.get('/api/oauth/LoginUserInfo')).apiCode).toBe(ApiCode.LoginRevoked);

    await client.start();
    await client.login(demo.account, demo.password);
    server.clock.advance(12 * 3600 * 1000 + 1);
    const sessionToken = client.accesstoken;
    await client.start();
    client.accesstoken = sessionToken;
    expect((await client.get('/api/oauth/LoginUserInfo')).apiCode).toBe(ApiCode.LoginExpired);
  });

  it('signs in by SMS code', async () => {
    server.clock.advance(61_000);
    const sent = await client.sendSms(demo.account, 2);
    expect(sent).toMatchObject({ success: true, message: '短信已发送,请注意查收!' });
    const code = await client.latestSmsCode(demo.account);
    const result = await client.post('/api/oauth/RequestAccessToken', {
      LoginType: 2,
      Account: demo.account,
      SmsCode: code,
    });
    expect(result.success).toBe(true);
  });

  it('names the missing password in Chinese', async () => {
    const result = await client.post('/api/oauth/RequestAccessToken', {
      LoginType: 1,
      Account: demo.account,
    });
    expect(result).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请输入密码',
    });
  });
});
