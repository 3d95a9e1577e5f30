import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { expectEnvelope, findLeak, isPostgres, startTestServer, type TestServer } from '../test/harness.ts';

/**
 * /readyz proves the database takes a write and reads it back, with a short time-out; a database
 * locked by another process answers "busy" quickly instead of freezing the server.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function readyz() {
  const started = performance.now();
  const response = await server.app.inject({ method: 'GET', url: '/readyz' });
  return { response, ms: performance.now() - started };
}

async function probedAt(): Promise<number | undefined> {
  const row = await server.context.db
    .selectFrom('readiness_probes')
    .select('probed_at')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.probed_at;
}

/** RequestOauthToken (it stores an app token) for the demo merchant's web client. */
async function requestAppToken() {
  const company = await server.app.inject({
    method: 'POST',
    url: '/api/common/CheckDomainName',
    headers: { host: 'demo.localhost' },
    payload: { bizcontent: { domainName: 'demo.localhost' } },
  });
  const { AppId, AppSecret } = company.json().data;
  return async () => {
    const started = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/oauth/RequestOauthToken',
      headers: { host: 'demo.localhost' },
      payload: { appid: AppId, bizcontent: { secret: AppSecret } },
    });
    return { response, ms: performance.now() - started };
  };
}

describe('/readyz', () => {
  it('writes its probe row and reads it back', async () => {
    const { response } = await readyz();
    expect(response.statusCode).toBe(200);
    expect(expectEnvelope(response).data).toEqual({ Status: 'ready' });
    expect(await probedAt()).toBe(server.clock.now());
    server.clock.advance(1_000);
    expect((await readyz()).response.statusCode).toBe(200);
    expect(await probedAt()).toBe(server.clock.now());
  });

  it.skipIf(!isPostgres)(
    'answers -1503 within its time-out while the probe row is locked (PostgreSQL)',
    async () => {
      const other = server.database.connect();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = other.transaction().execute(async (trx) => {
        await sql`lock table readiness_probes in access exclusive mode`.execute(trx);
        locked();
        await held;
      });
      try {
        await isLocked;
        const { response, ms } = await readyz();
        expect(response.statusCode).toBe(503);
        expect(expectEnvelope(response).apiCode).toBe(ApiCode.Unavailable);
        expect(ms).toBeLessThan(3_000);
      } finally {
        release();
        await holder;
        await other.destroy();
      }
      expect((await readyz()).response.statusCode).toBe(200);
    },
  );
});

describe.skipIf(isPostgres)('a SQLite file locked by another connection', () => {
  it('answers /readyz with -1503 and a write call with a Chinese busy message, quickly, without freezing other requests', async () => {
    const send = await requestAppToken();
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
        server.context.db,
      )
    ).rows[0]!.file;
    const holder = new SqliteDatabase(file);
    try {
      holder.exec('begin immediate');
      const ready = await readyz();
      expect(ready.response.statusCode).toBe(503);
      expect(expectEnvelope(ready.response).apiCode).toBe(ApiCode.Unavailable);
      expect(ready.ms).toBeLessThan(2_500);
      holder.exec('rollback');
      expect((await readyz()).response.statusCode).toBe(200);

      holder.exec('begin immediate');
      // Several writes at once: the one waiting for the lock does not freeze the event loop, and
      // the others do not each wait in turn.
      const writes = Promise.all([send(), send(), send(), send(), send()]);
      const started = performance.now();
      const health = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(500);
      for (const { response, ms } of await writes) {
        expect(response.statusCode).toBe(503);
        const body = expectEnvelope(response);
        expect(body).toMatchObject({ apiCode: ApiCode.Unavailable, message: '数据库繁忙，请稍后再试' });
        expect(findLeak(response.body)).toBeNull();
        expect(ms).toBeLessThan(2_500);
      }
    } finally {
      if (holder.inTransaction) holder.exec('rollback');
      holder.close();
    }
    expect((await readyz()).response.statusCode).toBe(200);
    const { response } = await send();
    expect(response.json()).toMatchObject({ success: true });
  });
});
