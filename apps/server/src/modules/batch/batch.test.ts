import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type AnalysisCreateOrderResult,
  type AnalysisFileNameResult,
  type AnalysisRow,
  type CartPage,
} from '@inkstone/contracts';
import { calculatePrice, compileCatalog, getDemoCatalog } from '@inkstone/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { makePdf, Shopper } from '../orders/orders.test-support.ts';

let server: TestServer;
let demo: Shopper;
let maple: Shopper;
let stranger: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
  stranger = await Shopper.register(server, 'demo.localhost', '13700001234', '10.9.0.1');
});
afterAll(async () => server.close());

const engine = compileCatalog(getDemoCatalog('demo'));
let keySerial = 0;
const newKey = () => `batch-test-${(keySerial += 1).toString().padStart(4, '0')}`;

/** Uploads PDFs of the given page sizes under the given names; their ids, with facts analysed. */
async function uploadBatch(shopper: Shopper, files: [name: string, widthMm: number, heightMm: number][]) {
  const ids: number[] = [];
  for (const [name, width, height] of files)
    ids.push(await shopper.uploadArtwork(name, await makePdf(width, height)));
  await server.services.uploads.analysis.drain();
  return ids;
}

async function analyse(shopper: Shopper, fileIds: number[]) {
  return shopper.post<AnalysisFileNameResult>('/api/order/AnalysisFileName', { FileIds: fileIds });
}

async function cartCount(shopper: Shopper): Promise<number> {
  const page = await shopper.post<CartPage>('/api/order/ShopCarOrders', { pageindex: 1, limit: 200 });
  expect(page.success, page.message).toBe(true);
  return page.data.TotalCount;
}

/** A table row as the page submits it: the analysed selection, with the price it shows. */
function orderRow(row: AnalysisRow, change: Record<string, unknown> = {}) {
  return {
    FileId: row.File.Id,
    ProductId: row.ProductId,
    ...row.Selection,
    ExpectedAmountFen: row.Price?.AmountFen ?? null,
    ...change,
  };
}

