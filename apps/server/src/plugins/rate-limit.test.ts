import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import type { Config } from '../config.ts';
import { signInNewCustomers } from '../test/customer-sessions.ts';
import {
  TestClient,
  expectEnvelope,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from '../test/harness.ts';

const MINUTE_MS = 60_000;
const REFUSAL = /^请求过于频繁，请\d+秒后再试$/;

let nextIp = 0;
/** A client address no other test of this file uses, so each test starts with clean counters. */
function freshIp(): string {
  nextIp += 1;
  return `192.0.2.${nextIp}`;
}

const webClients = new WeakMap<TestServer, Promise<{ AppId: string; AppSecret: string }>>();

/** The demo merchant's web client credentials, as CheckDomainName hands them to the site. */
function webClientOf(server: TestServer): Promise<{ AppId: string; AppSecret: string }> {
  let credentials = webClients.get(server);
  if (!credentials) {
    credentials = new TestClient(server, 'demo.localhost')
      .post('/api/common/CheckDomainName', { domainName: 'demo.localhost' })
      .then((company) => company.data);
    webClients.set(server, credentials);
  }
  return credentials;
}

/** Asks for an app token the way the web does at start. */
async function requestAppToken(server: TestServer, ip: string): Promise<LightMyRequestResponse> {
  const { AppId, AppSecret } = await webClientOf(server);
  return server.app.inject({
    method: 'POST',
    url: '/api/oauth/RequestOauthToken',
    headers: { host: 'demo.localhost' },
    payload: { appid: AppId, bizcontent: { secret: AppSecret } },
    remoteAddress: ip,
  });
}

/** Checks a refusal by a rate limit: HTTP 429, the envelope with -1429, Retry-After in seconds. */
function expectRateLimited(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  const body = expectEnvelope(response);
  expect(body).toMatchObject({ success: false, apiCode: ApiCode.RateLimited, data: null });
  expect(body.message).toMatch(REFUSAL);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(body.message).toBe(`请求过于频繁，请${seconds}秒后再试`);
}

async function countAppTokens(server: TestServer): Promise<number> {
  const rows = await server.context.db.selectFrom('app_tokens').select('token_hash').execute();
  return rows.length;
}

describe('request-rate limits of one server (memory store)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE: 5,
      RATE_LIMIT_CAPTCHA_PER_IP_PER_MINUTE: 4,
      RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: 6,
      RATE_LIMIT_LOGIN_PER_ACCOUNT_PER_MINUTE: 3,
      RATE_LIMIT_SMS_PER_NUMBER_PER_MINUTE: 2,
      RATE_LIMIT_REGISTER_PER_IP_PER_MINUTE: 4,
      RATE_LIMIT_REGISTER_PER_NUMBER_PER_MINUTE: 2,
      RATE_LIMIT_RECHARGE_PER_CUSTOMER_PER_MINUTE: 3,
      RATE_LIMIT_UPLOAD_CHECK_PER_CUSTOMER_PER_MINUTE: 3,
    });
  });
  afterAll(async () => server.close());

  it('refuses parallel app-token requests beyond the limit with -1429 and stores only the allowed', async () => {
    const ip = freshIp();
    const before = await countAppTokens(server);
    const replies = await Promise.all(Array.from({ length: 12 }, () => requestAppToken(server, ip)));
    const granted = replies.filter((reply) => reply.statusCode === 200);
    expect(granted).toHaveLength(5);
    for (const reply of granted) expect(reply.json()).toMatchObject({ success: true, apiCode: 0 });
    for (const reply of replies.filter((r) => r.statusCode !== 200)) expectRateLimited(reply);
    expect(await countAppTokens(server)).toBe(before + 5);

    // Another address has its own counter; this one gets tokens again once the minute is over.
    expect((await requestAppToken(server, freshIp())).statusCode).toBe(200);
    server.clock.advance(MINUTE_MS);
    expect((await requestAppToken(server, ip)).statusCode).toBe(200);
  });

  it('says how long to wait: the rest of the window', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await requestAppToken(server, ip)).statusCode).toBe(200);
    server.clock.advance(45_000);
    const refused = await requestAppToken(server, ip);
    expectRateLimited(refused);
    expect(refused.headers['retry-after']).toBe('15');
    expect(refused.json().message).toBe('请求过于频繁，请15秒后再试');
    server.clock.advance(15_000);
  });

  it('counts GetCaptcha and VerifyCaptcha together per IP', async () => {
    const client = new TestClient(server, 'demo.localhost', freshIp());
    await client.start();
    const { challenge } = await client.startCaptcha();
    await client.startCaptcha();
    await client.startCaptcha();
    expect((await client.slide(challenge, 0)).apiCode).not.toBe(ApiCode.RateLimited);
    const refused = await client.request({ method: 'GET', url: '/api/common/GetCaptcha' });
    expectRateLimited(refused);
    const other = new TestClient(server, 'demo.localhost', freshIp());
    await other.start();
    expect((await other.get('/api/common/GetCaptcha')).success).toBe(true);
  });

  it('limits sign-ins to one account from any number of addresses, and sign-ins from one address', async () => {
    const tries = async (account: string, ip: string) => {
      const client = new TestClient(server, 'demo.localhost', ip);
      await client.start();
      return client.login(account, 'wrong-password');
    };
    for (let i = 0; i < 3; i++) {
      expect((await tries('13811110000', freshIp())).apiCode).not.toBe(ApiCode.RateLimited);
    }
    expect(await tries('13811110000', freshIp())).toMatchObject({ apiCode: ApiCode.RateLimited });
    // The same name at the staff sign-in is another account.
    const staff = await new TestClient(server, 'demo.localhost', freshIp()).post('/api/staff/Login', {
      Account: '13811110000',
      Password: 'wrong-password',
    });
    expect(staff.apiCode).not.toBe(ApiCode.RateLimited);

    const client = new TestClient(server, 'demo.localhost', freshIp());
    await client.start();
    for (let i = 0; i < 6; i++) {
      expect((await client.login(`1382222000${i}`, 'wrong-password')).apiCode).not.toBe(ApiCode.RateLimited);
    }
    expect(await client.login('13822220009', 'wrong-password')).toMatchObject({
      apiCode: ApiCode.RateLimited,
    });
  });

  it('limits SendSms per mobile number before the captcha answer is checked', async () => {
    const send = async (mobileNo: string) => {
      const client = new TestClient(server, 'demo.localhost', freshIp());
      await client.start();
      const body = {
        MobileNo: mobileNo,
        MessageType: 1,
        RoleType: 4,
        SessionId: 's',
        Challenge: 'c',
        Validate: 'v',
        Seccode: 'v|jordan',
      };
      return client.request({ method: 'POST', url: '/api/common/SendSms', payload: { bizcontent: body } });
    };
    expect((await send('13733330000')).json().apiCode).not.toBe(ApiCode.RateLimited);
    expect((await send('13733330000')).json().apiCode).not.toBe(ApiCode.RateLimited);
    expectRateLimited(await send('13733330000'));
    expect((await send('13733330001')).json().apiCode).not.toBe(ApiCode.RateLimited);
  });

  it('limits Register and RetrievePassword per mobile number, each call on its own', async () => {
    const client = new TestClient(server, 'demo.localhost', freshIp());
    await client.start();
    const body = {
      MobileNo: '13644440000',
      SmsCode: '000000',
      Password: 'Print2026',
      ConfirmPassword: 'Print2026',
    };
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/api/cust/Register', body)).apiCode).not.toBe(ApiCode.RateLimited);
    }
    const other = new TestClient(server, 'demo.localhost', freshIp());
    await other.start();
    expect(await other.post('/api/cust/Register', body)).toMatchObject({ apiCode: ApiCode.RateLimited });
    expect((await other.post('/api/cust/RetrievePassword', body)).apiCode).not.toBe(ApiCode.RateLimited);
  });

  it('counts CheckCustomerAccount, Register and RetrievePassword together per IP', async () => {
    const client = new TestClient(server, 'demo.localhost', freshIp());
    await client.start();
    const body = {
      MobileNo: '13644441111',
      SmsCode: '000000',
      Password: 'Print2026',
      ConfirmPassword: 'Print2026',
    };
    expect((await client.post('/api/cust/Register', body)).apiCode).not.toBe(ApiCode.RateLimited);
    expect((await client.post('/api/cust/RetrievePassword', body)).apiCode).not.toBe(ApiCode.RateLimited);
    for (const account of ['13644442222', '13644443333']) {
      expect((await client.post('/api/cust/CheckCustomerAccount', { Account: account })).apiCode).not.toBe(
        ApiCode.RateLimited,
      );
    }
    expect(await client.post('/api/cust/CheckCustomerAccount', { Account: '13644444444' })).toMatchObject({
      apiCode: ApiCode.RateLimited,
    });
  });

  it('limits Recharge and the upload check per signed-in customer', async () => {
    const [first, second] = await signInNewCustomers(server, 'demo.localhost', '1355555', 2);
    const recharge = { AmountFen: 10_000, PayType: 'wechat' };
    for (let i = 0; i < 3; i++)
      expect((await first!.post('/api/cust/Recharge', recharge)).success).toBe(true);
    expect(await first!.post('/api/cust/Recharge', recharge)).toMatchObject({ apiCode: ApiCode.RateLimited });
    expect((await second!.post('/api/cust/Recharge', recharge)).success).toBe(true);

    const check = {
      identifier: 'd41d8cd98f00b204e9800998ecf8427e',
      filename: 'a.pdf',
      totalChunks: '1',
      chunkSize: String(UPLOAD_CHUNK_SIZE),
      currentChunkSize: '1000',
      chunkNumber: '1',
      totalSize: '1000',
    };
    for (let i = 0; i < 3; i++) {
      expect((await first!.get('/api/common/UploadChunkFile', check)).apiCode).not.toBe(ApiCode.RateLimited);
    }
    const refused = await first!.request({ method: 'GET', url: '/api/common/UploadChunkFile', query: check });
    expectRateLimited(refused);
    expect((await second!.get('/api/common/UploadChunkFile', check)).apiCode).not.toBe(ApiCode.RateLimited);
  });

  it('documents the 429 reply of the limited calls in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/api/oauth/RequestOauthToken']!.post!.responses['429']).toBeDefined();
    expect(document.paths['/api/common/GetCaptcha']!.get!.responses['429']).toBeDefined();
    expect(document.paths['/api/oauth/LoginUserInfo']!.get!.responses['429']).toBeUndefined();
  });
});

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at REDIS_URL (CI starts one; elsewhere its tests are skipped without). */
async function isRedisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const hasRedis = await isRedisReachable();
if (!hasRedis && process.env.CI) throw new Error(`CI needs Redis at ${REDIS_URL} (.ci/run starts it)`);

