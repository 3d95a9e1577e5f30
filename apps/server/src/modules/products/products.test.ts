import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, CATALOG_SCHEMA_PATH, catalogFileJsonSchema, type Quote } from '@inkstone/contracts';
import {
  calculateFixedOrOfferPrice,
  calculateFixedPrice,
  calculateOfferPrice,
  calculatePrice,
  compileCatalog,
  getDemoCatalog,
  predictShipDate,
  type CompiledProduct,
  type QuoteResult,
  type QuoteSelection,
  suggestSelection,
} from '@inkstone/domain';
import {
  TestClient,
  expectEnvelope,
  findLeak,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';

let server: TestServer;
let demo: TestClient;
let maple: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  demo = new TestClient(server, 'demo.localhost');
  maple = new TestClient(server, 'maple.localhost');
  await demo.start();
  await maple.start();
});
afterAll(async () => server.close());

const engine = {
  demo: compileCatalog(getDemoCatalog('demo')),
  maple: compileCatalog(getDemoCatalog('maple')),
};

/** The wire body of a selection. */
function body(productId: number, selection: QuoteSelection): Record<string, unknown> {
  return {
    ProductId: productId,
    SizeId: selection.sizeId ?? null,
    WidthMm: selection.widthMm ?? null,
    HeightMm: selection.heightMm ?? null,
    StyleId: selection.styleId ?? null,
    InnerStyleId: selection.innerStyleId ?? null,
    PageCount: selection.pageCount ?? null,
    ColourId: selection.colourId ?? null,
    TechnologyIds: selection.technologyIds ?? [],
    Quantity: selection.quantity,
  };
}

/** The parts of an engine result the wire carries. */
function expectSameQuote(
  reply: { success: boolean; data: Quote | null; message: string; apiCode: number },
  result: QuoteResult,
) {
  if (!result.ok) {
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.QuoteRefused, message: result.reason });
    return;
  }
  expect(reply.success, reply.message).toBe(true);
  const quote = reply.data!;
  expect(quote).toMatchObject({
    ProductId: result.productId,
    Method: result.method,
    Quantity: result.quantity,
    TotalFen: result.totalFen,
    UnitPriceFen: result.unitPriceFen,
    WeightGrams: result.weightGrams,
    ProductionDays: result.productionDays,
    SkuCode: result.skuCode ?? null,
  });
  expect(quote.Lines.map((line) => [line.Kind, line.Label, line.AmountFen, line.Detail])).toEqual(
    result.lines.map((line) => [line.kind, line.label, line.amountFen, line.publicDetail ?? line.detail]),
  );
  expect(quote.Lines.reduce((sum, line) => sum + line.AmountFen, 0)).toBe(quote.TotalFen);
  expect(quote.Imposition.map((part) => [part.Part, part.PressName, part.TotalSheets])).toEqual(
    (result.imposition ?? []).map((part) => [part.part, part.pressName, part.totalSheets]),
  );
}

