import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrderDetail } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { runOrderMaintenance } from '../../maintenance.ts';
import { Shopper, StaffClient, auditMoney, demoCustomers, makePdf } from './orders.test-support.ts';

let server: TestServer;
let staff: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  staff = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

const MINUTE = 60_000;

/** A new customer of the demo merchant with `balanceFen` on their balance. */
const customer = demoCustomers(() => server, 13700001000, '198.18');

/** An order with artwork, paid from the balance: 待审稿. */
async function paidOrder(shopper: Shopper): Promise<OrderDetail> {
  const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await shopper.addToCart(1001);
  const placed = await shopper.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
  expect(placed.success, placed.message).toBe(true);
  const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] });
  expect(paid.success, paid.message).toBe(true);
  return placed.data;
}

async function status(orderId: number): Promise<{ status: number; events: number }> {
  const db = server.context.db;
  const order = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { status: order.status, events: Number(events.count) };
}

describe('the order lifecycle', () => {
  it('walks 待付款 → 待审稿 → 生产中 → 已发货 → 已完成, recording each step with time and actor', async () => {
    const shopper = await customer(100_000);
    const start = server.clock.now();
    const order = await paidOrder(shopper);
    server.clock.advance(MINUTE);
    expect(
      (await staff.post('/api/staff/ApproveArtwork', { OrderId: order.Id, Note: '文件合格' })).data.Status,
    ).toBe(3);
    server.clock.advance(MINUTE);
    const started = await staff.post('/api/staff/StartProduction', { OrderId: order.Id });
    expect(started.data).toMatchObject({
      Status: 3,
      ProductionStartedAt: new Date(start + 2 * MINUTE).toISOString(),
    });
    server.clock.advance(MINUTE);
    const shipped = await staff.post('/api/staff/ShipOrder', {
      OrderId: order.Id,
      TrackingNo: 'SF1234567890',
    });
    expect(shipped.data).toMatchObject({
      Status: 4,
      StatusName: '已发货',
      TrackingNo: 'SF1234567890',
      ExpressCompanyName: '顺丰速运',
    });
    server.clock.advance(MINUTE);
    const done = await staff.post<OrderDetail>('/api/staff/CompleteOrder', { OrderId: order.Id });
    expect(done.data).toMatchObject({
      Status: 5,
      StatusName: '已完成',
      CompletedAt: new Date(start + 4 * MINUTE).toISOString(),
    });
    const seen = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    expect(
      seen.data.Events.map((event) => [
        event.Action,
        event.FromStatus,
        event.ToStatus,
        event.ActorType,
        event.ActorName,
        event.CreatedAt,
      ]),
    ).toEqual([
      ['place', 0, 1, 'customer', `用户${shopper.account.slice(-4)}`, new Date(start).toISOString()],
      ['pay', 1, 2, 'customer', `用户${shopper.account.slice(-4)}`, new Date(start).toISOString()],
      ['approve', 2, 3, 'staff', '墨砚店长', new Date(start + MINUTE).toISOString()],
      ['start_production', 3, 3, 'staff', '墨砚店长', new Date(start + 2 * MINUTE).toISOString()],
      ['ship', 3, 4, 'staff', '墨砚店长', new Date(start + 3 * MINUTE).toISOString()],
      ['complete', 4, 5, 'staff', '墨砚店长', new Date(start + 4 * MINUTE).toISOString()],
    ]);
    expect(seen.data.Events[2]!.Note).toBe('文件合格');
    const tracked = await shopper.post('/api/order/GetOrderStatus', { OrderId: order.Id });
    expect(tracked.data).toMatchObject({
      Status: 5,
      TrackingNo: 'SF1234567890',
      ExpressCompanyName: '顺丰速运',
    });
  });

  it('skips no status: every out-of-turn step is refused and changes nothing', async () => {
    const shopper = await customer(100_000);
    const unpaid = await shopper.placeOrder(1001);
    const attempts: [string, Record<string, unknown>][] = [
      ['/api/staff/ApproveArtwork', {}],
      ['/api/staff/RejectArtwork', { Reason: '模糊' }],
      ['/api/staff/StartProduction', {}],
      ['/api/staff/ShipOrder', { TrackingNo: 'YT0001' }],
      ['/api/staff/CompleteOrder', {}],
    ];
    const refusedAt = async (orderId: number, urls: string[]) => {
      const before = await status(orderId);
      for (const [url, body] of attempts.filter(([candidate]) => urls.includes(candidate))) {
        const reply = await staff.post(url, { OrderId: orderId, ...body });
        expect(reply.apiCode, url).toBe(ApiCode.OrderStatusConflict);
        expect(reply.message).toMatch(/订单当前为「.+」/);
      }
      expect(await status(orderId)).toEqual(before);
    };
    await refusedAt(
      unpaid.Id,
      attempts.map(([url]) => url),
    );

    const reviewing = await paidOrder(shopper);
    await refusedAt(reviewing.Id, [
      '/api/staff/StartProduction',
      '/api/staff/ShipOrder',
      '/api/staff/CompleteOrder',
    ]);
    expect((await shopper.post('/api/order/CustomerCancelOrder', { OrderId: reviewing.Id })).apiCode).toBe(
      ApiCode.OrderStatusConflict,
    );

    expect((await staff.post('/api/staff/ApproveArtwork', { OrderId: reviewing.Id })).success).toBe(true);
    await refusedAt(reviewing.Id, [
      '/api/staff/ApproveArtwork',
      '/api/staff/RejectArtwork',
      '/api/staff/CompleteOrder',
    ]);

    expect(
      (await staff.post('/api/staff/ShipOrder', { OrderId: reviewing.Id, TrackingNo: 'SF1' })).success,
    ).toBe(true);
    await refusedAt(reviewing.Id, [
      '/api/staff/ApproveArtwork',
      '/api/staff/StartProduction',
      '/api/staff/ShipOrder',
    ]);
    const lateCancel = await staff.post('/api/staff/CancelOrder', {
      OrderId: reviewing.Id,
      Reason: '客户要求',
    });
    expect(lateCancel.apiCode).toBe(ApiCode.OrderStatusConflict);

    expect((await staff.post('/api/staff/CompleteOrder', { OrderId: reviewing.Id })).success).toBe(true);
    await refusedAt(
      reviewing.Id,
      attempts.map(([url]) => url),
    );
  });

  it('refuses to approve a line without artwork', async () => {
    const shopper = await customer(100_000);
    const order = await shopper.placeOrder(1001);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] })).success).toBe(
      true,
    );
    const refused = await staff.post('/api/staff/ApproveArtwork', { OrderId: order.Id });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.OrderFilesRequired });
    expect((await status(order.Id)).status).toBe(2);
  });
});

