import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { startMaintenance } from '../../maintenance.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';

const MAINTENANCE_EVERY_MS = 10 * 60_000;

let server: TestServer;
beforeAll(async () => {
  // The order job's own timer is kept out of the way: this file is about tokens.
  server = await startTestServer({ ORDER_AUTO_CANCEL_CHECK_SECONDS: 86_400 });
});
afterAll(async () => server.close());
afterEach(() => {
  vi.useRealTimers();
});

async function countAppTokens(): Promise<number> {
  const rows = await server.context.db.selectFrom('app_tokens').select('token_hash').execute();
  return rows.length;
}

describe('app tokens that are never used again', () => {
  it('expire after APP_TOKEN_TTL_SECONDS and are deleted by the maintenance timer; live ones stay', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startMaintenance(server.context, server.services);
    try {
      const ttlMs = server.context.config.APP_TOKEN_TTL_SECONDS * 1000;
      const before = await countAppTokens();
      // Twenty page loads that each asked for a token and were closed.
      const abandoned: TestClient[] = [];
      for (let i = 0; i < 20; i++) {
        const client = new TestClient(server, 'demo.localhost', `198.18.0.${i + 1}`);
        await client.start();
        abandoned.push(client);
      }
      server.clock.advance(ttlMs - MAINTENANCE_EVERY_MS);
      const live = new TestClient(server, 'demo.localhost', '198.18.1.1');
      await live.start();
      expect(await countAppTokens()).toBe(before + 21);

      server.clock.advance(MAINTENANCE_EVERY_MS);
      const expired = await abandoned[0]!.post('/api/website/GetWebConfig', {});
      expect(expired.apiCode).toBe(ApiCode.AppTokenInvalid);

      await vi.advanceTimersByTimeAsync(MAINTENANCE_EVERY_MS);
      await vi.waitFor(async () => expect(await countAppTokens()).toBe(1));
      const rows = await server.context.db.selectFrom('app_tokens').select('expires_at').execute();
      expect(rows[0]!.expires_at).toBeGreaterThan(server.clock.now());
      expect((await live.post('/api/website/GetWebConfig', {})).success).toBe(true);
    } finally {
      stop();
    }
  });
});