/** The worked examples of docs/pricing.md. */
const EXAMPLES: { merchant: 'demo' | 'maple'; productId: number; selection: QuoteSelection }[] = [
  {
    merchant: 'demo',
    productId: 1001,
    selection: { sizeId: 'std', styleId: 'cb300', colourId: '4c2', technologyIds: ['lm'], quantity: 5 },
  },
  {
    merchant: 'demo',
    productId: 1001,
    selection: {
      widthMm: 90,
      heightMm: 50,
      styleId: 'cb300',
      colourId: '4c2',
      technologyIds: ['lm', 'yj'],
      quantity: 4,
    },
  },
  {
    merchant: 'demo',
    productId: 2001,
    selection: {
      sizeId: 'd16',
      styleId: 'cb157',
      colourId: '4c2',
      technologyIds: ['lm', 'zy2'],
      quantity: 5000,
    },
  },
  {
    merchant: 'demo',
    productId: 2002,
    selection: { sizeId: 'a3', styleId: 'cb200', colourId: '4c1', technologyIds: ['lm'], quantity: 100 },
  },
  {
    merchant: 'demo',
    productId: 2003,
    selection: {
      sizeId: 'a4',
      styleId: 'cb250',
      innerStyleId: 'cb157',
      pageCount: 16,
      colourId: '4c2',
      technologyIds: ['qmd', 'fmlm'],
      quantity: 500,
    },
  },
  {
    merchant: 'demo',
    productId: 3001,
    selection: {
      sizeId: 's5050',
      styleId: 'bgj',
      colourId: '4c1',
      technologyIds: ['mq', 'lg'],
      quantity: 1000,
    },
  },
  {
    merchant: 'demo',
    productId: 4001,
    selection: { sizeId: 'm2x3', styleId: 'pbu', colourId: '4c1', technologyIds: ['dk'], quantity: 10 },
  },
  {
    merchant: 'demo',
    productId: 4002,
    selection: {
      widthMm: 400,
      heightMm: 600,
      styleId: 'ppbj',
      colourId: '4c1',
      technologyIds: ['lm', 'kt'],
      quantity: 3,
    },
  },
  {
    merchant: 'demo',
    productId: 5001,
    selection: {
      sizeId: 'm',
      styleId: 'bk250',
      colourId: '4c1',
      technologyIds: ['lm', 'mq', 'sg'],
      quantity: 1000,
    },
  },
  {
    merchant: 'demo',
    productId: 5002,
    selection: { sizeId: 'no5', styleId: 'sj120', colourId: 'k1', technologyIds: ['hk'], quantity: 2000 },
  },
  {
    merchant: 'maple',
    productId: 9101,
    selection: { sizeId: 'a4', styleId: 'm80', colourId: 'cl', quantity: 100 },
  },
  {
    merchant: 'maple',
    productId: 9201,
    selection: { sizeId: 's5', styleId: 'hb', colourId: 'wt', technologyIds: ['dk'], quantity: 2 },
  },
  {
    merchant: 'maple',
    productId: 9202,
    selection: { sizeId: 'a1', styleId: 'kt', colourId: 'cl', technologyIds: ['bb'], quantity: 1 },
  },
  {
    merchant: 'maple',
    productId: 9301,
    selection: { sizeId: 'mp', styleId: 'm250', colourId: 'c2', technologyIds: ['dh', 'yx'], quantity: 500 },
  },
];

const PRICE_CALLS: [string, (product: CompiledProduct, selection: QuoteSelection) => QuoteResult][] = [
  ['CalculationProductPriceToOffer', calculateOfferPrice],
  ['CalculationProductPriceToFixed', calculateFixedPrice],
  ['CalculationProductPriceToFixedOrOffer', calculateFixedOrOfferPrice],
];

describe('QueryCommonProduct (category query of spec §7)', () => {
  const query = { pageindex: 0, limit: 999999, ClientIsShow: true, belonging: 1 };

  it('answers the spec query with the pager, every node and the three-level tree', async () => {
    const reply = await demo.post('/api/product/QueryCommonProduct', query);
    expect(reply.success).toBe(true);
    const page = reply.data;
    expect(Object.keys(page).sort()).toEqual([
      'Attach',
      'Limit',
      'List',
      'PageCount',
      'PageIndex',
      'TotalCount',
    ]);
    expect(page).toMatchObject({ PageIndex: 1, Limit: 999999, PageCount: 1, TotalCount: 16 });
    expect(page.Attach).toMatchObject({ SumAmount: 0, CatalogVersion: 1 });
    expect(page.List).toHaveLength(16);
    // Tree order: each root, then its subtree; siblings by SerialNumber.
    expect(page.List.slice(0, 4).map((node: { Id: number; Level: number }) => [node.Id, node.Level])).toEqual(
      [
        [100, 1],
        [110, 2],
        [111, 3],
        [200, 1],
      ],
    );
    const cards = page.List.find((node: { Id: number }) => node.Id === 111);
    expect(cards).toMatchObject({
      ParentId: 110,
      Title: '商务名片',
      SerialNumber: 10,
      ShowType: 1,
      Icon: '',
      SourceType: 1,
    });
    expect(cards.Products).toEqual([
      expect.objectContaining({ Id: 1001, Title: '商务名片', CategoryPath: [100, 110, 111], Unit: '盒' }),
    ]);
  });

  it('sorts the tree by SerialNumber and lets a SourceType 2 leaf stand as its own child', async () => {
    const { data } = await demo.post('/api/product/QueryCommonProduct', query);
    const tree = data.Attach.Tree;
    expect(tree.map((node: { Id: number }) => node.Id)).toEqual([100, 200, 300, 400, 500]);
    const promo = tree[1];
    expect(promo.children.map((node: { Id: number }) => node.Id)).toEqual([210, 230, 220]);
    const flyers = promo.children[0];
    expect(flyers).toMatchObject({
      Id: 210,
      label: '宣传单页',
      value: 210,
      isSelected: false,
      SourceType: 2,
    });
    expect(flyers.children).toHaveLength(1);
    expect(flyers.children[0]).toMatchObject({ Id: 210, value: 210, children: [] });
    const flyerNode = data.List.find((node: { Id: number }) => node.Id === 210);
    expect(flyerNode.Products[0]).toMatchObject({ Id: 2001, CategoryPath: [200, 210, 210] });
  });

  it('pages the list from page 1 and answers other belongings with nothing', async () => {
    const second = await demo.post('/api/product/QueryCommonProduct', { ...query, pageindex: 2, limit: 5 });
    expect(second.data).toMatchObject({ PageIndex: 2, Limit: 5, PageCount: 4, TotalCount: 16 });
    const all = (await demo.post('/api/product/QueryCommonProduct', query)).data.List;
    expect(second.data.List).toEqual(all.slice(5, 10));
    const beyond = await demo.post('/api/product/QueryCommonProduct', { ...query, pageindex: 9, limit: 5 });
    expect(beyond.data.List).toEqual([]);
    const other = await demo.post('/api/product/QueryCommonProduct', { ...query, belonging: 2 });
    expect(other.data).toMatchObject({ TotalCount: 0, List: [], Attach: { Tree: [] } });
  });

  it('needs the app token', async () => {
    const anonymous = new TestClient(server, 'demo.localhost');
    const reply = expectEnvelope(
      await anonymous.request({
        method: 'POST',
        url: '/api/product/QueryCommonProduct',
        payload: { bizcontent: query },
      }),
    );
    expect(reply.apiCode).toBe(ApiCode.AppTokenInvalid);
  });
});

