import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
let tls: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  tls = await startTestServer({ HSTS_MAX_AGE_SECONDS: 31_536_000 });
});
afterAll(async () => {
  await server.close();
  await tls.close();
});

describe('security headers', () => {
  it('sends the policy on API replies, failures included', async () => {
    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/common/CheckDomainName',
        payload: { bizcontent: { domainName: 'demo.localhost' } },
      },
      { method: 'POST' as const, url: '/api/order/QueryOrders', payload: { bizcontent: {} } },
      { method: 'GET' as const, url: '/api/nothing-here' },
    ]) {
      const reply = await server.app.inject({ ...request, headers: { host: 'demo.localhost' } });
      const csp = reply.headers['content-security-policy'];
      expect(csp, request.url).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('same-origin');
      expect(reply.headers['permissions-policy']).toContain('camera=()');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('tells browsers to keep to HTTPS only when HSTS_MAX_AGE_SECONDS is set', async () => {
    const reply = await tls.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: 'demo.localhost' },
    });
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('leaves the API documentation page its own script policy', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-security-policy'] ?? '').not.toContain("script-src 'self';");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});