describe('AnalysisFileName', () => {
  it('reads each file of the batch by its name, with the server’s price and preflight', async () => {
    const ids = await uploadBatch(demo, [
      ['名片-300g铜版纸-双面-覆哑膜-5盒.pdf', 94, 58],
      ['传单_双面_1000张.pdf', 216, 303],
      ['新建文档说明.pdf', 210, 297],
    ]);
    const reply = await analyse(demo, ids);
    expect(reply.success, reply.message).toBe(true);
    const [card, flyer, unknown] = reply.data.Rows;
    expect(reply.data.Summary).toEqual({ Total: 3, Recognised: 1, Review: 1, Unrecognised: 1 });

    // Every field read from the name, and the size from the page (90×54 with 2 mm bleed).
    expect(card).toMatchObject({ Status: 'recognised', ProductId: 1001, ProductTitle: '商务名片' });
    expect(card!.Fields.Size).toMatchObject({ Source: 'page', Label: '标准 90×54mm' });
    expect(card!.Selection).toMatchObject({
      SizeId: 'std',
      StyleId: 'cb300',
      ColourId: '4c2',
      TechnologyIds: ['lm'],
    });
    expect(card!.Fields.Paper).toMatchObject({ Source: 'name', Text: '300g铜版纸', Label: '300g铜版纸' });
    expect(card!.Fields.Quantity).toMatchObject({ Source: 'name', Label: '5盒' });
    const price = calculatePrice(engine.get(1001)!, {
      sizeId: 'std',
      styleId: 'cb300',
      colourId: '4c2',
      technologyIds: ['lm'],
      quantity: 5,
    });
    if (!price.ok) throw new Error(price.reason);
    expect(card!.Price).toMatchObject({ AmountFen: price.totalFen, Quantity: 5, Unit: '盒' });
    expect(card!.Preflight?.Level).toBe('ok');

    // No size in the name: the page size (A4 with 3 mm bleed) chooses it.
    expect(flyer!.Fields.Size).toMatchObject({ Source: 'page', Label: 'A4 210×297mm' });
    expect(flyer!.Selection?.SizeId).toBe('a4');
    // No paper in the name: the product's first, marked for the customer to check.
    expect(flyer!.Status).toBe('review');
    expect(flyer!.Fields.Paper).toMatchObject({ Source: 'default', Confidence: 0 });

    expect(unknown).toMatchObject({ Status: 'unrecognised', ProductId: null, Selection: null, Price: null });
    expect(unknown!.Problems).toContain('未能从文件名识别产品，请选择产品');
  });

  it('reads the page size of a file the background analysis has not reached yet', async () => {
    const id = await demo.uploadArtwork('宣传单页_双面_500张.pdf', await makePdf(216, 303));
    const reply = await analyse(demo, [id]);
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data.Rows[0]!.Fields.Size).toMatchObject({ Source: 'page', Label: 'A4 210×297mm' });
    expect(reply.data.Rows[0]!.Preflight).not.toBeNull();
  });

  it('reads names only against the asking merchant’s catalogue', async () => {
    const [id] = await uploadBatch(maple, [['名片-300g铜版纸-双面-覆哑膜-5盒.pdf', 94, 58]]);
    const reply = await analyse(maple, [id!]);
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data.Rows[0]).toMatchObject({ Status: 'unrecognised', ProductId: null });
  });

  it('refuses another customer’s files, naming which', async () => {
    const [own] = await uploadBatch(demo, [['海报_A2_200张.pdf', 426, 600]]);
    const [mapleFile] = await uploadBatch(maple, [['条幅_0.7x5米_2条.pdf', 700, 5000]]);
    const fromOtherMerchant = await analyse(demo, [own!, mapleFile!]);
    expect(fromOtherMerchant).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    expect(fromOtherMerchant.message).toBe(`第 2 个文件（编号 ${mapleFile}）不存在、已删除或不属于您`);
    const fromOtherCustomer = await analyse(stranger, [own!]);
    expect(fromOtherCustomer).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
  });

  it('refuses an empty batch with a Chinese message', async () => {
    const reply = await analyse(demo, []);
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请选择要识别的文件',
    });
  });
});

