import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiCode, REQUEST_ID_HEADER } from '@inkstone/contracts';
import {
  TestClient,
  expectEnvelope,
  findLeak,
  listApiRoutes,
  startTestServer,
  type TestServer,
} from '../test/harness.ts';

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server, 'demo.localhost');
  await client.start();
});
afterAll(async () => server.close());

const json = { 'content-type': 'application/json' };

describe('the reply envelope', () => {
  it('wraps a success, a business failure and an auth failure alike', async () => {
    const success = expectEnvelope(
      await client.request({ method: 'POST', url: '/api/website/GetWebConfig', payload: { bizcontent: {} } }),
    );
    expect(success).toMatchObject({ success: true, apiCode: 0, data: { CompanyCode: 'demo' } });

    const exists = expectEnvelope(
      await client.request({
        method: 'POST',
        url: '/api/cust/CheckCustomerAccount',
        payload: { bizcontent: { Account: '13800138000' } },
      }),
    );
    expect(exists.apiCode).toBe(ApiCode.AlreadyExists);

    const anonymous = new TestClient(server, 'demo.localhost');
    const refused = await anonymous.request({ method: 'GET', url: '/api/oauth/LoginUserInfo' });
    expect(refused.statusCode).toBe(200);
    expect(expectEnvelope(refused)).toMatchObject({ apiCode: -101, message: '登录已失效，请重新登录' });
  });

  it('answers an unknown /api path with -1004 and HTTP 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing/Here'],
      ['POST', '/api/order/NoSuchCall'],
      ['POST', '/api/website/GetWebConfig/extra'],
      ['DELETE', '/api/website/GetWebConfig'],
    ] as const) {
      const response = await client.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(expectEnvelope(response)).toMatchObject({ apiCode: ApiCode.NotFound, message: '接口不存在' });
    }
  });

  it('answers a path with broken percent-encoding with the envelope, not a framework error', async () => {
    const response = await client.request({ method: 'GET', url: '/api/website/%zz' });
    expect(response.statusCode).toBe(404);
    expect(expectEnvelope(response).apiCode).toBe(ApiCode.NotFound);
    expect(response.headers[REQUEST_ID_HEADER]).toBeTruthy();
  });

  it('answers malformed JSON with -1005 and HTTP 400', async () => {
    for (const payload of ['{"bizcontent": {', '', 'not json', '{"bizcontent": {}} trailing']) {
      const response = await client.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        headers: json,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(expectEnvelope(response)).toMatchObject({
        apiCode: ApiCode.MalformedBody,
        message: '请求体不是合法的 JSON',
      });
    }
  });

  it('refuses a body that tries to pollute the object prototype', async () => {
    for (const payload of [
      '{"bizcontent": {}, "__proto__": {"polluted": true}}',
      '{"bizcontent": {"constructor": {"prototype": {"polluted": true}}}}',
    ]) {
      const response = await client.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        headers: json,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(expectEnvelope(response).apiCode).toBe(ApiCode.MalformedBody);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a body over BODY_LIMIT_BYTES with -1006 and HTTP 413, and accepts one under it', async () => {
    const small = await startTestServer({ BODY_LIMIT_BYTES: 1024 });
    try {
      const smallClient = new TestClient(small, 'demo.localhost');
      await smallClient.start();
      const under = await smallClient.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        payload: { bizcontent: { Note: 'x'.repeat(900) } },
      });
      expect(expectEnvelope(under).success).toBe(true);

      const over = await smallClient.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        payload: { bizcontent: { Note: 'x'.repeat(1100) } },
      });
      expect(over.statusCode).toBe(413);
      expect(expectEnvelope(over)).toMatchObject({ apiCode: ApiCode.BodyTooLarge, message: '请求体过大' });
      expect(over.headers[REQUEST_ID_HEADER]).toBeTruthy();
    } finally {
      await small.close();
    }
  });

  it('answers a content type other than JSON with -1007 and HTTP 415', async () => {
    for (const [type, payload] of [
      ['application/xml', '<bizcontent/>'],
      ['text/plain', '{"bizcontent": {}}'],
      ['application/x-www-form-urlencoded', 'bizcontent=1'],
    ]) {
      const response = await client.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        headers: { 'content-type': type! },
        payload,
      });
      expect(response.statusCode, type).toBe(415);
      expect(expectEnvelope(response)).toMatchObject({
        apiCode: ApiCode.UnsupportedMediaType,
        message: '不支持的请求类型',
      });
    }
  });
});

