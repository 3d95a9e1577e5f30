import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, calls, type CallContract } from '@inkstone/contracts';
import { listApiRoutes, startTestServer, type TestServer } from '../test/harness.ts';

/**
 * Routes that serve files or pages, or answer a payment gateway in its own protocol (微信支付,
 * 支付宝 notifications), not envelope calls: they have no registry entry.
 */
const FILE_ROUTES = new Set([
  'GET /api/v1/get_service_file_download',
  'GET /api/files/:id/:name',
  'GET /api/thumbnails/:id',
  'GET /api/avatars/:file',
  'GET /api/site-logo/:file',
  'GET /api/site-images/:file',
  'GET /api/template-files/:file',
  'GET /api/public/catalog-schema.json',
  'GET /api/payment/simulator/:paymentno',
  'POST /api/payment/simulator/:paymentno',
  'POST /api/payment/notify/wechat/:merchant',
  'POST /api/payment/notify/alipay/:merchant',
]);

const entries: [string, CallContract][] = Object.entries(calls).flatMap(([module, group]) =>
  Object.entries(group as Record<string, CallContract>).map(
    ([name, contract]) => [`${module}.${name}`, contract] as [string, CallContract],
  ),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the call registry', () => {
  it('has one entry per path and method', () => {
    const keys = entries.map(([, c]) => `${c.method} ${c.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what the server serves: every entry is a route, every envelope route an entry', () => {
    const served = new Set(listApiRoutes(server.app).map((r) => `${r.method} ${r.path}`));
    const declared = new Set(entries.map(([, c]) => `${c.method} ${c.path.toLowerCase()}`));
    for (const [name, contract] of entries) {
      expect(served.has(`${contract.method} ${contract.path.toLowerCase()}`), name).toBe(true);
    }
    const undeclared = [...served].filter((key) => !declared.has(key) && !FILE_ROUTES.has(key));
    expect(undeclared).toEqual([]);
  });

  it('refuses a call without credentials as its entry’s auth level says', async () => {
    // Each call is made on the demo merchant's host with no token at all.
    const refusals: Record<string, number> = {
      app: ApiCode.AppTokenInvalid,
      customer: ApiCode.AppTokenInvalid,
      staff: ApiCode.StaffLoginRequired,
    };
    for (const [name, contract] of entries) {
      const reply = await server.app.inject({
        method: contract.method,
        url: contract.path,
        headers: { host: 'demo.localhost' },
        ...(contract.method === 'POST' ? { payload: { bizcontent: {} } } : {}),
      });
      const { apiCode } = reply.json() as { apiCode: number };
      if (contract.auth === 'public') {
        expect(
          [ApiCode.AppTokenInvalid, ApiCode.LoginRequired, ApiCode.StaffLoginRequired],
          name,
        ).not.toContain(apiCode);
      } else {
        expect(apiCode, name).toBe(refusals[contract.auth]);
      }
    }
  });
});
