import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type CartLine, type CartPage } from '@inkstone/contracts';
import { DEMO_CATALOG_FILES, calculatePrice, compileCatalog, getDemoCatalog } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper } from '../orders/orders.test-support.ts';
import { importCatalog } from '../products/catalog-import.service.ts';
import { toEngineSelection } from './line-pricing.ts';

let server: TestServer;
let demo: Shopper;
let maple: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
});
afterAll(async () => server.close());

const engine = compileCatalog(getDemoCatalog('demo'));

async function cart(shopper: Shopper): Promise<CartPage> {
  const page = await shopper.post<CartPage>('/api/order/ShopCarOrders', { pageindex: 1, limit: 200 });
  expect(page.success, page.message).toBe(true);
  return page.data;
}

async function clearCart(shopper: Shopper): Promise<void> {
  const ids = (await cart(shopper)).List.map((line) => line.Id);
  if (ids.length > 0)
    expect((await shopper.post('/api/order/DeleteShopCarOrders', { Ids: ids })).success).toBe(true);
}

/** Imports the demo catalogue with every fixed price of 商务名片 raised by `extraFen`, and without 信封. */
async function importChangedCatalog(extraFen: number): Promise<void> {
  const catalog = structuredClone(DEMO_CATALOG_FILES.demo) as any;
  for (const product of catalog.Products) {
    if (product.Id !== 1001) continue;
    for (const sku of product.FixedPrices) for (const price of sku.Prices) price.PriceFen += extraFen;
  }
  catalog.Products = catalog.Products.filter((product: any) => product.Id !== 5002);
  const result = await importCatalog(
    server.context.db,
    { id: await merchantIdOf(server, 'demo'), code: 'demo' },
    JSON.stringify(catalog),
    server.clock.now(),
    server.services.catalogs,
  );
  expect(result.ok).toBe(true);
}

describe('addorderitem', () => {
  it('prices the configuration on the server, whatever the client says it costs', async () => {
    const selection = await demo.selection(2001);
    const added = await demo.post<CartLine>('/api/order/addorderitem', {
      ProductId: 2001,
      ...selection,
      Quantity: 1000,
      AmountFen: 1,
      TotalFen: 1,
    });
    expect(added.success, added.message).toBe(true);
    const expected = calculatePrice(engine.get(2001)!, { ...toEngineSelection(selection), quantity: 1000 });
    if (!expected.ok) throw new Error(expected.reason);
    expect(added.data).toMatchObject({
      ProductId: 2001,
      ProductTitle: '宣传单页',
      Quantity: 1000,
      AmountFen: expected.totalFen,
      AddedAmountFen: expected.totalFen,
      IsAvailable: true,
      IsPriceChanged: false,
      CatalogVersion: 1,
    });
    expect(added.data.SpecText).toContain('·');
    expect(added.message).toBe('已加入购物车');
    // A preset size still tells checkout what to preflight against, as the order will.
    expect(selection.WidthMm).toBeNull();
    expect(added.data.FinishedSize).toMatchObject({ WidthMm: 210, HeightMm: 285 });
    expect(added.data.FinishedSize!.BleedMm).toBeGreaterThan(0);
  });

  it('refuses when the price the page showed is not the price', async () => {
    const selection = await demo.selection(1001);
    const before = (await cart(demo)).TotalCount;
    const refused = await demo.post('/api/order/addorderitem', {
      ProductId: 1001,
      ...selection,
      ExpectedAmountFen: 1,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PriceChanged });
    expect(refused.message).toMatch(/当前价格为 ¥/);
    expect((await cart(demo)).TotalCount).toBe(before);
  });

  it('passes on the engine’s reason for an impossible combination, and stores nothing', async () => {
    const before = (await cart(demo)).TotalCount;
    const selection = await demo.selection(1001);
    const refused = await demo.post('/api/order/addorderitem', {
      ProductId: 1001,
      ...selection,
      Quantity: 0,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.QuoteRefused });
    expect(refused.message).toMatch(/[\u4e00-\u9fff]/);
    const unknown = await demo.post('/api/order/addorderitem', { ProductId: 9101, ...selection });
    expect(unknown).toMatchObject({ success: false, apiCode: ApiCode.ProductNotFound });
    expect((await cart(demo)).TotalCount).toBe(before);
  });

  it('needs a signed-in customer', async () => {
    const signedOut = await demo.client.post(
      '/api/order/addorderitem',
      { ProductId: 1001, Quantity: 1 },
      { accesstoken: '' },
    );
    expect(signedOut.apiCode).toBe(ApiCode.LoginRequired);
  });
});

