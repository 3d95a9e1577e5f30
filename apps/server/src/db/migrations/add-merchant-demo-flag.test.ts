import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import * as addMerchantDemoFlag from './20261125160000-add-merchant-demo-flag.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.context.db
    .insertInto('merchants')
    .values({
      code: 'shop',
      name: '墨砚快印',
      website_name: '同名的真实商户',
      created_at: server.clock.now(),
    })
    .execute();
});
afterAll(async () => server.close());

async function demoFlags(): Promise<Record<string, number>> {
  const rows = await server.context.db.selectFrom('merchants').select(['code', 'is_demo']).execute();
  return Object.fromEntries(rows.map((row) => [row.code, row.is_demo]));
}

/** Runs the migration again on a database seeded before the flag existed. */
async function migrateAgain(): Promise<void> {
  const db = server.context.db as unknown as Kysely<any>;
  await addMerchantDemoFlag.down(db);
  await addMerchantDemoFlag.up(db);
}

it('marks the merchants the demo seed made, by code and name, and no other', async () => {
  await migrateAgain();
  expect(await demoFlags()).toEqual({ demo: 1, maple: 1, shop: 0 });
});

it('leaves a merchant with a demo code but its own name a real merchant', async () => {
  await server.context.db
    .updateTable('merchants')
    .set({ name: '枫叶印务' })
    .where('code', '=', 'maple')
    .execute();
  await migrateAgain();
  expect(await demoFlags()).toEqual({ demo: 1, maple: 0, shop: 0 });
});
