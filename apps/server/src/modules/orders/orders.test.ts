import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrderDetail, type OrderPage, type ReorderResult } from '@inkstone/contracts';
import { DEMO_CATALOG_FILES } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { importCatalog } from '../products/catalog-import.service.ts';
import { Shopper, StaffClient, makePdf } from './orders.test-support.ts';

let server: TestServer;
let demo: Shopper;
let maple: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
});
afterAll(async () => server.close());

const DAY_MS = 86_400_000;

async function cartIds(shopper: Shopper): Promise<number[]> {
  const page = await shopper.post('/api/order/ShopCarOrders', { limit: 200 });
  return (page.data.List as { Id: number }[]).map((line) => line.Id);
}

async function orderCount(): Promise<number> {
  const row = await server.context.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Receives one of the merchant's coupons by code; returns the customer's coupon id. */
async function receiveCoupon(shopper: Shopper, code: string): Promise<number> {
  const coupon = await server.context.db
    .selectFrom('coupons')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const received = await shopper.post('/api/coupon/receive', { id: coupon.id });
  expect(received.success, received.message).toBe(true);
  return received.data.Id as number;
}

describe('addorder', () => {
  it('turns chosen cart lines into one unpaid order priced by the server', async () => {
    const card = await demo.addToCart(1001);
    const flyer = await demo.addToCart(2001);
    const untouched = await demo.addToCart(1001);
    const fee = await demo.post('/api/order/CalExpressFee', {
      AddressId: await demo.address(),
      ExpressId: await demo.expressId(),
      WeightGrams: card.WeightGrams + flyer.WeightGrams,
      OrderAmountFen: card.AmountFen + flyer.AmountFen,
    });
    expect(fee.success, fee.message).toBe(true);
    const placed = await demo.checkout([card.Id, flyer.Id], { Remarks: '周五前送到' });
    expect(placed.success, placed.message).toBe(true);
    expect(placed.message).toBe('订单已提交');
    const order = placed.data;
    expect(order).toMatchObject({
      Status: 1,
      StatusName: '待付款',
      GoodsFen: card.AmountFen + flyer.AmountFen,
      ExpressFen: fee.data.FeeFen,
      DiscountFen: 0,
      TotalFen: card.AmountFen + flyer.AmountFen + fee.data.FeeFen,
      WeightGrams: card.WeightGrams + flyer.WeightGrams,
      Remarks: '周五前送到',
      ExpressCompanyName: fee.data.ExpressName,
      UnpaidExpiresAt: new Date(server.clock.now() + DAY_MS).toISOString(),
      Address: {
        Contacts: '张经理',
        Province: '广东省',
        City: '深圳市',
        Region: '南山区',
        ProvinceCode: '440000',
      },
    });
    expect(order.OrderNo).toMatch(/^\d{20}$/);
    expect(order.Lines.map((line) => [line.Id, line.AmountFen, line.CatalogVersion])).toEqual([
      [card.Id, card.AmountFen, 1],
      [flyer.Id, flyer.AmountFen, 1],
    ]);
    expect(order.Lines[0]!.PriceLines.reduce((sum, line) => sum + line.AmountFen, 0)).toBe(card.AmountFen);
    expect(order.Events).toMatchObject([
      {
        Action: 'place',
        ActionName: '提交订单',
        FromStatus: 0,
        ToStatus: 1,
        ActorType: 'customer',
        ActorName: '张经理',
      },
    ]);
    const remaining = await cartIds(demo);
    expect(remaining).toContain(untouched.Id);
    expect(remaining).not.toContain(card.Id);
  });

  it('attaches artwork with a preflight against each line’s finished size', async () => {
    const line = await demo.addToCart(1001);
    const good = await demo.uploadArtwork('名片-出血.pdf', await makePdf(94, 58));
    const bare = await demo.uploadArtwork('名片-无出血.pdf', await makePdf(90, 54));
    const placed = await demo.checkout([line.Id], {
      Files: [{ CartId: line.Id, FileIds: [good, bare, good] }],
    });
    expect(placed.success, placed.message).toBe(true);
    const files = placed.data.Lines[0]!.Files;
    expect(files.map((file) => [file.FileId, file.PreflightLevel])).toEqual([
      [good, 'ok'],
      [bare, 'warning'],
    ]);
    // 商务名片 is imposed with 2 mm bleed (its catalogue rules): 90×54 mm finished, 94×58 mm with bleed.
    expect(files[0]!.Preflight.FinishedSize).toEqual({ WidthMm: 90, HeightMm: 54, BleedMm: 2 });
    expect(files[0]!.FilePath).toMatch(/^\/api\/files\/\d+\/.+sign=/);
    const download = await server.app.inject({
      method: 'GET',
      url: files[0]!.FilePath,
      headers: { host: 'demo.localhost' },
    });
    expect(download.statusCode).toBe(200);
  });

  it('answers with the order exactly as OrderDetail shows it afterwards (coupon, files, lines, event)', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700000311', '198.51.100.131');
    const couponId = await receiveCoupon(shopper, 'WELCOME-10');
    const card = await shopper.addToCart(1001);
    const flyer = await shopper.addToCart(2001);
    const artwork = await shopper.uploadArtwork('名片-出血.pdf', await makePdf(94, 58));
    const placed = await shopper.checkout([flyer.Id, card.Id], {
      CouponId: couponId,
      Remarks: '周五前送到',
      Files: [{ CartId: card.Id, FileIds: [artwork] }],
    });
    expect(placed.success, placed.message).toBe(true);
    const { OrderIds, ...reply } = placed.data as OrderDetail & { OrderIds: number[] };
    expect(OrderIds).toEqual([reply.Id]);
    expect(reply.CouponName).toBe('新客立减10元');
    expect(reply.Lines.map((line) => line.Files.length)).toEqual([1, 0]);
    const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: reply.Id });
    expect(detail.success, detail.message).toBe(true);
    expect(reply).toEqual(detail.data);
  });

  it('refuses a file that is not the customer’s, and changes nothing', async () => {
    const theirs = await maple.uploadArtwork('条幅.pdf', await makePdf(100, 100));
    const line = await demo.addToCart(1001);
    const before = await orderCount();
    const refused = await demo.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [theirs] }] });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    expect(await orderCount()).toBe(before);
    expect(await cartIds(demo)).toContain(line.Id);
  });

  it('refuses lines, addresses and express companies that are not the customer’s or the merchant’s', async () => {
    const line = await demo.addToCart(1001);
    const theirLine = await maple.addToCart(9101);
    const before = await orderCount();
    expect((await demo.checkout([line.Id, theirLine.Id])).apiCode).toBe(ApiCode.CartLineNotFound);
    const mapleAddress = await maple.address();
    const wrongAddress = await demo.post('/api/order/addorder', {
      CartIds: [line.Id],
      AddressId: mapleAddress,
      ExpressCompanyId: await demo.expressId(),
    });
    expect(wrongAddress.apiCode).toBe(ApiCode.AddressNotFound);
    const wrongExpress = await demo.post('/api/order/addorder', {
      CartIds: [line.Id],
      AddressId: await demo.address(),
      ExpressCompanyId: await maple.expressId(),
    });
    expect(wrongExpress.apiCode).toBe(ApiCode.ExpressNotFound);
    expect(await orderCount()).toBe(before);
  });

  it('refuses when the total the page showed is not the total', async () => {
    const line = await demo.addToCart(1001);
    const before = await orderCount();
    const refused = await demo.checkout([line.Id], { ExpectedTotalFen: 1 });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.PriceChanged });
    expect(await orderCount()).toBe(before);
    const preview = await demo.post('/api/order/PreviewOrder', {
      CartIds: [line.Id],
      AddressId: await demo.address(),
      ExpressCompanyId: await demo.expressId(),
    });
    expect(preview.success, preview.message).toBe(true);
    const placed = await demo.checkout([line.Id], { ExpectedTotalFen: preview.data.TotalFen });
    expect(placed.success, placed.message).toBe(true);
    expect(placed.data.TotalFen).toBe(preview.data.TotalFen);
  });

  it('checks a cart line out once when two checkouts race for it', async () => {
    const line = await demo.addToCart(1001);
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => demo.checkout([line.Id])));
    expect(results.filter((result) => result.success)).toHaveLength(1);
    for (const result of results.filter((item) => !item.success))
      expect(result.apiCode).toBe(ApiCode.CartLineNotFound);
    expect(await orderCount()).toBe(before + 1);
  });

  it('takes a coupon off the goods, and uses it once however many checkouts race for it', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700000201', '198.51.100.201');
    const couponId = await receiveCoupon(shopper, 'WELCOME-10');
    const lines = await Promise.all([1, 2, 3, 4].map(() => shopper.addToCart(1001)));
    const preview = await shopper.post('/api/order/PreviewOrder', {
      CartIds: [lines[0]!.Id],
      AddressId: await shopper.address(),
      ExpressCompanyId: await shopper.expressId(),
      CouponId: couponId,
    });
    expect(preview.data).toMatchObject({ DiscountFen: 1000, CouponName: '新客立减10元' });
    const results = await Promise.all(
      lines.map((line) => shopper.checkout([line.Id], { CouponId: couponId })),
    );
    const winners = results.filter((result) => result.success);
    expect(winners).toHaveLength(1);
    const order = winners[0]!.data;
    expect(order).toMatchObject({ DiscountFen: 1000, CouponId: couponId, CouponName: '新客立减10元' });
    expect(order.TotalFen).toBe(order.GoodsFen + order.ExpressFen - 1000);
    for (const result of results.filter((item) => !item.success)) {
      expect([ApiCode.CouponUnavailable, ApiCode.CouponNotFound]).toContain(result.apiCode);
    }
    // The losers' lines are back in the cart: their checkouts rolled back.
    expect((await cartIds(shopper)).length).toBe(3);
    const used = await server.context.db
      .selectFrom('customer_coupons')
      .select(['status', 'used_order_id'])
      .where('id', '=', couponId)
      .executeTakeFirstOrThrow();
    expect(used).toEqual({ status: 1, used_order_id: order.Id });
  });

  it('keeps the price, choices and catalogue version an order was sold at', async () => {
    const order = await demo.placeOrder(1001);
    const catalog = structuredClone(DEMO_CATALOG_FILES.demo) as any;
    for (const product of catalog.Products) {
      if (product.Id !== 1001) continue;
      product.Title = '商务名片（新版）';
      for (const sku of product.FixedPrices) for (const price of sku.Prices) price.PriceFen *= 2;
    }
    const imported = await importCatalog(
      server.context.db,
      { id: await merchantIdOf(server, 'demo'), code: 'demo' },
      JSON.stringify(catalog),
      server.clock.now(),
      server.services.catalogs,
    );
    expect(imported.ok).toBe(true);
    const detail = await demo.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    expect(detail.data.Lines[0]).toMatchObject({
      ProductTitle: '商务名片',
      AmountFen: order.Lines[0]!.AmountFen,
      CatalogVersion: 1,
      Selection: order.Lines[0]!.Selection,
    });
    expect(detail.data.TotalFen).toBe(order.TotalFen);

    const again = await demo.post<ReorderResult>('/api/order/Reorder', { OrderId: order.Id });
    expect(again.success, again.message).toBe(true);
    expect(again.data.Added).toHaveLength(1);
    expect(again.data.Added[0]).toMatchObject({
      ProductTitle: '商务名片（新版）',
      AmountFen: order.Lines[0]!.AmountFen * 2,
      CatalogVersion: imported.ok ? imported.version : 0,
      SourceOrderNo: order.OrderNo,
      Selection: order.Lines[0]!.Selection,
    });
    expect(await cartIds(demo)).toContain(again.data.Added[0]!.Id);
  });
});