describe('concurrent transitions', () => {
  it('lets exactly one of many identical parallel steps through', async () => {
    const shopper = await customer(100_000);
    const order = await paidOrder(shopper);
    const race = async (url: string, body: (index: number) => Record<string, unknown>) => {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, index) => staff.post(url, { OrderId: order.Id, ...body(index) })),
      );
      expect(
        replies.filter((reply) => reply.success),
        url,
      ).toHaveLength(1);
      for (const reply of replies.filter((item) => !item.success))
        expect(reply.apiCode).toBe(ApiCode.OrderStatusConflict);
    };
    await race('/api/staff/ApproveArtwork', () => ({}));
    await race('/api/staff/StartProduction', () => ({}));
    await race('/api/staff/ShipOrder', (index) => ({ TrackingNo: `SF${index}` }));
    await race('/api/staff/CompleteOrder', () => ({}));
    const events = await server.context.db
      .selectFrom('order_events')
      .select('action')
      .where('order_id', '=', order.Id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      'place',
      'pay',
      'approve',
      'start_production',
      'ship',
      'complete',
    ]);
  });

  it('cancels once and refunds once when the merchant cancels a paid order from several tabs', async () => {
    const shopper = await customer(100_000);
    const order = await paidOrder(shopper);
    const balance = await shopper.balance();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        staff.post('/api/staff/CancelOrder', { OrderId: order.Id, Reason: '缺货' }),
      ),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    expect(await shopper.balance()).toBe(balance + order.TotalFen);
    const detail = replies.find((reply) => reply.success)!.data as OrderDetail;
    expect(detail).toMatchObject({ Status: 9, RefundFen: order.TotalFen, CancelReason: '缺货' });
    const bill = await shopper.post('/api/order/QueryCustomerBill', { Type: 'refund' });
    expect(bill.data.List).toHaveLength(1);
    expect(bill.data.List[0]).toMatchObject({ AmountFen: order.TotalFen, OrderId: order.Id, Type: 'refund' });
    await auditMoney(server);
  });

  it('lets either the customer’s cancel or the payment win, never both', async () => {
    const shopper = await customer(200_000);
    const orders = await Promise.all(Array.from({ length: 6 }, () => shopper.placeOrder(1001)));
    const before = await shopper.balance();
    await Promise.all(
      orders.flatMap((order) => [
        shopper.post('/api/order/CustomerCancelOrder', { OrderId: order.Id }),
        shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] }),
      ]),
    );
    let spent = 0;
    for (const order of orders) {
      const { status: now } = await status(order.Id);
      expect([2, 9]).toContain(now);
      if (now === 2) spent += order.TotalFen;
    }
    expect(await shopper.balance()).toBe(before - spent);
    await auditMoney(server);
  });
});

