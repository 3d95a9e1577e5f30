// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE_REPLY_MAX_AGE_MS,
  excelCalls,
  firstPageReplyKey,
  longTermTokenKey,
  oauthCalls,
  ordersCalls,
  paymentsCalls,
  websiteCalls,
} from '@inkstone/contracts';
import { createApiClient } from './api-client.ts';
import { createFirstPageReplies, type FirstPageReplies } from './first-page-replies.ts';
import type { ApiClient, ApiError } from './api-client.ts';
import { createMemoryStorage, createSessionStore } from './session.ts';
import type { SessionStore } from './session.ts';

interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; raw?: string } | 'network-error' | 'hang' | Response;
type Handler = (request: SeenRequest) => Reply;

const envelope = (
  data: unknown,
  extra: Partial<{ success: boolean; message: string; apiCode: number }> = {},
) => ({
  success: true,
  data,
  message: '成功',
  apiCode: 0,
  ...extra,
});
const failure = (apiCode: number, message = '') => ({ success: false, data: null, message, apiCode });

/** A stand-in server: records every request and answers from `handlers` by path. */
function createServer(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  let appTokens = 0;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://demo.localhost');
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body:
        init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(request);
    const handler: Handler =
      handlers[url.pathname] ??
      (url.pathname === '/api/oauth/RequestOauthToken'
        ? () => ({ body: envelope({ Token: `app-token-${++appTokens}`, ExpiresIn: 7200, ExpiresAt: '' }) })
        : () => ({ status: 404, body: failure(-1004, '接口不存在') }));
    const reply: Reply = handler(request);
    if (reply instanceof Response) return reply;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const text = reply.raw ?? JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'content-type': reply.raw ? 'text/html' : 'application/json' },
    });
  }) as typeof fetch;
  const calls = (path: string) => seen.filter((request) => request.path === path);
  return { fetch: fetchImpl, seen, calls };
}

let localStore: Storage;
let sessionStore: SessionStore;
let toasts: string[];
let loginRedirects: number;

function createClient(
  handlers: Record<string, Handler>,
  firstPageReplies?: FirstPageReplies,
): {
  client: ApiClient;
  server: ReturnType<typeof createServer>;
} {
  const server = createServer(handlers);
  const client = createApiClient({
    fetch: server.fetch,
    session: sessionStore,
    getAppCredentials: () => ({ appId: 'web-demo', appSecret: 'secret-demo' }),
    showError: (message) => toasts.push(message),
    onLoginExpired: () => loginRedirects++,
    firstPageReplies,
  });
  return { client, server };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStore = createMemoryStorage();
  sessionStore = createSessionStore(createMemoryStorage(), localStore);
  sessionStore.patch({ companyCode: 'demo' });
  sessionStore.signIn({
    accessToken: 'customer-token',
    isLongTerm: true,
    account: '13800138000',
    currentInfo: null,
  });
  toasts = [];
  loginRedirects = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('wraps POST bodies in bizcontent and sends appid, authtoken, accesstoken and domainname', async () => {
    const { client, server } = createClient({ '/api/cust/Register': () => ({ body: envelope({ ok: 1 }) }) });
    await expect(client.post('/api/cust/Register', { MobileNo: '13800138000' })).resolves.toEqual({ ok: 1 });

    const [tokenRequest] = server.calls('/api/oauth/RequestOauthToken');
    expect(tokenRequest?.body).toEqual({ appid: 'web-demo', bizcontent: { secret: 'secret-demo' } });
    const [call] = server.calls('/api/cust/Register');
    expect(call?.body).toEqual({ bizcontent: { MobileNo: '13800138000' } });
    expect(call?.headers.get('appid')).toBe('web-demo');
    expect(call?.headers.get('authtoken')).toBe('app-token-1');
    expect(call?.headers.get('accesstoken')).toBe('customer-token');
    expect(call?.headers.get('domainname')).toBe('demo');
  });

  it('sends no token headers when token use is switched off for the call', async () => {
    const { client, server } = createClient({
      '/api/common/CheckDomainName': () => ({ body: envelope({}) }),
    });
    await client.post('/api/common/CheckDomainName', { domainName: 'demo.localhost' }, { useToken: false });
    expect(server.calls('/api/oauth/RequestOauthToken')).toHaveLength(0);
    const [call] = server.calls('/api/common/CheckDomainName');
    expect(
      ['appid', 'authtoken', 'accesstoken', 'domainname'].map((name) => call?.headers.get(name)),
    ).toEqual([null, null, null, null]);
  });

  it('asks for a new app token once the old one has expired', async () => {
    const { client, server } = createClient({ '/api/website/GetWebConfig': () => ({ body: envelope({}) }) });
    await client.post('/api/website/GetWebConfig');
    await vi.advanceTimersByTimeAsync(7200 * 1000);
    await client.post('/api/website/GetWebConfig');
    expect(server.calls('/api/oauth/RequestOauthToken')).toHaveLength(2);
    expect(server.calls('/api/website/GetWebConfig')[1]?.headers.get('authtoken')).toBe('app-token-2');
  });

  it('sends a FormData body as multipart, unwrapped, with the token headers', async () => {
    const { client, server } = createClient({
      '/api/common/UploadChunkFile': () => ({ body: envelope({ SkipUpload: false }) }),
    });
    const form = new FormData();
    form.append('chunkNumber', '2');
    await client.post('/api/common/UploadChunkFile', form);
    const [call] = server.calls('/api/common/UploadChunkFile');
    expect(call?.body).toBe(form);
    expect(call?.headers.get('content-type')).toBeNull();
    expect(call?.headers.get('accesstoken')).toBe('customer-token');
  });

  it('fails a call its caller aborted as aborted, without a toast', async () => {
    const { client } = createClient({ '/api/common/UploadChunkFile': () => 'hang' });
    const controller = new AbortController();
    const result = client
      .get('/api/common/UploadChunkFile', { signal: controller.signal })
      .catch((error: ApiError) => error);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await result).toMatchObject({ kind: 'aborted', message: '中途停止' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(toasts).toEqual([]);
  });
});

