import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type CatalogEditor } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient } from '../orders/orders.test-support.ts';
import { DEMO_STAFF } from '../staff/staff.seed.ts';

let server: TestServer;
let admin: StaffClient;
let shopper: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  shopper = await Shopper.demo(server);
});
afterAll(async () => server.close());

type Draft = Record<string, any>;

async function readEditor(staff: StaffClient = admin): Promise<CatalogEditor & { Catalog: Draft }> {
  const reply = await staff.post('/api/staff/CatalogEditor', {});
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

/** 商务名片's default selection, quoted as the customer site does. */
async function businessCardQuote(): Promise<{ TotalFen: number; CatalogVersion: number }> {
  const selection = await shopper.selection(1001);
  const quote = await shopper.post('/api/product/CalculationProductPriceToFixedOrOffer', {
    ProductId: 1001,
    ...selection,
  });
  expect(quote.success, quote.message).toBe(true);
  return quote.data;
}

/** The catalogue with every 一口价 of 商务名片 raised by `fen`. */
function raiseBusinessCards(catalog: Draft, fen: number): Draft {
  const copy = structuredClone(catalog);
  const product = copy.Products.find((entry: Draft) => entry.Id === 1001);
  for (const table of product.FixedPrices) {
    for (const price of table.Prices) price.PriceFen += fen;
  }
  return copy;
}

async function merchantId(code: string): Promise<number> {
  const row = await server.context.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function versionCount(merchantCode = 'demo'): Promise<number> {
  const row = await server.context.db
    .selectFrom('catalogs as c')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.code', '=', merchantCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('CatalogEditor', () => {
  it("reads the merchant's current catalogue file with its version and history", async () => {
    const editor = await readEditor();
    expect(editor.Version).toBe(1);
    expect(editor.Catalog.Merchant).toEqual({ Code: 'demo', Name: '墨砚快印' });
    expect(editor.Catalog.Products.map((product: Draft) => product.Id)).toContain(1001);
    expect(editor.PublishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(editor.Versions).toEqual([{ Version: 1, PublishedAt: editor.PublishedAt, PublishedBy: '' }]);

    const maple = await readEditor(await StaffClient.signIn(server, 'maple.localhost'));
    expect(maple.Catalog.Merchant.Code).toBe('maple');
    expect(maple.Catalog.Products.map((product: Draft) => product.Id)).not.toContain(1001);
  });
});

describe('PublishCatalog', () => {
  it('publishes a new price that the customer site quotes at once; an order keeps its version', async () => {
    const order = await shopper.placeOrder(1001);
    expect(order.Lines[0]!.CatalogVersion).toBe(1);
    const before = await businessCardQuote();
    expect(before.CatalogVersion).toBe(1);

    const editor = await readEditor();
    const published = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: raiseBusinessCards(editor.Catalog, 1234),
    });
    expect(published.success, published.message).toBe(true);
    expect(published.message).toBe('已发布新版本');
    expect(published.data).toMatchObject({ Version: 2, IsUnchanged: false, PublishedBy: '墨砚店长' });
    expect(published.data.Versions.map((entry: Draft) => [entry.Version, entry.PublishedBy])).toEqual([
      [2, '墨砚店长'],
      [1, ''],
    ]);

    const after = await businessCardQuote();
    expect(after).toMatchObject({ CatalogVersion: 2, TotalFen: before.TotalFen + 1234 });

    const kept = await shopper.post('/api/order/OrderDetail', { OrderId: order.Id });
    expect(kept.success, kept.message).toBe(true);
    const line = kept.data.Lines[0];
    expect(line.CatalogVersion).toBe(1);
    expect(line.AmountFen).toBe(order.Lines[0]!.AmountFen);
  });

  it('adds no version for a catalogue identical to the current one', async () => {
    const editor = await readEditor();
    const count = await versionCount();
    const again = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: editor.Catalog,
    });
    expect(again.success, again.message).toBe(true);
    expect(again.data).toMatchObject({ Version: editor.Version, IsUnchanged: true });
    expect(await versionCount()).toBe(count);
  });

  it('refuses a stale base version: of two publishes from one base exactly one is written', async () => {
    const editor = await readEditor();
    const count = await versionCount();
    const replies = await Promise.all(
      [100, 200, 300].map((fen) =>
        admin.post('/api/staff/PublishCatalog', {
          BaseVersion: editor.Version,
          Catalog: raiseBusinessCards(editor.Catalog, fen),
        }),
      ),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    for (const refused of replies.filter((reply) => !reply.success)) {
      expect(refused).toMatchObject({
        apiCode: ApiCode.EditConflict,
        message: '内容已被其他员工修改，请刷新后再保存',
      });
    }
    expect(await versionCount()).toBe(count + 1);
    const winner = replies.find((reply) => reply.success)!;
    const now = await readEditor();
    expect(now.Version).toBe(editor.Version + 1);
    expect(now.Catalog).toEqual(winner.data.Catalog);
  });

  it('refuses an invalid catalogue naming the field, and writes nothing', async () => {
    const editor = await readEditor();
    const count = await versionCount();
    const broken = structuredClone(editor.Catalog);
    broken.Products[0].Title = '';
    broken.Products[0].Technologies[0].ExcludeIds = ['nope'];
    const refused = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: broken,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(refused.message).toMatch(/^商品目录有 2 处错误，未发布：/);
    expect(refused.message).toContain('$.Products[0].Title');
    expect(refused.message).toContain('$.Products[0].Technologies[0].ExcludeIds[0]：工艺 nope 不存在');
    expect(await versionCount()).toBe(count);
    expect((await readEditor()).Catalog).toEqual(editor.Catalog);

    const notObject = await admin.post('/api/staff/PublishCatalog', { BaseVersion: editor.Version });
    expect(notObject.success).toBe(false);
    expect(notObject.message).toContain('Catalog');
  });
});