describe('到店自提', () => {
  it('is ordered without a delivery address, and writes the shop on the order', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700005001', '198.21.0.1');
    const companies = (await shopper.post('/api/v2/s2b.expressinfo.all.post', {})).data as {
      Id: number;
      IsSelfPickup: boolean;
    }[];
    const pickup = companies.find((company) => company.IsSelfPickup)!;
    const courier = companies.find((company) => !company.IsSelfPickup)!;
    const line = await shopper.addToCart(1001);
    const body = { CartIds: [line.Id], ExpressCompanyId: pickup.Id, Remarks: '', Files: [] };

    const preview = await shopper.post('/api/order/PreviewOrder', body);
    expect(preview.success, preview.message).toBe(true);
    expect(preview.data.ExpressFen).toBe(0);

    const byCourier = await shopper.post('/api/order/addorder', { ...body, ExpressCompanyId: courier.Id });
    expect(byCourier).toMatchObject({ success: false, message: '请选择收货地址（到店自提可不选地址）' });

    const placed = await shopper.post<OrderDetail>('/api/order/addorder', body);
    expect(placed.success, placed.message).toBe(true);
    expect(placed.data.Address).toMatchObject({ PhoneNumber: '13700005001' });
    expect(placed.data.Address.Address).toMatch(/^到店自提/);
    expect(placed.data.IsSelfPickup).toBe(true);
    const { OrderIds: _ids, ...reply } = placed.data as OrderDetail & { OrderIds: number[] };
    const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: placed.data.Id });
    expect(reply).toEqual(detail.data);
  });
});