describe('tenancy', () => {
  it("keeps each merchant's catalogue to its own site", async () => {
    const demoPage = (await demo.post('/api/product/QueryCommonProduct', {})).data;
    const maplePage = (await maple.post('/api/product/QueryCommonProduct', {})).data;
    const productIds = (page: { List: { Products: { Id: number }[] }[] }) =>
      page.List.flatMap((node) => node.Products.map((product) => product.Id));
    expect(productIds(demoPage)).toEqual([1001, 2001, 2003, 2002, 3001, 4001, 4002, 5001, 5002]);
    expect(productIds(maplePage)).toEqual([9101, 9201, 9202, 9301]);

    for (const [url, payload] of [
      ['/api/product/GetCompanyProductInfo', { ProductId: 9101 }],
      ['/api/product/GetCompanyProductInfo', { CategoryId: 11 }],
      ['/api/product/CalculationProductPriceToFixed', body(9101, EXAMPLES[10]!.selection)],
      ['/api/product/getcommonproductskucodebindrule', body(9101, EXAMPLES[10]!.selection)],
      ['/api/product/GetProductNumPedictTime', body(9101, EXAMPLES[10]!.selection)],
      ['/api/public/pro-cal', body(9101, EXAMPLES[10]!.selection)],
    ] as const) {
      const reply = await demo.post(url, payload);
      expect(reply, url).toMatchObject({ success: false, apiCode: ApiCode.ProductNotFound });
    }
    const intro = await demo.get('/api/public/pro-complexinfo', { ProductId: '9301' });
    expect(intro).toMatchObject({ success: false, apiCode: ApiCode.ProductNotFound });
  });

  it("refuses another merchant's app token", async () => {
    const reply = await demo.post('/api/product/QueryCommonProduct', {}, { authtoken: maple.authtoken });
    expect(reply.apiCode).toBe(ApiCode.AppTokenInvalid);
  });
});