describe('validation messages', () => {
  async function expectInvalid(url: string, bizcontent: unknown, message: string): Promise<void> {
    const response = await client.request({ method: 'POST', url, payload: { bizcontent } });
    expect(response.statusCode).toBe(200);
    expect(expectEnvelope(response)).toMatchObject({ apiCode: ApiCode.ValidationFailed, message });
  }

  const register = { MobileNo: '13712345678', SmsCode: '123456', Password: 'Print2026' };

  it('names a malformed or missing mobile number with the messages of spec §5', async () => {
    await expectInvalid('/api/common/SendSms', { MobileNo: '123' }, '手机号码格式有误');
    await expectInvalid('/api/common/SendSms', { MobileNo: '12812345678' }, '手机号码格式有误');
    await expectInvalid('/api/common/SendSms', { MobileNo: '' }, '请输入手机号码');
    await expectInvalid('/api/common/SendSms', {}, '请输入手机号码');
  });

  it('asks for the confirmation password and insists it matches (spec §5)', async () => {
    await expectInvalid('/api/cust/Register', register, '请输入确认密码');
    await expectInvalid('/api/cust/Register', { ...register, ConfirmPassword: '' }, '请输入确认密码');
    await expectInvalid(
      '/api/cust/Register',
      { ...register, ConfirmPassword: 'Print2027' },
      '确认密码必须和密码一致！',
    );
  });

  it('names the field and the expected type when a value has the wrong type', async () => {
    await expectInvalid(
      '/api/common/VerifyCaptcha',
      { challenge: 'c', x: 'left', durationMs: 900 },
      '滑块位置类型不正确，应为数字',
    );
    await expectInvalid(
      '/api/cust/CheckCustomerAccount',
      { Account: 13800138000 },
      '账号类型不正确，应为文本',
    );
  });

  it('names a missing bizcontent and a missing appid', async () => {
    const noBiz = await client.request({
      method: 'POST',
      url: '/api/cust/CheckCustomerAccount',
      payload: {},
    });
    expect(expectEnvelope(noBiz)).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
      message: 'bizcontent不能为空',
    });
    const noAppId = await client.request({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      payload: { bizcontent: { secret: 's' } },
    });
    expect(expectEnvelope(noAppId)).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
      message: 'appid不能为空',
    });
  });

  it('refuses a NUL character in a text field, naming the field', async () => {
    await expectInvalid(
      '/api/cust/CheckCustomerAccount',
      { Account: '138\u000000138000' },
      '账号包含非法字符',
    );
    const company = await client.request({
      method: 'POST',
      url: '/api/common/CheckDomainName',
      payload: { bizcontent: { domainName: 'demo.localhost\u0000' } },
    });
    expect(expectEnvelope(company)).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
      message: '域名包含非法字符',
    });
  });
});

describe('paths', () => {
  it('matches the spec paths without regard to case', async () => {
    for (const url of [
      '/api/website/GetWebConfig',
      '/api/Website/GetWebConfig',
      '/api/website/getwebconfig',
      '/Api/WEBSITE/GETWEBCONFIG',
    ]) {
      const response = await client.request({ method: 'POST', url, payload: { bizcontent: {} } });
      expect(expectEnvelope(response), url).toMatchObject({ success: true, data: { CompanyCode: 'demo' } });
    }
    const info = await client.request({ method: 'GET', url: '/api/OAuth/loginuserinfo' });
    expect(expectEnvelope(info).apiCode).toBe(ApiCode.LoginRequired);
  });

  it('ignores a trailing slash and a query string on a POST call', async () => {
    const response = await client.request({
      method: 'POST',
      url: '/api/website/GetWebConfig/?t=1732154400000',
      payload: { bizcontent: {} },
    });
    expect(expectEnvelope(response).success).toBe(true);
  });
});

