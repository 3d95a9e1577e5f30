import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CartLine,
  CartPage,
  CategoryPage,
  ContentImage,
  OrderDetail,
  OrderPage,
  OrderPreview,
  ProComplexInfo,
  ProductInfo,
  ProductSummary,
  Quote,
} from '@inkstone/contracts';
import { compileCatalog, getDemoCatalog, type CompiledProduct } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient } from '../orders/orders.test-support.ts';
import { seedDemoProductImages } from '../website/index.ts';
import { calculateFromPrice } from './from-price.ts';

let server: TestServer;
let demo: Shopper;
let maple: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
});
afterAll(async () => server.close());

const engine: Record<'demo' | 'maple', ReadonlyMap<number, CompiledProduct>> = {
  demo: compileCatalog(getDemoCatalog('demo')),
  maple: compileCatalog(getDemoCatalog('maple')),
};

/** Every product of the category query (spec §7's query), in tree order. */
async function catalogue(shopper: Shopper): Promise<ProductSummary[]> {
  const page = await shopper.post<CategoryPage>('/api/product/QueryCommonProduct', {
    pageindex: 0,
    limit: 999999,
    ClientIsShow: true,
    belonging: 1,
  });
  expect(page.success, page.message).toBe(true);
  return page.data.List.flatMap((item) => item.Products);
}

async function productInfo(shopper: Shopper, productId: number): Promise<ProductInfo> {
  const info = await shopper.post<ProductInfo>('/api/product/GetCompanyProductInfo', {
    ProductId: productId,
  });
  expect(info.success, info.message).toBe(true);
  return info.data;
}