describe('what a customer sees of the price', () => {
  it('shows what each line is for, never the merchant’s working (吨价, 放数, rates)', async () => {
    const order = await demo.placeOrder(2001);
    const detail = await demo.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    const lines = detail.data.Lines[0]!.PriceLines;
    expect(lines.map((line) => line.Kind)).toEqual(expect.arrayContaining(['paper', 'printing']));
    for (const line of lines) expect(line.Detail).not.toMatch(/吨价|放数|正数|\/张|×/);
    expect(lines.find((line) => line.Kind === 'paper')!.Detail).toMatch(/g/);
    expect(Object.keys(lines[0]!)).not.toContain('CostDetail');
    // The working is kept with the order for the merchant.
    const row = await server.context.db
      .selectFrom('order_lines')
      .select('quote_json')
      .where('order_id', '=', order.Id)
      .executeTakeFirstOrThrow();
    expect(row.quote_json).toContain('吨价');
  });
});

describe('QueryOrders, OrderDetail, GetOrderStatus', () => {
  it('pages the customer’s orders by status tab, keyword and day, with counts for the tabs', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700000301', '198.51.100.31');
    const card = await shopper.placeOrder(1001);
    // Placed a day earlier.
    await server.context.db
      .updateTable('orders')
      .set((eb) => ({ created_at: eb('created_at', '-', DAY_MS) }))
      .where('id', '=', card.Id)
      .execute();
    const flyer = await shopper.placeOrder(2001);
    const cancelled = await shopper.placeOrder(1001);
    expect((await shopper.post('/api/order/CustomerCancelOrder', { OrderId: cancelled.Id })).success).toBe(
      true,
    );

    const all = await shopper.post<OrderPage>('/api/order/QueryOrders', {});
    expect(all.data.List.map((order) => order.Id)).toEqual([cancelled.Id, flyer.Id, card.Id]);
    expect(all.data).toMatchObject({ PageIndex: 1, Limit: 10, PageCount: 1, TotalCount: 3 });
    expect(all.data.Attach.SumAmount).toBe(card.TotalFen + flyer.TotalFen + cancelled.TotalFen);
    expect(all.data.Attach.StatusCounts).toEqual({
      Unpaid: 2,
      Reviewing: 0,
      Producing: 0,
      Shipped: 0,
      Completed: 0,
      Cancelled: 1,
    });
    const unpaid = await shopper.post<OrderPage>('/api/order/QueryOrders', {
      Status: 1,
      limit: 1,
      pageindex: 2,
    });
    expect(unpaid.data).toMatchObject({ TotalCount: 2, PageCount: 2 });
    expect(unpaid.data.List.map((order) => order.Id)).toEqual([card.Id]);
    const byTitle = await shopper.post<OrderPage>('/api/order/QueryOrders', { Keyword: '宣传' });
    expect(byTitle.data.List.map((order) => order.Id)).toEqual([flyer.Id]);
    const byNo = await shopper.post<OrderPage>('/api/order/QueryOrders', { Keyword: card.OrderNo.slice(-8) });
    expect(byNo.data.List.map((order) => order.Id)).toEqual([card.Id]);
    const wildcard = await shopper.post<OrderPage>('/api/order/QueryOrders', { Keyword: '%' });
    expect(wildcard.data.TotalCount).toBe(0);
    const firstDay = new Date(server.clock.now() - DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10); // China time
    const byDay = await shopper.post<OrderPage>('/api/order/QueryOrders', {
      StartDate: firstDay,
      EndDate: firstDay,
    });
    expect(byDay.data.List.map((order) => order.Id)).toEqual([card.Id]);
    const badDay = await shopper.post('/api/order/QueryOrders', { StartDate: '2026-13-01' });
    expect(badDay.apiCode).toBe(ApiCode.ValidationFailed);
  });

  it('shows an order by id or number to its customer only', async () => {
    const order = await demo.placeOrder(1001);
    const byNo = await demo.post<OrderDetail>('/api/order/OrderDetail', { OrderNo: order.OrderNo });
    expect(byNo.data.Id).toBe(order.Id);
    const status = await demo.post('/api/order/GetOrderStatus', { OrderId: order.Id });
    expect(status.data).toMatchObject({ OrderId: order.Id, Status: 1, StatusName: '待付款', TrackingNo: '' });
    for (const [url, body] of [
      ['/api/order/OrderDetail', { OrderId: order.Id }],
      ['/api/order/OrderDetail', { OrderNo: order.OrderNo }],
      ['/api/order/GetOrderStatus', { OrderId: order.Id }],
      ['/api/order/CustomerCancelOrder', { OrderId: order.Id }],
      ['/api/order/AppendOrderInfo', { OrderId: order.Id, Remarks: '改' }],
      ['/api/order/Reorder', { OrderId: order.Id }],
    ] as const) {
      expect((await maple.post(url, body)).apiCode, url).toBe(ApiCode.OrderNotFound);
    }
    expect((await demo.post('/api/order/GetOrderStatus', { OrderId: order.Id })).data.Status).toBe(1);
  });
});