describe('the answers the page was sent with', () => {
  /** A page whose block answers QueryAd (carousel) and the app token request. */
  function pageWith(age: () => number) {
    const block = JSON.stringify({
      [firstPageReplyKey(websiteCalls.QueryAd.path, { bizcontent: { Position: 'home_carousel' } })]:
        JSON.stringify(envelope([{ Id: 7 }])),
      [firstPageReplyKey(oauthCalls.RequestOauthToken.path, {
        appid: 'web-demo',
        bizcontent: { secret: 'secret-demo' },
      })]: JSON.stringify(envelope({ Token: 'page-token', ExpiresIn: 600, ExpiresAt: '' })),
    });
    return createFirstPageReplies(() => block, age);
  }

  it('takes a call’s answer from the page once, then asks the network', async () => {
    sessionStore.patch({ authToken: '', authTokenExpiresAt: 0 });
    const { client, server } = createClient(
      { '/api/website/QueryAd': () => ({ body: envelope([{ Id: 8 }]) }) },
      pageWith(() => 100),
    );
    await expect(client.call(websiteCalls.QueryAd, { Position: 'home_carousel' })).resolves.toEqual([
      { Id: 7 },
    ]);
    expect(server.seen).toEqual([]);
    expect(sessionStore.get().authToken).toBe('page-token');

    await expect(client.call(websiteCalls.QueryAd, { Position: 'home_carousel' })).resolves.toEqual([
      { Id: 8 },
    ]);
    expect(server.calls('/api/website/QueryAd')).toHaveLength(1);
    expect(server.seen[0]!.headers.get('authtoken')).toBe('page-token');
  });

  it('asks the network for a body the page did not answer, and for every call once the page is old', async () => {
    const { client, server } = createClient(
      { '/api/website/QueryAd': () => ({ body: envelope([{ Id: 8 }]) }) },
      pageWith(() => FIRST_PAGE_REPLY_MAX_AGE_MS + 1),
    );
    await client.call(websiteCalls.QueryAd, { Position: 'home_side' });
    await client.call(websiteCalls.QueryAd, { Position: 'home_carousel' });
    expect(server.calls('/api/website/QueryAd').map((request) => request.body)).toEqual([
      { bizcontent: { Position: 'home_side' } },
      { bizcontent: { Position: 'home_carousel' } },
    ]);
  });

  it('ignores a damaged block', () => {
    const replies = createFirstPageReplies(
      () => '{not json',
      () => 0,
    );
    expect(replies.take('/api/website/QueryAd', { bizcontent: {} })).toBeUndefined();
  });
});