const sharedStores: { store: Config['RATE_LIMIT_STORE']; settings: Partial<Config>; skip: boolean }[] = [
  { store: 'database', settings: { RATE_LIMIT_STORE: 'database' }, skip: false },
  {
    store: 'redis',
    // A prefix of its own: the SQLite and PostgreSQL runs may use the same Redis at once.
    settings: {
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL,
      RATE_LIMIT_KEY_PREFIX: `inkstone-test:${randomUUID()}:`,
    },
    skip: !hasRedis,
  },
];

describe.each(sharedStores)('two servers sharing the $store store', ({ settings, skip }) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    if (skip) return;
    first = await startTestServer({ ...settings, RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE: 6 });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it.skipIf(skip)(
    'count the same requests: parallel requests to both beyond the limit get -1429',
    async () => {
      const ip = freshIp();
      const before = await countAppTokens(first);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, index) => requestAppToken(index % 2 ? second : first, ip)),
      );
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(6);
      for (const reply of replies.filter((r) => r.statusCode !== 200)) expectRateLimited(reply);
      expect(await countAppTokens(first)).toBe(before + 6);
      // Both see the counter at its limit.
      expectRateLimited(await requestAppToken(first, ip));
      expectRateLimited(await requestAppToken(second, ip));
    },
  );
});