describe('GetCompanyProductInfo', () => {
  it('gives every choice, rule and exclusion of a product, and no merchant costs', async () => {
    const reply = await demo.post('/api/product/GetCompanyProductInfo', { ProductId: 2003 });
    expect(reply.success).toBe(true);
    const info = reply.data;
    expect(info).toMatchObject({ CatalogVersion: 1, CutoffTime: '17:00' });
    expect(info.Product).toMatchObject({
      Id: 2003,
      CategoryPath: [200, 230, 231],
      PriceMode: 'offer',
      OfferKind: 'sheet',
      RequiredGroups: ['装订'],
      Pages: { Min: expect.any(Number), Multiple: 4 },
      Quantity: { Presets: [50, 100, 200, 300, 500, 1000], Free: { Min: 20, Max: 20000, Step: 10 } },
    });
    const binding = info.Product.Technologies.filter(
      (tech: { Group: string | null }) => tech.Group === '装订',
    );
    expect(binding.map((tech: { Id: string }) => tech.Id)).toEqual(['qmd', 'jz']);
    expect(binding[0].ConflictIds).toContain('jz');
    expect(binding[1].ConflictIds).toContain('qmd');
    expect(info.DefaultSelection).toMatchObject({
      SizeId: 'a4',
      ColourId: '4c2',
      TechnologyIds: ['qmd'],
      Quantity: 50,
    });
    expect(info.CategoryProducts).toEqual([{ Id: 2003, Title: '企业画册' }]);
    const text = JSON.stringify(info);
    for (const secret of [
      'PricePerTonFen',
      'RateFen',
      'PricePerM2Fen',
      'SetupFen',
      'FixedPrices',
      'SkuBindings',
      'Presses',
    ]) {
      expect(text).not.toContain(`"${secret}"`);
    }
  });

  it('finds the first product of a leaf category, as the quote routes name it', async () => {
    const reply = await demo.post('/api/product/GetCompanyProductInfo', { CategoryId: 210 });
    expect(reply.data.Product).toMatchObject({ Id: 2001, Title: '宣传单页' });
    const empty = await demo.post('/api/product/GetCompanyProductInfo', { CategoryId: 200 });
    expect(empty).toMatchObject({
      success: false,
      apiCode: ApiCode.ProductNotFound,
      message: '该分类下暂无商品',
    });
    const missing = await demo.post('/api/product/GetCompanyProductInfo', {});
    expect(missing).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请指定商品编号或分类编号',
    });
  });

  it('suggests a first selection the engine prices, for every demo product', async () => {
    for (const [merchant, client] of [
      ['demo', demo],
      ['maple', maple],
    ] as const) {
      for (const product of engine[merchant].values()) {
        const info = (await client.post('/api/product/GetCompanyProductInfo', { ProductId: product.id }))
          .data;
        const selection = suggestSelection(product);
        expect(calculatePrice(product, selection).ok, `${product.id}`).toBe(true);
        const quote = await client.post('/api/public/pro-cal', {
          ProductId: product.id,
          ...info.DefaultSelection,
        });
        expect(quote.success, `${product.id}: ${quote.message}`).toBe(true);
      }
    }
  });
});