describe('CustomerCancelOrder', () => {
  it('cancels an unpaid order, gives the coupon back and closes its payments', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700000401', '198.51.100.41');
    const couponId = await receiveCoupon(shopper, 'WELCOME-10');
    const order = await shopper.placeOrder(1001, { CouponId: couponId });
    const payment = await shopper.createPayment([order.Id]);
    const cancelled = await shopper.post<OrderDetail>('/api/order/CustomerCancelOrder', {
      OrderId: order.Id,
      Reason: '不要了',
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.data).toMatchObject({ Status: 9, StatusName: '已取消', CancelReason: '不要了' });
    expect(cancelled.data.Events.at(-1)).toMatchObject({
      Action: 'cancel',
      FromStatus: 1,
      ToStatus: 9,
      ActorType: 'customer',
    });
    const qr = await shopper.post('/api/payment/getqrcode', {
      PaymentNo: payment.PaymentNo,
      PayType: 'wechat',
    });
    expect(qr.apiCode).toBe(ApiCode.PaymentClosed);
    const again = await shopper.placeOrder(1001, { CouponId: couponId });
    expect(again.DiscountFen).toBe(1000);
    const twice = await shopper.post('/api/order/CustomerCancelOrder', { OrderId: order.Id });
    expect(twice.apiCode).toBe(ApiCode.OrderStatusConflict);
  });

  it('refuses to cancel a paid order', async () => {
    const order = await demo.placeOrder(1001);
    await demo.recharge(order.TotalFen);
    expect((await demo.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] })).success).toBe(true);
    const refused = await demo.post('/api/order/CustomerCancelOrder', { OrderId: order.Id });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.OrderStatusConflict });
    expect(refused.message).toContain('待审稿');
    expect((await demo.post('/api/order/GetOrderStatus', { OrderId: order.Id })).data.Status).toBe(2);
  });
});