describe('ShopCarOrders, TotalShopCarOrders, UpdateShopCarOrder, DeleteShopCarOrders', () => {
  it('lists the cart newest first with the sum, pages it, and counts it', async () => {
    await clearCart(demo);
    const first = await demo.addToCart(1001);
    const second = await demo.addToCart(2001);
    const page = await cart(demo);
    expect(page.List.map((line) => line.Id)).toEqual([second.Id, first.Id]);
    expect(page.Attach).toEqual({ SumAmount: first.AmountFen + second.AmountFen, AvailableCount: 2 });
    const small = await demo.post<CartPage>('/api/order/ShopCarOrders', { pageindex: 2, limit: 1 });
    expect(small.data).toMatchObject({ PageIndex: 2, Limit: 1, PageCount: 2, TotalCount: 2 });
    expect(small.data.List.map((line) => line.Id)).toEqual([first.Id]);
    const total = await demo.post('/api/order/TotalShopCarOrders', {});
    expect(total.data).toEqual({ TotalCount: 2, SumAmount: first.AmountFen + second.AmountFen });
  });

  it('re-prices a quantity change and keeps remarks', async () => {
    const line = await demo.addToCart(1001);
    const updated = await demo.post<CartLine>('/api/order/UpdateShopCarOrder', {
      Id: line.Id,
      Quantity: 5,
      Remarks: '加急',
    });
    expect(updated.success, updated.message).toBe(true);
    expect(updated.data).toMatchObject({ Id: line.Id, Quantity: 5, Remarks: '加急' });
    expect(updated.data.AmountFen).toBeGreaterThan(line.AmountFen);
    const refused = await demo.post('/api/order/UpdateShopCarOrder', { Id: line.Id, Quantity: -3 });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.QuoteRefused });
    const kept = (await cart(demo)).List.find((item) => item.Id === line.Id)!;
    expect(kept).toMatchObject({ Quantity: 5, AmountFen: updated.data.AmountFen });
  });

  it('deletes all the named lines or none', async () => {
    const line = await demo.addToCart(1001);
    const before = (await cart(demo)).TotalCount;
    const refused = await demo.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id, 999_999] });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.CartLineNotFound });
    expect((await cart(demo)).TotalCount).toBe(before);
    const deleted = await demo.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id, line.Id] });
    expect(deleted).toMatchObject({ success: true, data: { Deleted: 1 }, message: '删除成功' });
    expect((await cart(demo)).TotalCount).toBe(before - 1);
  });

  it('keeps each merchant’s and each customer’s cart to itself', async () => {
    const line = await demo.addToCart(1001);
    expect((await cart(maple)).List.some((item) => item.Id === line.Id)).toBe(false);
    const stolen = await maple.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id] });
    expect(stolen.apiCode).toBe(ApiCode.CartLineNotFound);
    const changed = await maple.post('/api/order/UpdateShopCarOrder', { Id: line.Id, Quantity: 2 });
    expect(changed.apiCode).toBe(ApiCode.CartLineNotFound);
    const other = await Shopper.register(server, 'demo.localhost', '13700000101', '198.51.100.101');
    expect((await cart(other)).TotalCount).toBe(0);
    expect((await other.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id] })).apiCode).toBe(
      ApiCode.CartLineNotFound,
    );
  });

  it('shows today’s price after the catalogue changes, and marks a product that left it', async () => {
    await clearCart(demo);
    const card = await demo.addToCart(1001);
    const envelope = await demo.addToCart(5002);
    await importChangedCatalog(100);
    const page = await cart(demo);
    const cardNow = page.List.find((line) => line.Id === card.Id)!;
    expect(cardNow).toMatchObject({
      AmountFen: card.AmountFen + 100,
      AddedAmountFen: card.AmountFen,
      IsPriceChanged: true,
      IsAvailable: true,
      CatalogVersion: 2,
    });
    const envelopeNow = page.List.find((line) => line.Id === envelope.Id)!;
    expect(envelopeNow).toMatchObject({ IsAvailable: false, UnavailableReason: '商品不存在或已下架' });
    expect(page.Attach).toEqual({ SumAmount: card.AmountFen + 100, AvailableCount: 1 });
  });
});
