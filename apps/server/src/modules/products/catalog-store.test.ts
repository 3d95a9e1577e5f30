import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { DEMO_CATALOG_FILES } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { TestClient, expectEnvelope, startTestServer, type TestServer } from '../../test/harness.ts';
import { CATALOG_VERSION_CHECK_MS } from './catalog-store.ts';
import { importCatalog } from './catalog-import.service.ts';
import { insertCatalogVersion } from './catalog.repository.ts';

let server: TestServer;
let client: TestClient;
let demoId: number;
beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server, 'demo.localhost');
  await client.start();
  demoId = await merchantIdOf(server, 'demo');
});
afterAll(async () => server.close());

/** 名片 1001 一口价: 标准 300g铜版纸 双面四色 覆哑膜, 5 盒 (¥95.00 in the demo file). */
const CARDS = {
  ProductId: 1001,
  SizeId: 'std',
  StyleId: 'cb300',
  ColourId: '4c2',
  TechnologyIds: ['lm'],
  Quantity: 5,
};

/** The demo catalogue with that 5-box price set to `priceFen`. */
function demoWithCardPrice(priceFen: number): string {
  const catalog = structuredClone(DEMO_CATALOG_FILES.demo) as any;
  const table = catalog.Products[0].FixedPrices.find((row: any) => row.SkuCode === 'MP-CB300-S4-YM');
  table.Prices.find((row: any) => row.Quantity === 5).PriceFen = priceFen;
  return JSON.stringify(catalog, null, 2);
}

async function cardPrice(): Promise<{ total: number; version: number }> {
  const reply = await client.post('/api/product/CalculationProductPriceToFixed', CARDS);
  expect(reply.success, reply.message).toBe(true);
  return { total: reply.data.TotalFen, version: reply.data.CatalogVersion };
}

describe('the catalogue cache', () => {
  it('serves an import made on this instance at once', async () => {
    expect(await cardPrice()).toEqual({ total: 9500, version: 1 });
    const result = await importCatalog(
      server.context.db,
      { id: demoId, code: 'demo' },
      demoWithCardPrice(9900),
      server.clock.now(),
      server.services.catalogs,
    );
    expect(result).toMatchObject({ ok: true, version: 2 });
    expect(await cardPrice()).toEqual({ total: 9900, version: 2 });
  });

  it('notices an import made elsewhere within the version-check interval', async () => {
    await cardPrice();
    // Another instance or the command line writes version 3; this instance's cache is not told.
    const result = await importCatalog(
      server.context.db,
      { id: demoId, code: 'demo' },
      demoWithCardPrice(10_500),
      server.clock.now(),
    );
    expect(result).toMatchObject({ ok: true, version: 3 });
    expect(await cardPrice()).toEqual({ total: 9900, version: 2 });
    server.clock.advance(CATALOG_VERSION_CHECK_MS - 1);
    expect(await cardPrice()).toEqual({ total: 9900, version: 2 });
    server.clock.advance(1);
    expect(await cardPrice()).toEqual({ total: 10_500, version: 3 });
  });

  it('keeps the compiled catalogue while the version is unchanged', async () => {
    const first = await server.services.catalogs.current(demoId);
    server.clock.advance(CATALOG_VERSION_CHECK_MS * 3);
    const second = await server.services.catalogs.current(demoId);
    expect(second).toBe(first);
  });

  it('still loads older versions, for orders sold at them', async () => {
    const old = await server.services.catalogs.atVersion(demoId, 1);
    expect(old?.version).toBe(1);
    const fixed = old?.catalog.Products[0]?.FixedPrices.find((row) => row.SkuCode === 'MP-CB300-S4-YM');
    expect(fixed?.Prices.find((row) => row.Quantity === 5)?.PriceFen).toBe(9500);
    expect(await server.services.catalogs.atVersion(demoId, 99)).toBeNull();
  });

  it('answers CatalogUnavailable, not a 500, when a stored version no longer validates', async () => {
    await insertCatalogVersion(server.context.db, {
      merchant_id: demoId,
      version: 4,
      content: '{"SchemaVersion": 2}',
      imported_at: server.clock.now(),
    });
    server.services.catalogs.invalidate(demoId);
    const response = await client.request({
      method: 'POST',
      url: '/api/product/CalculationProductPriceToFixed',
      payload: { bizcontent: CARDS },
    });
    expect(response.statusCode).toBe(200);
    expect(expectEnvelope(response).apiCode).toBe(ApiCode.CatalogUnavailable);
    const recovered = await importCatalog(
      server.context.db,
      { id: demoId, code: 'demo' },
      demoWithCardPrice(9500),
      server.clock.now(),
      server.services.catalogs,
    );
    expect(recovered).toMatchObject({ ok: true, version: 5 });
    expect(await cardPrice()).toEqual({ total: 9500, version: 5 });
  });
});