describe('the database store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_STORE: 'database',
      RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE: 6,
    });
  });
  afterAll(async () => server.close());

  it('starts a new window when the minute is over and deletes the counters of ended windows', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) expect((await requestAppToken(server, ip)).statusCode).toBe(200);
    expectRateLimited(await requestAppToken(server, ip));
    server.clock.advance(MINUTE_MS);
    expect((await requestAppToken(server, ip)).statusCode).toBe(200);
    // Every counter but the one about to be counted has ended, and is swept on the next call.
    server.clock.advance(MINUTE_MS);
    expect((await requestAppToken(server, freshIp())).statusCode).toBe(200);
    const rows = await server.context.db.selectFrom('rate_limit_counters').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.window_ends_at).toBe(server.clock.now() + MINUTE_MS);
  });
});

describe('two servers with memory stores', () => {
  it('count apart: each allows the limit (why a deployment of several uses a shared store)', async () => {
    const first = await startTestServer({ RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE: 3 });
    const second = await startSecondInstance(first);
    try {
      const ip = freshIp();
      const replies: LightMyRequestResponse[] = [];
      for (let i = 0; i < 8; i++) replies.push(await requestAppToken(i % 2 ? second : first, ip));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(6);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('configuration of the store', () => {
  it('refuses to start when Redis cannot be reached', async () => {
    await expect(
      startTestServer({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:1' }),
    ).rejects.toThrow(/Redis \(REDIS_URL\) cannot be reached/);
  });
});