describe('pricing through the API', () => {
  it('equals the engine for every worked example and every demo default, by all three calls', async () => {
    const cases = [
      ...EXAMPLES,
      ...(['demo', 'maple'] as const).flatMap((merchant) =>
        [...engine[merchant].values()].map((product) => ({
          merchant,
          productId: product.id,
          selection: suggestSelection(product),
        })),
      ),
    ];
    for (const { merchant, productId, selection } of cases) {
      const product = engine[merchant].get(productId)!;
      const client = merchant === 'demo' ? demo : maple;
      for (const [call, calculate] of PRICE_CALLS) {
        const reply = await client.post(`/api/product/${call}`, body(productId, selection));
        expectSameQuote(reply, calculate(product, selection));
        if (reply.success) expect(reply.data.CatalogVersion).toBe(1);
      }
      expectSameQuote(
        await client.post('/api/public/pro-cal', body(productId, selection)),
        calculatePrice(product, selection),
      );
    }
  });

  it('gives the fen amounts of docs/pricing.md', async () => {
    const flyers = await demo.post(
      '/api/product/CalculationProductPriceToOffer',
      body(2001, EXAMPLES[2]!.selection),
    );
    expect(flyers.data).toMatchObject({ TotalFen: 118458, Method: 'offer', Unit: '张' });
    expect(flyers.data.Lines.at(-1)).toMatchObject({ Kind: 'discount', Label: '数量优惠', AmountFen: -3664 });
    expect(flyers.data.Imposition[0]).toMatchObject({
      Part: '成品',
      PressSheetName: '大度对开',
      PiecesPerSheet: 8,
      TotalSheets: 758,
    });
    const cards = await demo.post(
      '/api/product/CalculationProductPriceToFixed',
      body(1001, EXAMPLES[0]!.selection),
    );
    expect(cards.data).toMatchObject({
      TotalFen: 9500,
      Method: 'fixed',
      SkuCode: 'MP-CB300-S4-YM',
      Lines: [{ Label: '一口价' }],
    });
  });

  it('lists the technologies a selection excludes', async () => {
    const reply = await demo.post(
      '/api/product/CalculationProductPriceToOffer',
      body(2001, EXAMPLES[2]!.selection),
    );
    const excluded = reply.data.ExcludedTechnologies.map(
      (item: { TechnologyId: string }) => item.TechnologyId,
    );
    expect(excluded).toEqual(expect.arrayContaining(['lg', 'zy3']));
    expect(reply.data.ExcludedTechnologies[0].Reason).toMatch(/不能同时选择/);
  });

  it("refuses an impossible combination with the engine's reason, never a 500", async () => {
    const product = engine.demo.get(2001)!;
    const impossible: QuoteSelection[] = [
      { ...EXAMPLES[2]!.selection, technologyIds: ['lm', 'lg'] },
      { ...EXAMPLES[2]!.selection, quantity: 75 },
      { ...EXAMPLES[2]!.selection, quantity: 100.5 },
      { ...EXAMPLES[2]!.selection, quantity: -100 },
      { ...EXAMPLES[2]!.selection, sizeId: 'nope' },
      { ...EXAMPLES[2]!.selection, sizeId: undefined, widthMm: 5, heightMm: 5 },
      { ...EXAMPLES[2]!.selection, technologyIds: ['nope'] },
      { ...EXAMPLES[2]!.selection, colourId: undefined },
      { ...EXAMPLES[2]!.selection, quantity: 1e15 },
    ];
    for (const selection of impossible) {
      const result = calculateOfferPrice(product, selection);
      expect(result.ok).toBe(false);
      const response = await demo.request({
        method: 'POST',
        url: '/api/product/CalculationProductPriceToOffer',
        payload: { bizcontent: body(2001, selection) },
      });
      expect(response.statusCode).toBe(200);
      const reply = expectEnvelope(response);
      expect(reply).toMatchObject({
        success: false,
        apiCode: ApiCode.QuoteRefused,
        message: (result as { reason: string }).reason,
      });
      expect(findLeak(response.body)).toBeNull();
    }
    const booklet = await demo.post(
      '/api/product/CalculationProductPriceToOffer',
      body(2003, { ...EXAMPLES[4]!.selection, technologyIds: ['fmlm'] }),
    );
    expect(booklet).toMatchObject({
      success: false,
      apiCode: ApiCode.QuoteRefused,
      message: '请选择装订方式',
    });
    const noFixed = await demo.post(
      '/api/product/CalculationProductPriceToFixed',
      body(1001, EXAMPLES[1]!.selection),
    );
    expect(noFixed).toMatchObject({
      success: false,
      apiCode: ApiCode.QuoteRefused,
      message: '该规格组合暂无一口价',
    });
  });

  it('names a missing or mistyped field in Chinese', async () => {
    const missing = await demo.post('/api/product/CalculationProductPriceToOffer', { ProductId: 2001 });
    expect(missing).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请输入数量',
    });
    const typed = await demo.post('/api/product/CalculationProductPriceToOffer', {
      ...body(2001, EXAMPLES[2]!.selection),
      StyleId: 7,
    });
    expect(typed).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(typed.message).toMatch(/^款式编号/);
  });

  it('treats empty option ids as not chosen', async () => {
    const reply = await demo.post('/api/product/CalculationProductPriceToOffer', {
      ...body(1001, EXAMPLES[1]!.selection),
      SizeId: '',
      InnerStyleId: '',
    });
    expect(reply.data.TotalFen).toBe(6805);
  });
});

describe('getcommonproductskucodebindrule', () => {
  it('maps a combination to the merchant SKU code', async () => {
    const envelope = await demo.post(
      '/api/product/getcommonproductskucodebindrule',
      body(5002, EXAMPLES[9]!.selection),
    );
    expect(envelope.data).toEqual({ ProductId: 5002, SkuCode: 'XF-5-SJ120-K', CatalogVersion: 1 });
    const { Quantity: _quantity, ...withoutQuantity } = body(1001, EXAMPLES[0]!.selection);
    const cards = await demo.post('/api/product/getcommonproductskucodebindrule', withoutQuantity);
    expect(cards.data.SkuCode).toBe('MP-CB300-S4-YM');
    const maplePrint = await maple.post(
      '/api/product/getcommonproductskucodebindrule',
      body(9101, EXAMPLES[10]!.selection),
    );
    expect(maplePrint.data.SkuCode).toBe('DY-A4-CL');
  });

  it('refuses a combination without a binding, with the reason', async () => {
    const reply = await demo.post(
      '/api/product/getcommonproductskucodebindrule',
      body(1001, EXAMPLES[1]!.selection),
    );
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.QuoteRefused,
      message: '该规格组合没有绑定SKU',
    });
  });
});