describe('ImportCatalog and ExportCatalog', () => {
  it('exports a version byte for byte and imports a file as the next version', async () => {
    const editor = await readEditor();
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/staff/ExportCatalog',
      headers: { host: 'demo.localhost', stafftoken: admin.token },
      payload: { bizcontent: { Version: 1 } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers['content-disposition']).toContain('demo.catalog.v1.json');
    const stored = await server.context.db
      .selectFrom('catalogs')
      .select('content')
      .where('version', '=', 1)
      .where('merchant_id', '=', await merchantId('demo'))
      .executeTakeFirstOrThrow();
    expect(first.body).toBe(stored.content);

    // Version 1 back, as a file with its own formatting, through the same checks.
    const text = first.body.replace(/\n {2}/g, '\n    ');
    const imported = await admin.post('/api/staff/ImportCatalog', {
      BaseVersion: editor.Version,
      Content: `\ufeff${text}`,
    });
    expect(imported.success, imported.message).toBe(true);
    expect(imported.message).toBe('目录文件已导入');
    expect(imported.data.Version).toBe(editor.Version + 1);
    const current = await server.app.inject({
      method: 'POST',
      url: '/api/staff/ExportCatalog',
      headers: { host: 'demo.localhost', stafftoken: admin.token },
      payload: { bizcontent: {} },
    });
    expect(current.body).toBe(text);
    expect(current.headers['content-disposition']).toContain(`demo.catalog.v${editor.Version + 1}.json`);

    const missing = await admin.post('/api/staff/ExportCatalog', { Version: 999 });
    expect(missing).toMatchObject({ success: false, message: '商品目录没有第 999 版' });
  });

  it('refuses a file with a syntax error, or of another merchant, writing nothing', async () => {
    const editor = await readEditor();
    const count = await versionCount();
    const syntax = await admin.post('/api/staff/ImportCatalog', {
      BaseVersion: editor.Version,
      Content: '{\n  "SchemaVersion": 1,\n  "Merchant": \n}',
    });
    expect(syntax).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(syntax.message).toContain('第 4 行');
    const maple = await readEditor(await StaffClient.signIn(server, 'maple.localhost'));
    const foreign = await admin.post('/api/staff/ImportCatalog', {
      BaseVersion: editor.Version,
      Content: JSON.stringify(maple.Catalog),
    });
    expect(foreign).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(foreign.message).toContain('$.Merchant.Code：目录文件属于商家 maple，不能导入到商家 demo');
    const stale = await admin.post('/api/staff/ImportCatalog', {
      BaseVersion: editor.Version - 1,
      Content: JSON.stringify(editor.Catalog),
    });
    expect(stale).toMatchObject({ success: false, apiCode: ApiCode.EditConflict });
    expect(await versionCount()).toBe(count);
  });
});

describe('roles and tenancy', () => {
  const CALLS = [
    ['/api/staff/CatalogEditor', {}],
    ['/api/staff/PublishCatalog', { BaseVersion: 1, Catalog: { SchemaVersion: 1 } }],
    ['/api/staff/ImportCatalog', { BaseVersion: 1, Content: '{}' }],
    ['/api/staff/ExportCatalog', {}],
  ] as const;

  it('refuses every catalogue call to members without 管理员', async () => {
    const count = await versionCount();
    for (const member of DEMO_STAFF.filter((entry) => entry.merchant === 'demo' && entry.roles !== 'admin')) {
      const staff = await StaffClient.signIn(server, 'demo.localhost', member.account, member.password);
      for (const [url, body] of CALLS) {
        const reply = await staff.post(url, body);
        expect(reply, `${member.account} ${url}`).toMatchObject({
          success: false,
          apiCode: ApiCode.StaffForbidden,
        });
      }
    }
    const anonymous = new StaffClient(server, 'demo.localhost');
    for (const [url, body] of CALLS) {
      expect((await anonymous.post(url, body)).apiCode).toBe(ApiCode.StaffLoginRequired);
    }
    expect(await versionCount()).toBe(count);
  });

  it("keeps each merchant's staff to their own catalogue", async () => {
    const demoCount = await versionCount('demo');
    const mapleCount = await versionCount('maple');
    // demo's token on maple's host is worth nothing.
    const crossing = new StaffClient(server, 'maple.localhost');
    crossing.token = admin.token;
    for (const [url, body] of CALLS) {
      expect((await crossing.post(url, body)).apiCode, url).toBe(ApiCode.StaffLoginExpired);
    }
    // maple's administrator publishing demo's file into maple is refused by its merchant code.
    const demoEditor = await readEditor();
    const maple = await StaffClient.signIn(server, 'maple.localhost');
    const mapleEditor = await readEditor(maple);
    const refused = await maple.post('/api/staff/PublishCatalog', {
      BaseVersion: mapleEditor.Version,
      Catalog: demoEditor.Catalog,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(await versionCount('demo')).toBe(demoCount);
    expect(await versionCount('maple')).toBe(mapleCount);
  });
});