describe('login-expired replies (-101, -200, -201, -202)', () => {
  it.each([-200, -201, -202])(
    'retries once after 1 s on %i, then clears the session and goes to the login',
    async (code) => {
      localStore.setItem(longTermTokenKey('demo'), 'customer-token');
      const { client, server } = createClient({
        '/api/order/ShopCarOrders': () => ({ body: failure(code, '登录已失效，请重新登录') }),
      });
      const result = client.post('/api/order/ShopCarOrders', {}).catch((error: ApiError) => error);

      await vi.advanceTimersByTimeAsync(999);
      expect(server.calls('/api/order/ShopCarOrders')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls('/api/order/ShopCarOrders')).toHaveLength(2);

      const error = await result;
      expect(error).toMatchObject({ kind: 'login-expired', apiCode: code });
      expect(sessionStore.get()).toMatchObject({
        accessToken: '',
        authToken: '',
        isLoggedIn: false,
        currentInfo: null,
      });
      expect(localStore.getItem(longTermTokenKey('demo'))).toBeNull();
      expect(loginRedirects).toBe(1);
      await vi.advanceTimersByTimeAsync(500);
      expect(toasts).toEqual(['登录已失效，请重新登录']);
    },
  );

  it('keeps the session when the retry succeeds', async () => {
    let attempts = 0;
    const { client } = createClient({
      '/api/order/ShopCarOrders': () => ({ body: ++attempts === 1 ? failure(-201) : envelope(['order']) }),
    });
    const result = client.post('/api/order/ShopCarOrders', {});
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual(['order']);
    expect(sessionStore.get().isLoggedIn).toBe(true);
    expect(loginRedirects).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(toasts).toEqual([]);
  });

  it('re-requests the app token before retrying on -101', async () => {
    const { client, server } = createClient({
      '/api/website/GetWebConfig': (request) =>
        request.headers.get('authtoken') === 'app-token-1'
          ? { body: failure(-101) }
          : { body: envelope({ WebSiteName: '演示印刷' }) },
    });
    const result = client.post('/api/website/GetWebConfig');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ WebSiteName: '演示印刷' });
    expect(server.calls('/api/oauth/RequestOauthToken')).toHaveLength(2);
    expect(server.calls('/api/website/GetWebConfig').map((call) => call.headers.get('authtoken'))).toEqual([
      'app-token-1',
      'app-token-2',
    ]);
  });
});

