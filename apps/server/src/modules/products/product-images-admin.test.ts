import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type CatalogEditor,
  type CategoryPage,
  type EditorImage,
  type OrderDetail,
  type ProductImageSet,
  type ProductInfo,
  type ProductSummary,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient } from '../orders/orders.test-support.ts';
import { DEMO_STAFF } from '../staff/staff.seed.ts';

let server: TestServer;
let admin: StaffClient;
let mapleAdmin: StaffClient;
let shopper: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
  shopper = await Shopper.demo(server);
});
afterAll(async () => server.close());

type Draft = Record<string, any>;

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const boundary = `----img${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(staff: StaffClient, file: Buffer, fileName = '商品.png') {
  const { payload, contentType } = multipart(file, fileName, { uploaderFileType: '16' });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/staff/UploadProductImage',
    payload,
    headers: {
      host: staff.host,
      ...(staff.token ? { stafftoken: staff.token } : {}),
      'content-type': contentType,
    },
  });
  return response.json();
}

function picture(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  red: number,
  width = 64,
  height = 48,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

async function uploaded(format: 'png' | 'jpeg' | 'gif' | 'webp', red: number): Promise<EditorImage> {
  const reply = await upload(admin, await picture(format, red), `商品.${format}`);
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

async function imagesOf(productId: number, staff = admin): Promise<ProductImageSet> {
  const reply = await staff.post<ProductImageSet>('/api/staff/ProductImages', { ProductId: productId });
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

async function catalogue(): Promise<ProductSummary[]> {
  const page = await shopper.post<CategoryPage>('/api/product/QueryCommonProduct', {
    pageindex: 0,
    limit: 999999,
    ClientIsShow: true,
    belonging: 1,
  });
  expect(page.success, page.message).toBe(true);
  return page.data.List.flatMap((item) => item.Products);
}

async function productInfo(productId: number) {
  return shopper.post<ProductInfo>('/api/product/GetCompanyProductInfo', { ProductId: productId });
}

async function readEditor(): Promise<CatalogEditor & { Catalog: Draft }> {
  const reply = await admin.post('/api/staff/CatalogEditor', {});
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

describe('UploadProductImage', () => {
  it('stores JPG, PNG, WebP and GIF pictures as server pictures, by their content', async () => {
    for (const [format, red] of [
      ['png', 10],
      ['jpeg', 20],
      ['webp', 30],
      ['gif', 40],
    ] as const) {
      const image = await uploaded(format, red);
      expect(image.Url).toMatch(/^\/api\/site-images\/[0-9a-f]{64}\.webp$/);
      expect(image).toMatchObject({ Width: 64, Height: 48, UploadType: 16 });
      const served = await server.app.inject({
        method: 'GET',
        url: image.Url,
        headers: { host: 'demo.localhost' },
      });
      expect(served.statusCode).toBe(200);
    }
  });

  it('refuses what is not a picture whatever its name, an empty file and a file over 10 MB', async () => {
    const pdf = await upload(admin, Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), '照片.png');
    expect(pdf).toMatchObject({ success: false, apiCode: ApiCode.UploadTypeNotAllowed });
    expect(pdf.message).toBe('所选文件是 PDF 文件，商品图片只能是 JPG、PNG、WebP 或 GIF 图片');
    const text = await upload(admin, Buffer.from('just some text'), '照片.jpg');
    expect(text).toMatchObject({ success: false, apiCode: ApiCode.UploadTypeNotAllowed });
    expect(text.message).toContain('JPG、PNG、WebP 或 GIF');
    // A PNG signature in front of garbage is not a PNG.
    const broken = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(200)]);
    expect((await upload(admin, broken, 'broken.png')).apiCode).toBe(ApiCode.UploadTypeNotAllowed);
    expect((await upload(admin, Buffer.alloc(0), 'empty.png')).message).toBe('图片是空文件，请重新选择');
    const huge = Buffer.concat([await picture('png', 50), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(admin, huge, 'huge.png');
    expect(tooLarge).toMatchObject({ success: false, apiCode: ApiCode.UploadTooLarge });
    expect(tooLarge.message).toContain('10 MB');
  });
});

describe('SaveProductImages', () => {
  it('orders, adds and removes pictures; the customer site shows them at the next call', async () => {
    const seeded = await imagesOf(1001);
    expect(seeded.Revision).toBe(0);
    expect(seeded.Images).toHaveLength(1);
    expect(seeded.Images[0]!.ImageId).toBeNull();
    const demoPicture = seeded.Images[0]!.Url;

    const front = await uploaded('png', 111);
    const back = await uploaded('gif', 122);
    const saved = await admin.post<ProductImageSet>('/api/staff/SaveProductImages', {
      ProductId: 1001,
      Revision: 0,
      Alt: '商务名片',
      Images: [{ ImageId: front.Id }, { Url: demoPicture }, { ImageId: back.Id }],
    });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data.Revision).toBe(1);
    expect(saved.data.Images.map((image) => image.Url)).toEqual([front.Url, demoPicture, back.Url]);
    expect(saved.data.Images[0]).toMatchObject({
      ImageId: front.Id,
      SmallUrl: front.Thumbnail,
      Alt: '商务名片',
    });

    const listed = (await catalogue()).find((product) => product.Id === 1001)!;
    expect(listed.Image).toMatchObject({ Url: front.Url, SmallUrl: front.Thumbnail, Width: 64, Height: 48 });
    const info = await productInfo(1001);
    expect(info.data.Product.Image?.Url).toBe(front.Url);
    expect(info.data.Product.Images.map((image) => image.Url)).toEqual([front.Url, demoPicture, back.Url]);

    const reordered = await admin.post<ProductImageSet>('/api/staff/SaveProductImages', {
      ProductId: 1001,
      Revision: 1,
      Images: [{ Url: back.Url }, { Url: front.Url }],
    });
    expect(reordered.success, reordered.message).toBe(true);
    expect((await catalogue()).find((product) => product.Id === 1001)!.Image?.Url).toBe(back.Url);
    expect((await productInfo(1001)).data.Product.Images.map((image) => image.Url)).toEqual([
      back.Url,
      front.Url,
    ]);

    const cleared = await admin.post<ProductImageSet>('/api/staff/SaveProductImages', {
      ProductId: 1001,
      Revision: 2,
      Images: [],
    });
    expect(cleared.success, cleared.message).toBe(true);
    expect((await catalogue()).find((product) => product.Id === 1001)!.Image).toBeNull();
    expect((await productInfo(1001)).data.Product.Images).toEqual([]);
  });

  it('refuses bad lists with a message naming the picture, and changes nothing', async () => {
    const before = await imagesOf(2001);
    const mine = await uploaded('png', 133);
    const theirs = await upload(mapleAdmin, await picture('png', 144), 'maple.png');
    expect(theirs.success, theirs.message).toBe(true);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [
        { Images: [{ ImageId: theirs.data.Id }] },
        ApiCode.ValidationFailed,
        /第 1 张图片（编号 \d+）不存在或已被删除/,
      ],
      [
        { Images: [{ ImageId: mine.Id }, { ImageId: mine.Id }] },
        ApiCode.ValidationFailed,
        '第 2 张图片与前面的图片重复',
      ],
      [
        { Images: [{ Url: 'https://evil.example/x.png' }] },
        ApiCode.ValidationFailed,
        /第 1 张图片不是这个商品现有的图片/,
      ],
      [{ Images: [{}] }, ApiCode.ValidationFailed, /ImageId 或 Url/],
      [
        { Images: Array.from({ length: 13 }, () => ({ ImageId: mine.Id })) },
        ApiCode.ValidationFailed,
        /最多 12 张/,
      ],
      [{ Revision: undefined, Images: [] }, ApiCode.ValidationFailed, /Revision/],
      [{ ProductId: 0, Images: [] }, ApiCode.ValidationFailed, /ProductId/],
    ];
    for (const [change, code, message] of cases) {
      const reply = await admin.post('/api/staff/SaveProductImages', {
        ProductId: 2001,
        Revision: before.Revision,
        ...change,
      });
      expect(reply, JSON.stringify(change).slice(0, 80)).toMatchObject({ success: false, apiCode: code });
      expect(reply.message).toMatch(message);
    }
    expect(await imagesOf(2001)).toEqual(before);
  });

  it('refuses a save from a stale reading: of parallel saves from one reading exactly one lands', async () => {
    const before = await imagesOf(2002);
    const pictures = await Promise.all([uploaded('png', 155), uploaded('png', 166), uploaded('png', 177)]);
    const replies = await Promise.all(
      pictures.map((image) =>
        admin.post('/api/staff/SaveProductImages', {
          ProductId: 2002,
          Revision: before.Revision,
          Images: [{ ImageId: image.Id }],
        }),
      ),
    );
    const landed = replies.filter((reply) => reply.success);
    expect(landed).toHaveLength(1);
    for (const reply of replies.filter((entry) => !entry.success)) {
      expect(reply).toMatchObject({
        apiCode: ApiCode.EditConflict,
        message: '内容已被其他员工修改，请刷新后再保存',
      });
    }
    const after = await imagesOf(2002);
    expect(after.Revision).toBe(before.Revision + 1);
    expect(after.Images.map((image) => image.Url)).toEqual(
      landed[0]!.data.Images.map((image: { Url: string }) => image.Url),
    );
    expect((await catalogue()).find((product) => product.Id === 2002)!.Image?.Url).toBe(after.Images[0]!.Url);
  });

  it('keeps pictures per merchant', async () => {
    const maple = await imagesOf(1001, mapleAdmin);
    expect(maple).toMatchObject({ ProductId: 1001, Revision: 0, Images: [] });
  });
});

describe('roles and tenancy of the picture calls', () => {
  it('refuses members without 管理员, visitors without a token and tokens of another merchant', async () => {
    const png = await picture('png', 188);
    const before = await imagesOf(3001);
    const calls = [
      ['/api/staff/ProductImages', { ProductId: 3001 }],
      ['/api/staff/SaveProductImages', { ProductId: 3001, Revision: before.Revision, Images: [] }],
    ] as const;
    for (const member of DEMO_STAFF.filter((entry) => entry.merchant === 'demo' && entry.roles !== 'admin')) {
      const staff = await StaffClient.signIn(server, 'demo.localhost', member.account, member.password);
      for (const [url, body] of calls) {
        expect(await staff.post(url, body), `${member.account} ${url}`).toMatchObject({
          success: false,
          apiCode: ApiCode.StaffForbidden,
        });
      }
      expect((await upload(staff, png)).apiCode, member.account).toBe(ApiCode.StaffForbidden);
    }
    const anonymous = new StaffClient(server, 'demo.localhost');
    for (const [url, body] of calls)
      expect((await anonymous.post(url, body)).apiCode).toBe(ApiCode.StaffLoginRequired);
    expect((await upload(anonymous, png)).apiCode).toBe(ApiCode.StaffLoginRequired);
    const crossing = new StaffClient(server, 'maple.localhost');
    crossing.token = admin.token;
    for (const [url, body] of calls)
      expect((await crossing.post(url, body)).apiCode).toBe(ApiCode.StaffLoginExpired);
    expect(await imagesOf(3001)).toEqual(before);
  });
});

describe('adding and removing categories and products by publishing the draft', () => {
  /** The product the console's 新建商品 makes: one size, paper, colour and a one-row 一口价. */
  const newProduct = (id: number, categoryId: number, change: Draft = {}): Draft => ({
    Id: id,
    CategoryId: categoryId,
    Title: '会员卡',
    Unit: '张',
    PiecesPerUnit: 1,
    PriceMode: 'fixed',
    Sizes: { Presets: [{ Id: 's1', Name: '85×54mm', WidthMm: 85, HeightMm: 54 }] },
    Styles: [{ Id: 'p1', Name: '300g铜版纸', PaperId: 'cb300' }],
    Colours: [{ Id: 'c1', Name: '双面四色', Sides: 2, Ink: '四色' }],
    Technologies: [],
    Quantity: { Presets: [100] },
    SkuBindings: [{ SkuCode: `P${id}` }],
    FixedPrices: [{ SkuCode: `P${id}`, Prices: [{ Quantity: 100, PriceFen: 4500 }] }],
    ProductionDays: [{ MinQuantity: 1, Days: 2 }],
    ...change,
  });

  it('refuses a new product with bad fields, naming each, and writes nothing', async () => {
    const editor = await readEditor();
    const catalog = structuredClone(editor.Catalog);
    const index = catalog.Products.length;
    catalog.Products.push(
      newProduct(9901, 520, { Title: '', Unit: '', Styles: [{ Id: 'p1', Name: 'x', PaperId: 'nope' }] }),
    );
    const refused = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: catalog,
    });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(refused.message).toMatch(/^商品目录有 3 处错误，未发布：/);
    for (const field of ['Title', 'Unit', 'Styles[0].PaperId']) {
      expect(refused.message).toContain(`$.Products[${index}].${field}：`);
    }
    expect(refused.message).toContain('纸张 nope 不存在');
    // A category removed while it still has products is refused the same way.
    const orphaned = structuredClone(editor.Catalog);
    orphaned.Categories = orphaned.Categories.filter((node: Draft) => node.Id !== 520);
    const noCategory = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: orphaned,
    });
    expect(noCategory).toMatchObject({ success: false, apiCode: ApiCode.CatalogInvalid });
    expect(noCategory.message).toContain('CategoryId：分类 520 不存在');
    expect((await readEditor()).Version).toBe(editor.Version);
  });

  it('publishes a new category with a new product the site lists and quotes, with its picture', async () => {
    const editor = await readEditor();
    const catalog = structuredClone(editor.Catalog);
    catalog.Categories.push({
      Id: 600,
      ParentId: 0,
      Title: '礼品定制',
      SerialNumber: 60,
      ShowType: 1,
      Icon: '',
      SourceType: 2,
    });
    catalog.Products.push(newProduct(9902, 600));
    // The picture is saved before the product is published: pictures are live product attributes.
    const image = await uploaded('jpeg', 199);
    const pictures = await admin.post('/api/staff/SaveProductImages', {
      ProductId: 9902,
      Revision: 0,
      Alt: '会员卡',
      Images: [{ ImageId: image.Id }],
    });
    expect(pictures.success, pictures.message).toBe(true);
    expect((await catalogue()).some((product) => product.Id === 9902)).toBe(false);

    const published = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: catalog,
    });
    expect(published.success, published.message).toBe(true);
    const listed = (await catalogue()).find((product) => product.Id === 9902);
    expect(listed).toMatchObject({ Title: '会员卡', CategoryPath: [600, 600, 600], FromPriceFen: 4500 });
    expect(listed!.Image).toMatchObject({ Url: image.Url, Alt: '会员卡' });
    const quote = await shopper.post('/api/product/CalculationProductPriceToFixedOrOffer', {
      ...(await shopper.selection(9902)),
      ProductId: 9902,
    });
    expect(quote).toMatchObject({
      success: true,
      data: { TotalFen: 4500, Method: 'fixed', SkuCode: 'P9902' },
    });
  });

  it('removes a product from the site at publish; its orders still show it', async () => {
    const order = await shopper.placeOrder(5002);
    const editor = await readEditor();
    const catalog = structuredClone(editor.Catalog);
    catalog.Products = catalog.Products.filter((product: Draft) => product.Id !== 5002);
    const published = await admin.post('/api/staff/PublishCatalog', {
      BaseVersion: editor.Version,
      Catalog: catalog,
    });
    expect(published.success, published.message).toBe(true);

    expect((await catalogue()).some((product) => product.Id === 5002)).toBe(false);
    expect(await productInfo(5002)).toMatchObject({ success: false, apiCode: ApiCode.ProductNotFound });
    const seen = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    expect(seen.success, seen.message).toBe(true);
    const line = seen.data.Lines[0]!;
    expect(line).toMatchObject({ ProductTitle: '信封', AmountFen: order.Lines[0]!.AmountFen });
    expect(line.ProductImage?.Url).toMatch(/\S/);

    // A removed product's id, and a removed category's, are never offered to a new one.
    const after = await readEditor();
    const largest = (list: { Id: number }[]) => Math.max(...list.map((item) => item.Id));
    expect(after.NextProductId).toBeGreaterThan(Math.max(5002, largest(editor.Catalog.Products)));
    expect(after.NextCategoryId).toBeGreaterThan(largest(editor.Catalog.Categories));
  });
});