describe('unpaid orders', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ ORDER_UNPAID_CANCEL_MINUTES: 30 });
  });
  afterAll(async () => local.close());

  it('are cancelled by the system after ORDER_UNPAID_CANCEL_MINUTES unless paid; a QR code never outlives it', async () => {
    const shopper = await Shopper.demo(local);
    const coupon = await local.context.db
      .selectFrom('coupons')
      .select('id')
      .where('code', '=', 'WELCOME-10')
      .executeTakeFirstOrThrow();
    const received = await shopper.post('/api/coupon/receive', { id: coupon.id });
    const forgotten = await shopper.placeOrder(1001, { CouponId: received.data.Id });
    expect(forgotten.UnpaidExpiresAt).toBe(new Date(local.clock.now() + 30 * MINUTE).toISOString());
    const paid = await shopper.placeOrder(1001);
    const scanning = await shopper.placeOrder(1001);
    await shopper.recharge(paid.TotalFen);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [paid.Id] })).success).toBe(true);

    local.clock.advance(29 * MINUTE);
    expect(await runOrderMaintenance(local.context, local.services)).toMatchObject({ cancelled: 0 });
    const payment = await shopper.createPayment([scanning.Id]);
    // The payment and its code end with the order's own deadline: one deadline everywhere.
    expect(payment.ExpiresAt).toBe(scanning.UnpaidExpiresAt);
    expect((await shopper.qrCode(payment.PaymentNo)).ExpiresAt).toBe(scanning.UnpaidExpiresAt);

    local.clock.advance(2 * MINUTE);
    expect(await runOrderMaintenance(local.context, local.services)).toMatchObject({ cancelled: 2 });
    const cancelled = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: forgotten.Id });
    expect(cancelled.data).toMatchObject({ Status: 9, CancelReason: '超时未付款，系统自动取消' });
    expect(cancelled.data.Events.at(-1)).toMatchObject({
      Action: 'auto_cancel',
      ActorType: 'system',
      ActorName: '系统',
    });
    const coupons = await shopper.post('/api/coupon/receive_list', { isUse: false });
    expect(coupons.data.List.map((item: { Id: number }) => item.Id)).toContain(received.data.Id);
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: paid.Id })).data.Status).toBe(2);
    expect((await shopper.post('/api/order/GetOrderStatus', { OrderId: scanning.Id })).data.Status).toBe(9);
    const closed = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo });
    expect(closed.data).toMatchObject({ Status: 'closed', IsPaid: false });
    expect(await runOrderMaintenance(local.context, local.services)).toMatchObject({ cancelled: 0 });
  });
});