describe('GetProductNumPedictTime', () => {
  it('predicts the ship date from production days and the merchant calendar', async () => {
    const selection = EXAMPLES[4]!.selection;
    const reply = await demo.post('/api/product/GetProductNumPedictTime', body(2003, selection));
    expect(reply.success).toBe(true);
    const quote = calculatePrice(engine.demo.get(2003)!, selection);
    if (!quote.ok) throw new Error(quote.reason);
    const expected = predictShipDate({
      productionDays: quote.productionDays,
      now: server.clock.now(),
      calendar: getDemoCatalog('demo').Calendar,
    });
    if (!expected.ok) throw new Error(expected.reason);
    expect(reply.data).toMatchObject({
      ProductId: 2003,
      Quantity: 500,
      ProductionDays: 4,
      OrderDate: expected.orderDate,
      StartDate: expected.startDate,
      ShipDate: expected.shipDate,
      CutoffTime: '17:00',
      OrderTime: new Date(server.clock.now()).toISOString(),
    });
    expect(typeof reply.data.IsAfterCutoff).toBe('boolean');
  });

  it('refuses an impossible selection with the reason', async () => {
    const reply = await demo.post(
      '/api/product/GetProductNumPedictTime',
      body(2003, { ...EXAMPLES[4]!.selection, quantity: 7 }),
    );
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.QuoteRefused });
    expect(reply.message).toMatch(/数量/);
  });
});

describe('product introduction (public, no login, no token)', () => {
  it('serves the tree, every product and one product by host alone', async () => {
    const visitor = new TestClient(server, 'maple.localhost');
    const reply = await visitor.get('/api/public/pro-complexinfo');
    expect(reply.success).toBe(true);
    expect(reply.data.Products.map((product: { Id: number }) => product.Id)).toEqual([
      9101, 9201, 9202, 9301,
    ]);
    expect(reply.data.Tree.map((node: { Id: number }) => node.Id)).toEqual([10, 20, 30]);
    expect(reply.data.Info.Product.Id).toBe(9101);
    const chosen = await visitor.get('/api/public/pro-complexinfo', { ProductId: '9202' });
    expect(chosen.data.Info.Product).toMatchObject({ Id: 9202, Title: 'KT板展板' });
    const byCategory = await visitor.get('/api/public/pro-complexinfo', { CategoryId: '21' });
    expect(byCategory.data.Info.Product.Id).toBe(9201);
    const unknown = await visitor.get('/api/public/pro-complexinfo', { ProductId: '1' });
    expect(unknown).toMatchObject({ success: false, apiCode: ApiCode.ProductNotFound });
  });

  it('prices by the product default mode or a chosen one', async () => {
    const visitor = new TestClient(server, 'demo.localhost');
    const auto = await visitor.post('/api/public/pro-cal', body(1001, EXAMPLES[0]!.selection));
    expect(auto.data).toMatchObject({ Method: 'fixed', TotalFen: 9500 });
    const offer = await visitor.post('/api/public/pro-cal', {
      ...body(1001, EXAMPLES[0]!.selection),
      Mode: 'offer',
    });
    expectSameQuote(offer, calculateOfferPrice(engine.demo.get(1001)!, EXAMPLES[0]!.selection));
    expect(offer.data.Method).toBe('offer');
  });

  it('refuses a host that names no merchant', async () => {
    const stranger = new TestClient(server, 'nobody.localhost');
    expect((await stranger.get('/api/public/pro-complexinfo')).apiCode).toBe(ApiCode.MerchantUnknown);
    expect((await stranger.post('/api/public/pro-cal', body(1001, EXAMPLES[0]!.selection))).apiCode).toBe(
      ApiCode.MerchantUnknown,
    );
  });
});

describe('catalogue JSON Schema', () => {
  it('is served at a stable address and matches docs/catalog.schema.json', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: CATALOG_SCHEMA_PATH,
      headers: { host: 'demo.localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/schema\+json/);
    const served = response.json();
    expect(served).toEqual(catalogFileJsonSchema());
    expect(served.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(served.properties.Products.description).toBe('商品');
    expect(findLeak(response.body)).toBeNull();
    const docPath = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../../docs/catalog.schema.json',
    );
    expect(JSON.parse(fs.readFileSync(docPath, 'utf8')), 'run npm run docs:catalog-schema').toEqual(served);
  });
});