describe('AnalysisCreateOrder', () => {
  async function analysedRows(names: [string, number, number][]) {
    const ids = await uploadBatch(demo, names);
    const reply = await analyse(demo, ids);
    expect(reply.success, reply.message).toBe(true);
    return reply.data.Rows;
  }

  it('puts every row into the cart at the server’s price, the file name as the remark', async () => {
    const rows = await analysedRows([
      ['名片-300g铜版纸-双面-覆哑膜-5盒.pdf', 94, 58],
      ['海报_A2_200张.pdf', 426, 600],
    ]);
    const before = await cartCount(demo);
    const reply = await demo.post<AnalysisCreateOrderResult>('/api/order/AnalysisCreateOrder', {
      RequestKey: newKey(),
      Rows: rows.map((row) => orderRow(row)),
    });
    expect(reply.success, reply.message).toBe(true);
    expect(reply.message).toBe('已加入购物车');
    expect(reply.data).toMatchObject({ Target: 'cart', IsRepeated: false });
    expect(reply.data.Items.map((item) => item.FileId)).toEqual(rows.map((row) => row.File.Id));
    expect(reply.data.Items[0]!.Line).toMatchObject({
      ProductId: 1001,
      AmountFen: rows[0]!.Price!.AmountFen,
      Remarks: '文件：名片-300g铜版纸-双面-覆哑膜-5盒.pdf',
    });
    expect(reply.data.Items[1]!.Line.Selection).toMatchObject({ WidthMm: 420, HeightMm: 594, Quantity: 200 });
    expect(await cartCount(demo)).toBe(before + 2);
  });

  it('prices a corrected row itself: the client’s price is only checked', async () => {
    const [row] = await analysedRows([['海报_A3_100张.pdf', 303, 426]]);
    const changed = await demo.post('/api/order/AnalysisCreateOrder', {
      RequestKey: newKey(),
      Rows: [orderRow(row!, { Quantity: 200 })],
    });
    expect(changed).toMatchObject({ success: false, apiCode: ApiCode.PriceChanged });
    expect(changed.message).toMatch(/^第 1 行（海报_A3_100张\.pdf）：价格已变化，当前价格为 ¥/);
    const accepted = await demo.post<AnalysisCreateOrderResult>('/api/order/AnalysisCreateOrder', {
      RequestKey: newKey(),
      Rows: [orderRow(row!, { Quantity: 200, ExpectedAmountFen: null })],
    });
    expect(accepted.success, accepted.message).toBe(true);
    expect(accepted.data.Items[0]!.Line.Quantity).toBe(200);
  });

  it('refuses the whole batch when a row does not price, naming the rows, and adds nothing', async () => {
    const rows = await analysedRows([
      ['名片_双面_5盒.pdf', 94, 58],
      ['名片_双面_覆哑膜_覆光膜_2盒.pdf', 94, 58],
      ['说明.pdf', 210, 297],
    ]);
    const before = await cartCount(demo);
    const reply = await demo.post('/api/order/AnalysisCreateOrder', {
      RequestKey: newKey(),
      Rows: [
        orderRow(rows[0]!),
        orderRow(rows[1]!, { TechnologyIds: ['uv', 'tj'], ExpectedAmountFen: null }),
        orderRow(rows[2]!),
      ],
    });
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.QuoteRefused });
    expect(reply.message).toContain('第 2 行（名片_双面_覆哑膜_覆光膜_2盒.pdf）：');
    expect(reply.message).toContain('第 3 行（说明.pdf）：请选择产品');
    expect(reply.message).toMatch(/未加入任何商品，请修改后再提交$/);
    expect(await cartCount(demo)).toBe(before);
  });

  it('refuses a row of another customer’s file', async () => {
    const [row] = await analysedRows([['名片_双面_5盒.pdf', 94, 58]]);
    const reply = await stranger.post('/api/order/AnalysisCreateOrder', {
      RequestKey: newKey(),
      Rows: [orderRow(row!)],
    });
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    expect(reply.message).toContain(`第 1 行：文件（编号 ${row!.File.Id}）不存在、已删除或不属于您`);
  });

  it('adds a batch once however often its request key is sent, one after another or at once', async () => {
    const rows = await analysedRows([
      ['名片_双面_3盒.pdf', 94, 58],
      ['不干胶 圆形50mm 1000张.pdf', 54, 54],
    ]);
    const before = await cartCount(demo);
    const body = { RequestKey: newKey(), Target: 'order', Rows: rows.map((row) => orderRow(row)) };
    const replies = await Promise.all(
      [1, 2, 3].map(() => demo.post<AnalysisCreateOrderResult>('/api/order/AnalysisCreateOrder', body)),
    );
    for (const reply of replies) expect(reply.success, reply.message).toBe(true);
    expect(replies.filter((reply) => !reply.data.IsRepeated)).toHaveLength(1);
    const lineIds = (reply: (typeof replies)[number]) => reply.data.Items.map((item) => item.Line.Id);
    for (const reply of replies) expect(lineIds(reply)).toEqual(lineIds(replies[0]!));
    const again = await demo.post<AnalysisCreateOrderResult>('/api/order/AnalysisCreateOrder', body);
    expect(again.data).toMatchObject({ IsRepeated: true, Target: 'order' });
    expect(await cartCount(demo)).toBe(before + 2);
  });

  it('refuses a malformed request key in Chinese', async () => {
    const reply = await demo.post('/api/order/AnalysisCreateOrder', {
      RequestKey: 'x',
      Rows: [{ FileId: 1, ProductId: 1001, Quantity: 1 }],
    });
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(reply.message).toContain('提交编号应为 8–64 个字母、数字、下划线或短横线');
  });
});