describe('error toasts', () => {
  it('shows the server message of a failed call, or 服务端接口反馈失败1 when it has none', async () => {
    const { client } = createClient({
      '/api/cust/Register': () => ({ body: failure(-1033, '短信验证码错误') }),
      '/api/cust/RetrievePassword': () => ({ body: failure(-1) }),
    });
    await expect(client.post('/api/cust/Register', {})).rejects.toMatchObject({ message: '短信验证码错误' });
    await vi.advanceTimersByTimeAsync(500);
    await expect(client.post('/api/cust/RetrievePassword', {})).rejects.toMatchObject({
      message: '服务端接口反馈失败1',
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(toasts).toEqual(['短信验证码错误', '服务端接口反馈失败1']);
  });

  it('stays quiet with ignoreAlert, and with ignoreExists when the code is -1001', async () => {
    const { client } = createClient({
      '/api/cust/CheckCustomerAccount': () => ({ body: failure(-1001, '数据已存在') }),
      '/api/cust/Register': () => ({ body: failure(-1002, '手机号码格式有误') }),
    });
    await expect(
      client.post('/api/cust/CheckCustomerAccount', {}, { ignoreExists: true }),
    ).rejects.toMatchObject({ apiCode: -1001 });
    await expect(client.post('/api/cust/Register', {}, { ignoreAlert: true })).rejects.toMatchObject({
      apiCode: -1002,
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(toasts).toEqual([]);

    await expect(client.post('/api/cust/Register', {}, { ignoreExists: true })).rejects.toBeTruthy();
    await vi.advanceTimersByTimeAsync(500);
    expect(toasts).toEqual(['手机号码格式有误']);
  });

  it('debounces a burst of failures into one toast 500 ms after the last', async () => {
    const { client } = createClient({
      '/api/a': () => ({ body: failure(-1, '第一个错误') }),
      '/api/b': () => ({ body: failure(-1, '第二个错误') }),
    });
    await client.post('/api/a').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(300);
    await client.post('/api/b').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(499);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts).toEqual(['第二个错误']);
  });

  it('names HTTP failures by the server message, else 服务端接口反馈失败', async () => {
    const { client } = createClient({
      '/api/a': () => ({ status: 429, body: failure(-1429, '请求过于频繁，请稍后再试') }),
      '/api/b': () => ({ status: 502, raw: '<html>Bad Gateway</html>' }),
    });
    await expect(client.post('/api/a')).rejects.toMatchObject({
      kind: 'http',
      status: 429,
      message: '请求过于频繁，请稍后再试',
    });
    await expect(client.post('/api/b')).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      message: '服务端接口反馈失败',
    });
  });

  it('says 接口请求失败 when the request fails and 服务器未响应 when a reply has no data', async () => {
    const { client } = createClient({
      '/api/offline': () => 'network-error',
      '/api/empty': () => ({ raw: '' }),
    });
    await expect(client.post('/api/offline')).rejects.toMatchObject({
      kind: 'network',
      message: '接口请求失败',
    });
    await vi.advanceTimersByTimeAsync(500);
    await expect(client.post('/api/empty')).rejects.toMatchObject({
      kind: 'no-data',
      message: '服务器未响应',
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(toasts).toEqual(['接口请求失败', '服务器未响应']);
  });

  it('sends a read-only call once more 1 s after the network failed, never a payment or an order', async () => {
    let failures = 1;
    const { client, server } = createClient({
      [ordersCalls.QueryOrders.path]: () =>
        failures-- > 0 ? 'network-error' : { body: envelope({ List: [] }) },
      [ordersCalls.addorder.path]: () => 'network-error',
      [paymentsCalls.BalancePaymannet.path]: () => 'network-error',
    });
    const listed = client.call(ordersCalls.QueryOrders, {});
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls(ordersCalls.QueryOrders.path)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(listed).resolves.toEqual({ List: [] });
    expect(server.calls(ordersCalls.QueryOrders.path)).toHaveLength(2);
    expect(toasts).toEqual([]);

    const placed = client.call(ordersCalls.addorder, {} as never).catch((error: ApiError) => error.kind);
    const paid = client
      .call(paymentsCalls.BalancePaymannet, {} as never)
      .catch((error: ApiError) => error.kind);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(placed).resolves.toBe('network');
    await expect(paid).resolves.toBe('network');
    expect(server.calls(ordersCalls.addorder.path)).toHaveLength(1);
    expect(server.calls(paymentsCalls.BalancePaymannet.path)).toHaveLength(1);
  });

  it('gives up after 15 s, and waits 900 s for an export', async () => {
    const { client } = createClient({ '/api/slow': () => 'hang', '/api/v1/post_export_excel': () => 'hang' });
    const normal = client.post('/api/slow').catch((error: ApiError) => error);
    const exported = client.exportFile('/api/v1/post_export_excel', {}).catch((error: ApiError) => error);
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(normal).resolves.toMatchObject({ kind: 'timeout', message: '接口请求失败' });

    let exportSettled = false;
    void exported.then(() => (exportSettled = true));
    await vi.advanceTimersByTimeAsync(800_000);
    expect(exportSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(100_000);
    await expect(exported).resolves.toMatchObject({ kind: 'timeout' });
  });
});

describe('downloads', () => {
  it('streams a file reply with progress and saves it under the Chinese name it was given', async () => {
    const name = '订单_2026-11-01至2026-11-30.xlsx';
    const parts = [new Uint8Array([80, 75, 3, 4]), new Uint8Array(1000), new Uint8Array(24)];
    const { client, server } = createClient({
      [excelCalls.post_export_excel.path]: () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const part of parts) controller.enqueue(part);
              controller.close();
            },
          }),
          {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
              'x-export-rows': '3',
            },
          },
        ),
    });
    const received: number[] = [];
    const file = await client.download(
      excelCalls.post_export_excel,
      { ExportExcelType: 'orders', StartDate: '2026-11-01', EndDate: '2026-11-30' },
      { onProgress: (bytes) => void received.push(bytes) },
    );
    expect(file.fileName).toBe(name);
    expect(file.blob.size).toBe(1028);
    expect(received).toEqual([0, 4, 1004, 1028]);
    expect(server.calls(excelCalls.post_export_excel.path)[0]!.body).toEqual({
      bizcontent: { ExportExcelType: 'orders', StartDate: '2026-11-01', EndDate: '2026-11-30' },
    });
  });

  it('fails with the server’s message when the export is refused', async () => {
    const { client } = createClient({
      [excelCalls.post_export_excel.path]: () => ({ body: failure(-1601, '订单不存在') }),
    });
    await expect(
      client.download(excelCalls.post_export_excel, { ExportExcelType: 'order_lines', OrderId: 9 }),
    ).rejects.toMatchObject({ kind: 'business', apiCode: -1601, message: '订单不存在' });
    await vi.advanceTimersByTimeAsync(500);
    expect(toasts).toEqual(['订单不存在']);
  });

  it('waits 900 s for a file', async () => {
    const { client } = createClient({ [excelCalls.post_export_excel.path]: () => 'hang' });
    let error: ApiError | null = null;
    void client
      .download(excelCalls.post_export_excel, { ExportExcelType: 'cart' }, { retryOnNetworkFailure: false })
      .catch((caught: ApiError) => (error = caught));
    await vi.advanceTimersByTimeAsync(899_000);
    expect(error).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('logging out', () => {
  it('does not retry or announce a token that had already expired', async () => {
    const { client, server } = createClient({ '/api/oauth/Logout': () => ({ body: failure(-202) }) });
    await expect(
      client.post('/api/oauth/Logout', {}, { ignoreAlert: true, ignoreLoginExpired: true }),
    ).rejects.toMatchObject({
      kind: 'login-expired',
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls('/api/oauth/Logout')).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(loginRedirects).toBe(0);
  });
});