async function pictureRow(code: string, productId: number) {
  return server.context.db
    .selectFrom('product_images')
    .selectAll()
    .where('merchant_id', '=', await merchantIdOf(server, code))
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Changes a stored picture's address for the length of `run`. */
async function withPictureUrl(code: string, productId: number, url: string, run: () => Promise<void>) {
  const before = await pictureRow(code, productId);
  if (!before) throw new Error(`${code} ${productId} has no picture`);
  const set = (image_url: string) =>
    server.context.db.updateTable('product_images').set({ image_url }).where('id', '=', before.id).execute();
  await set(url);
  try {
    await run();
  } finally {
    await set(before.image_url);
  }
}

describe('product pictures and 起价 in the catalogue', () => {
  it.each(['demo', 'maple'] as const)(
    'gives every product of %s its WebP picture and the engine’s cheapest price',
    async (code) => {
      const shopper = code === 'demo' ? demo : maple;
      const products = await catalogue(shopper);
      expect(products.map((product) => product.Id).sort()).toEqual([...engine[code].keys()].sort());
      for (const product of products) {
        expect(product.Image, product.Title).toEqual({
          Url: expect.stringMatching(/^\/site-assets\/images\/product-[a-z-]+\.webp\?v=[0-9a-f]{10}$/),
          SmallUrl: expect.stringMatching(
            /^\/site-assets\/images\/product-[a-z-]+\.small\.webp\?v=[0-9a-f]{10}$/,
          ),
          Width: 800,
          Height: 600,
          Alt: product.Title,
        });
        const compiled = engine[code].get(product.Id)!;
        expect(product.FromPriceFen, product.Title).toBe(calculateFromPrice(compiled));
        expect(product.FromPriceFen).not.toBeNull();
      }
    },
  );

  it('serves the small picture as WebP from the site assets', async () => {
    const [first] = await catalogue(demo);
    const response = await server.app.inject({ method: 'GET', url: first!.Image!.SmallUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.length).toBeLessThan(20_000);
  });

  it('never asks more than a price the quote screen finds: 商务名片 from ¥15 at its default selection', async () => {
    const info = await productInfo(demo, 1001);
    expect(info.Product.FromPriceFen).toBe(1500);
    const quote = await demo.post<Quote>('/api/product/CalculationProductPriceToFixedOrOffer', {
      ProductId: 1001,
      ...info.DefaultSelection,
    });
    expect(quote.success, quote.message).toBe(true);
    expect(quote.data.TotalFen).toBeGreaterThanOrEqual(info.Product.FromPriceFen!);
  });

  it('gives the quote page (product info) and v4’s product introduction the same picture and 起价', async () => {
    const products = await catalogue(maple);
    const complex = await maple.client.get<ProComplexInfo>('/api/public/pro-complexinfo', {
      ProductId: '9201',
    });
    expect(complex.success, complex.message).toBe(true);
    expect(complex.data.Products).toEqual(products);
    const banner = products.find((product) => product.Id === 9201)!;
    expect(complex.data.Info!.Product).toMatchObject({
      Image: banner.Image,
      FromPriceFen: banner.FromPriceFen,
    });
    const info = await productInfo(maple, 9201);
    expect(info.Product).toMatchObject({ Image: banner.Image, FromPriceFen: banner.FromPriceFen });
  });

  it('shows a product without a picture with none, and never another merchant’s picture', async () => {
    const demoId = await merchantIdOf(server, 'demo');
    const mapleId = await merchantIdOf(server, 'maple');
    const envelope = await pictureRow('demo', 5002);
    await server.context.db.deleteFrom('product_images').where('id', '=', envelope!.id).execute();
    // Maple stores a picture under the product id that demo sells as 信封.
    const mapleOnly = '/site-assets/images/maple-only.webp';
    await server.context.db
      .insertInto('product_images')
      .values({
        merchant_id: mapleId,
        product_id: 5002,
        image_url: mapleOnly,
        image_small_url: mapleOnly,
        image_width: 10,
        image_height: 10,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    try {
      const products = await catalogue(demo);
      expect(products.find((product) => product.Id === 5002)!.Image).toBeNull();
      expect((await productInfo(demo, 5002)).Product.Image).toBeNull();
      const line = await demo.addToCart(5002);
      expect(line.ProductImage).toBeNull();
      const cart = await demo.post('/api/order/ShopCarOrders', { limit: 200 });
      expect(JSON.stringify(cart.data)).not.toContain('maple-only');
      expect(JSON.stringify(products)).not.toContain('maple-only');
      await demo.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id] });
    } finally {
      await server.context.db
        .deleteFrom('product_images')
        .where('merchant_id', '=', mapleId)
        .where('product_id', '=', 5002)
        .execute();
      await seedDemoProductImages(server.context.db, server.clock.now());
    }
    expect((await pictureRow('demo', 5002))?.merchant_id).toBe(demoId);
  });

  it('leaves out a stored picture whose address a page may not load', async () => {
    await withPictureUrl('demo', 2002, 'javascript:alert(1)', async () => {
      const poster = (await catalogue(demo)).find((product) => product.Id === 2002)!;
      expect(poster.Image).toBeNull();
      expect(poster.FromPriceFen).toBe(calculateFromPrice(engine.demo.get(2002)!));
    });
  });

  it('seeds only what is missing: a second seed stores nothing, a deleted picture comes back', async () => {
    expect(await seedDemoProductImages(server.context.db, server.clock.now())).toBe(0);
    const card = await pictureRow('maple', 9301);
    await server.context.db.deleteFrom('product_images').where('id', '=', card!.id).execute();
    expect(await seedDemoProductImages(server.context.db, server.clock.now())).toBe(1);
    expect((await pictureRow('maple', 9301))?.image_url).toBe(card!.image_url);
  });
});

describe('product pictures on cart, checkout and order lines', () => {
  it('shows each line with its product’s picture as the product has it now', async () => {
    const pictures = new Map((await catalogue(demo)).map((product) => [product.Id, product.Image]));
    const card = await demo.addToCart(1001);
    const flyer = await demo.addToCart(2001);
    expect(card.ProductImage).toEqual(pictures.get(1001));
    expect(flyer.ProductImage).toEqual(pictures.get(2001));

    const cart = await demo.post<CartPage>('/api/order/ShopCarOrders', { limit: 200 });
    const inCart = cart.data.List.filter((line) => [card.Id, flyer.Id].includes(line.Id));
    expect(inCart.map((line) => line.ProductImage)).toEqual(
      inCart.map((line) => pictures.get(line.ProductId)),
    );
    const updated = await demo.post<CartLine>('/api/order/UpdateShopCarOrder', { Id: card.Id, Quantity: 2 });
    expect(updated.data.ProductImage).toEqual(pictures.get(1001));

    const preview = await demo.post<OrderPreview>('/api/order/PreviewOrder', {
      CartIds: [card.Id, flyer.Id],
      AddressId: await demo.address(),
      ExpressCompanyId: await demo.expressId(),
    });
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data.Lines.map((line) => line.ProductImage)).toEqual([
      pictures.get(1001),
      pictures.get(2001),
    ]);

    const placed = await demo.checkout([card.Id, flyer.Id]);
    expect(placed.success, placed.message).toBe(true);
    const byProduct = (lines: { ProductId: number; ProductImage: ContentImage | null }[]) =>
      Object.fromEntries(lines.map((line) => [line.ProductId, line.ProductImage]));
    expect(byProduct(placed.data.Lines)).toEqual({ 1001: pictures.get(1001), 2001: pictures.get(2001) });

    const list = await demo.post<OrderPage>('/api/order/QueryOrders', { pageindex: 1, limit: 10 });
    const listed = list.data.List.find((order) => order.Id === placed.data.Id)!;
    expect(byProduct(listed.Lines)).toEqual(byProduct(placed.data.Lines));

    // A picture changed later shows on the placed order too: it is read, not kept with the order.
    const redrawn = '/site-assets/images/product-flyer.webp?v=0123456789';
    await withPictureUrl('demo', 2001, redrawn, async () => {
      const detail = await demo.post<OrderDetail>('/api/order/OrderDetail', { OrderId: placed.data.Id });
      expect(detail.success, detail.message).toBe(true);
      expect(byProduct(detail.data.Lines)[2001]?.Url).toBe(redrawn);
      const staff = await StaffClient.signIn(server, 'demo.localhost');
      const staffDetail = await staff.post<OrderDetail>('/api/staff/OrderDetail', {
        OrderId: placed.data.Id,
      });
      expect(staffDetail.success, staffDetail.message).toBe(true);
      expect(byProduct(staffDetail.data.Lines)[2001]?.Url).toBe(redrawn);
    });
  });

  it('gives maple’s lines maple’s pictures', async () => {
    const line = await maple.addToCart(9101);
    const [document] = (await catalogue(maple)).filter((product) => product.Id === 9101);
    expect(line.ProductImage).toEqual(document!.Image);
    expect(line.ProductImage!.Url).toContain('product-document');
    await maple.post('/api/order/DeleteShopCarOrders', { Ids: [line.Id] });
  });
});