describe('request ids', () => {
  it('puts an x-request-id on every reply, a different one each time', async () => {
    const responses = await Promise.all([
      client.request({ method: 'POST', url: '/api/website/GetWebConfig', payload: { bizcontent: {} } }),
      client.request({ method: 'GET', url: '/api/nothing' }),
      client.request({ method: 'POST', url: '/api/website/GetWebConfig', headers: json, payload: '{' }),
      client.request({ method: 'POST', url: '/api/common/SendSms', payload: { bizcontent: {} } }),
      client.request({ method: 'GET', url: '/healthz' }),
      client.request({ method: 'GET', url: '/api/docs/json' }),
    ]);
    const ids = responses.map((response) => response.headers[REQUEST_ID_HEADER]);
    for (const id of ids) expect(id).toMatch(/^[\w.-]{1,64}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes a well-formed incoming request id and replaces a malformed one', async () => {
    const echoed = await client.request({
      method: 'GET',
      url: '/healthz',
      headers: { [REQUEST_ID_HEADER]: 'order-2026.11_21' },
    });
    expect(echoed.headers[REQUEST_ID_HEADER]).toBe('order-2026.11_21');

    for (const incoming of ['has space', 'x'.repeat(65), '<script>', '../../etc/passwd']) {
      const replaced = await client.request({
        method: 'GET',
        url: '/healthz',
        headers: { [REQUEST_ID_HEADER]: incoming },
      });
      expect(replaced.headers[REQUEST_ID_HEADER]).not.toBe(incoming);
      expect(replaced.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('internals stay inside', () => {
  it('shows no stack trace, source path or framework text in any failure', async () => {
    const failures = await Promise.all([
      client.request({ method: 'POST', url: '/api/website/GetWebConfig', headers: json, payload: '{"a":' }),
      client.request({
        method: 'POST',
        url: '/api/website/GetWebConfig',
        headers: { 'content-type': 'image/png' },
        payload: 'x',
      }),
      client.request({ method: 'GET', url: '/api/%E0%A4%A' }),
      client.request({
        method: 'POST',
        url: '/api/oauth/RequestAccessToken',
        payload: { bizcontent: { LoginType: 9 } },
      }),
      client.request({
        method: 'POST',
        url: '/api/common/VerifyCaptcha',
        payload: { bizcontent: { challenge: {}, x: [] } },
      }),
      client.request({ method: 'POST', url: '/api/cust/info', payload: { bizcontent: {} } }),
      client.request({
        method: 'POST',
        url: '/api/common/CheckDomainName',
        payload: { bizcontent: { domainName: 'x'.repeat(300) } },
      }),
    ]);
    for (const response of failures) {
      const body = expectEnvelope(response);
      expect(body.success).toBe(false);
      expect(findLeak(response.body), response.body).toBeNull();
    }
  });

  it('answers a database failure with -1500 and a generic message, without the SQL', async () => {
    const broken = await startTestServer();
    try {
      await sql`alter table api_clients rename to api_clients_moved`.execute(broken.context.db);
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/common/CheckDomainName',
        headers: { host: 'demo.localhost' },
        payload: { bizcontent: { domainName: 'demo.localhost' } },
      });
      expect(response.statusCode).toBe(500);
      expect(expectEnvelope(response)).toMatchObject({
        apiCode: ApiCode.Internal,
        message: '服务器内部错误，请稍后再试',
      });
      expect(response.body).not.toContain('api_clients');
      expect(findLeak(response.body)).toBeNull();
    } finally {
      await broken.close();
    }
  });
});

describe('health and documentation', () => {
  it('answers /healthz and /readyz with the envelope', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(expectEnvelope(health).data).toEqual({ Status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(expectEnvelope(ready).data).toEqual({ Status: 'ready' });
  });

  it('answers /readyz with 503 once the database is gone, while /healthz still answers', async () => {
    const stopping = await startTestServer();
    try {
      await stopping.context.db.destroy();
      const ready = await stopping.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(expectEnvelope(ready).apiCode).toBe(ApiCode.Unavailable);
      const health = await stopping.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });

  it('describes every call in the OpenAPI document at /api/docs/json', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(document.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/oauth/RequestOauthToken', 'post'],
      ['/api/oauth/RequestAccessToken', 'post'],
      ['/api/oauth/LoginUserInfo', 'get'],
      ['/api/common/SendSms', 'post'],
      ['/api/common/GetCaptcha', 'get'],
      ['/api/common/CheckDomainName', 'post'],
      ['/api/website/GetWebConfig', 'post'],
      ['/api/cust/CheckCustomerAccount', 'post'],
      ['/api/cust/Register', 'post'],
      ['/api/cust/RetrievePassword', 'post'],
      ['/api/cust/CustomerChangePassword', 'post'],
      ['/api/cust/info', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const register = document.paths['/api/cust/Register']!.post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual([
      'bizcontent',
    ]);
    expect(document.paths['/api/oauth/LoginUserInfo']!.get.security).toEqual([
      { authtoken: [], accesstoken: [] },
    ]);
  });

  it('marks the staff calls with the stafftoken scheme in /api/docs/json', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, any>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.stafftoken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'stafftoken',
    });
    const staffCalls = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/staff/'));
    for (const path of ['/api/staff/Info', '/api/staff/QueryOrders', '/api/staff/OrderDetail']) {
      expect(document.paths[path]?.post, path).toBeDefined();
    }
    expect(staffCalls.length).toBeGreaterThanOrEqual(10);
    for (const [path, operations] of staffCalls) {
      // The sign-in is the one staff call made without a staff token.
      const expected = path === '/api/staff/Login' ? undefined : [{ stafftoken: [] }];
      expect(operations.post?.security, path).toEqual(expected);
    }
  });
});

describe('registered calls', () => {
  it('documents every registered /api call in the OpenAPI document', async () => {
    const routes = listApiRoutes(server.app);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map(
          // OpenAPI writes a path parameter as {id}, the router as :id.
          (method) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    for (const route of routes)
      expect(documented, `${route.method} ${route.path}`).toContain(`${route.method} ${route.path}`);
  });
});