describe('AppendOrderInfo', () => {
  it('adds artwork and remarks before production; a rejected review goes back to the reviewer', async () => {
    const order = await demo.placeOrder(1001);
    const lineId = order.Lines[0]!.Id;
    const first = await demo.uploadArtwork('名片v1.pdf', await makePdf(94, 58));
    const appended = await demo.post<OrderDetail>('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Files: [{ LineId: lineId, FileIds: [first] }],
      Remarks: '烫金部分见附件',
    });
    expect(appended.success, appended.message).toBe(true);
    expect(appended.data.Lines[0]!.Files.map((file) => [file.FileId, file.PreflightLevel])).toEqual([
      [first, 'ok'],
    ]);
    expect(appended.data.Remarks).toBe('烫金部分见附件');
    await demo.recharge(order.TotalFen);
    expect((await demo.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] })).success).toBe(true);

    const staff = await StaffClient.signIn(server, 'demo.localhost');
    const rejected = await staff.post('/api/staff/RejectArtwork', { OrderId: order.Id, Reason: '缺少出血' });
    expect(rejected.data).toMatchObject({ Status: 2, ReviewState: 'rejected', RejectReason: '缺少出血' });
    const approveRejected = await staff.post('/api/staff/ApproveArtwork', { OrderId: order.Id });
    expect(approveRejected.apiCode).toBe(ApiCode.OrderStatusConflict);

    const second = await demo.uploadArtwork('名片v2.pdf', await makePdf(94, 58));
    const resubmitted = await demo.post<OrderDetail>('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Files: [{ LineId: lineId, FileIds: [second] }],
      Remarks: '已加出血',
    });
    expect(resubmitted.data).toMatchObject({ Status: 2, ReviewState: 'pending', RejectReason: '' });
    expect(resubmitted.data.Remarks).toBe('烫金部分见附件\n已加出血');
    expect(resubmitted.data.Events.map((event) => event.Action)).toEqual([
      'place',
      'append_files',
      'append_remarks',
      'pay',
      'reject',
      'append_files',
      'resubmit',
      'append_remarks',
    ]);

    expect((await staff.post('/api/staff/ApproveArtwork', { OrderId: order.Id })).success).toBe(true);
    const late = await demo.post('/api/order/AppendOrderInfo', {
      OrderId: order.Id,
      Files: [{ LineId: lineId, FileIds: [second] }],
    });
    expect(late.apiCode).toBe(ApiCode.OrderStatusConflict);
    const note = await demo.post('/api/order/AppendOrderInfo', { OrderId: order.Id, Remarks: '请用顺丰' });
    expect(note.success, note.message).toBe(true);
    const wrongLine = await demo.post('/api/order/AppendOrderInfo', { OrderId: order.Id, Remarks: '' });
    expect(wrongLine.apiCode).toBe(ApiCode.ValidationFailed);
  });
});
