import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type BatchOrderActionResult,
  type BatchShipForm,
  type OrderDetail,
  type StaffOrderDetail,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, makePdf } from '../orders/orders.test-support.ts';

/** 批量发货 (docs/console.md, "Batch shipping"): BatchShipForm and BatchShipOrders. */
let server: TestServer;
let admin: StaffClient;
let shipper: StaffClient;
let demo: Shopper;
let maple: Shopper;
let pickupId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  shipper = await StaffClient.signIn(server, 'demo.localhost', 'shipper', 'DemoStaff2026');
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
  const companies = await demo.post('/api/v2/s2b.expressinfo.all.post', {});
  pickupId = (companies.data as { Id: number; IsSelfPickup: boolean }[]).find(
    (company) => company.IsSelfPickup,
  )!.Id;
});
afterAll(async () => server.close());

/** A paid order of the shopper's, approved: 生产中, ready to ship. */
async function readyToShip(
  shopper: Shopper = demo,
  extra: Record<string, unknown> = {},
): Promise<OrderDetail> {
  const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await shopper.addToCart(shopper.client.companyCode === 'maple' ? 9101 : 1001);
  const placed = await shopper.checkout([line.Id], {
    Files: [{ CartId: line.Id, FileIds: [fileId] }],
    ...extra,
  });
  expect(placed.success, placed.message).toBe(true);
  await shopper.recharge(placed.data.TotalFen);
  const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] });
  expect(paid.success, paid.message).toBe(true);
  const staff = shopper === demo ? admin : await StaffClient.signIn(server, 'maple.localhost');
  const approved = await staff.post('/api/staff/ApproveArtwork', { OrderId: placed.data.Id });
  expect(approved.success, approved.message).toBe(true);
  return placed.data;
}

async function shipBatch(staff: StaffClient, items: unknown[]) {
  return staff.post<BatchOrderActionResult>('/api/staff/BatchShipOrders', { Items: items });
}

async function customerView(shopper: Shopper, orderId: number): Promise<OrderDetail> {
  const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: orderId });
  expect(detail.success, detail.message).toBe(true);
  return detail.data;
}

async function shippedSms(orderNo: string): Promise<string[]> {
  await server.services.sms.sender.idle();
  const rows = await server.context.db
    .selectFrom('sms_outbox')
    .select('content')
    .where('content', 'like', `%${orderNo}%`)
    .execute();
  return rows.map((row) => row.content);
}

describe('BatchShipForm', () => {
  it('lists each ticked order of the merchant with its consignee, address, carrier and whether it can ship', async () => {
    const courier = await readyToShip();
    const pickup = await readyToShip(demo, { AddressId: null, ExpressCompanyId: pickupId });
    const unpaid = await demo.placeOrder();
    const theirs = await maple.placeOrder();
    const reply = await shipper.post<BatchShipForm>('/api/staff/BatchShipForm', {
      OrderIds: [courier.Id, pickup.Id, unpaid.Id, theirs.Id, courier.Id],
    });
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data.Orders.map((order) => order.Id)).toEqual([courier.Id, pickup.Id, unpaid.Id]);
    expect(reply.data.Orders[0]).toMatchObject({
      OrderNo: courier.OrderNo,
      Customer: { MobileNo: demo.account },
      Contacts: '张经理',
      AddressSummary: '广东省深圳市南山区 科技园南区深南大道 9988 号',
      ExpressCompanyName: courier.ExpressCompanyName,
      IsSelfPickup: false,
      CanShip: true,
      Reason: '',
    });
    expect(reply.data.Orders[1]).toMatchObject({ IsSelfPickup: true, CanShip: true });
    expect(reply.data.Orders[1]!.AddressSummary).toContain('到店自提');
    expect(reply.data.Orders[2]).toMatchObject({
      CanShip: false,
      Reason: expect.stringContaining('订单当前为「待付款」'),
    });
    expect(reply.data.Carriers).toContain(courier.ExpressCompanyName);
    expect(reply.data.Carriers.some((name) => name.includes('自提'))).toBe(false);
  });
});

describe('ShipOrder (the single 发货) follows the same rule', () => {
  it('ships a 到店自提 order without a tracking number: the customer sees it 已发货, ready for pickup', async () => {
    const pickup = await readyToShip(demo, { AddressId: null, ExpressCompanyId: pickupId });
    const reply = await shipper.post<StaffOrderDetail>('/api/staff/ShipOrder', { OrderId: pickup.Id });
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data).toMatchObject({ Status: 4, TrackingNo: '', IsSelfPickup: true });
    expect(await customerView(demo, pickup.Id)).toMatchObject({
      Status: 4,
      StatusName: '已发货',
      ExpressCompanyName: pickup.ExpressCompanyName,
      TrackingNo: '',
      IsSelfPickup: true,
    });
    expect(await shippedSms(pickup.OrderNo)).toEqual([expect.stringContaining('运单号无')]);
  });

  it('refuses a courier order without a tracking number, with the same message as before, and ships it with one', async () => {
    const courier = await readyToShip();
    for (const body of [{ OrderId: courier.Id }, { OrderId: courier.Id, TrackingNo: '  ' }]) {
      const refused = await shipper.post('/api/staff/ShipOrder', body);
      expect(refused.success).toBe(false);
      expect(refused.apiCode).toBe(ApiCode.ValidationFailed);
      expect(refused.message).toBe('请填写快递单号');
    }
    expect(await customerView(demo, courier.Id)).toMatchObject({ Status: 3, IsSelfPickup: false });
    expect(await shippedSms(courier.OrderNo)).toEqual([]);
    const shipped = await shipper.post('/api/staff/ShipOrder', {
      OrderId: courier.Id,
      TrackingNo: 'SF3000000003',
    });
    expect(shipped.success, shipped.message).toBe(true);
    expect(await customerView(demo, courier.Id)).toMatchObject({ Status: 4, TrackingNo: 'SF3000000003' });
  });

  it('ships a 到店自提 order once when two members press 发货 at the same moment', async () => {
    const pickup = await readyToShip(demo, { AddressId: null, ExpressCompanyId: pickupId });
    const replies = await Promise.all([
      shipper.post('/api/staff/ShipOrder', { OrderId: pickup.Id }),
      admin.post('/api/staff/ShipOrder', { OrderId: pickup.Id }),
    ]);
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    expect(replies.find((reply) => !reply.success)!.message).toContain('订单当前为「已发货」');
    expect(await shippedSms(pickup.OrderNo)).toHaveLength(1);
  });
});

describe('BatchShipOrders', () => {
  it('ships each order with its own tracking number, which its customer sees, and texts each once', async () => {
    const first = await readyToShip();
    const second = await readyToShip();
    const reply = await shipBatch(shipper, [
      { OrderId: first.Id, TrackingNo: 'SF1000000001', ExpressCompanyName: '顺丰速运' },
      { OrderId: second.Id, TrackingNo: ' yt2000000002 ' },
    ]);
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data).toMatchObject({ DoneCount: 2, RefusedCount: 0 });
    expect(await customerView(demo, first.Id)).toMatchObject({
      Status: 4,
      StatusName: '已发货',
      ExpressCompanyName: '顺丰速运',
      TrackingNo: 'SF1000000001',
    });
    expect(await customerView(demo, second.Id)).toMatchObject({
      Status: 4,
      ExpressCompanyName: second.ExpressCompanyName,
      TrackingNo: 'yt2000000002',
    });
    expect(await shippedSms(first.OrderNo)).toEqual([
      expect.stringContaining(`您的订单${first.OrderNo}已发货，顺丰速运，运单号SF1000000001`),
    ]);
    expect(await shippedSms(second.OrderNo)).toHaveLength(1);
    const logged = await server.context.db
      .selectFrom('staff_audit_log')
      .select(['target_id', 'action_label', 'staff_account', 'after'])
      .where('call_name', '=', 'BatchShipOrders')
      .where('target_id', 'in', [String(first.Id), String(second.Id)])
      .execute();
    expect(logged).toHaveLength(2);
    expect(logged.every((row) => row.action_label === '批量发货' && row.staff_account === 'shipper')).toBe(
      true,
    );
    expect(logged.map((row) => JSON.parse(row.after!).TrackingNo).sort()).toEqual([
      'SF1000000001',
      'yt2000000002',
    ]);
  });

  it('ships a 到店自提 order without a tracking number and refuses a courier order without one', async () => {
    const pickup = await readyToShip(demo, { AddressId: null, ExpressCompanyId: pickupId });
    const courier = await readyToShip();
    const reply = await shipBatch(shipper, [{ OrderId: pickup.Id, TrackingNo: '' }, { OrderId: courier.Id }]);
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data.Results).toEqual([
      { OrderId: pickup.Id, OrderNo: pickup.OrderNo, Done: true, Message: '' },
      {
        OrderId: courier.Id,
        OrderNo: courier.OrderNo,
        Done: false,
        Message: `请填写快递单号（「${courier.ExpressCompanyName}」不是到店自提）`,
      },
    ]);
    expect(await customerView(demo, pickup.Id)).toMatchObject({
      Status: 4,
      ExpressCompanyName: pickup.ExpressCompanyName,
      TrackingNo: '',
    });
    expect((await customerView(demo, courier.Id)).Status).toBe(3);
    expect(await shippedSms(pickup.OrderNo)).toEqual([expect.stringContaining('运单号无')]);
  });

  it('reports an order shipped or cancelled meanwhile, and another merchant’s, and ships the rest', async () => {
    const shipped = await readyToShip();
    const cancelled = await readyToShip();
    const fine = await readyToShip();
    const theirs = await readyToShip(maple);
    expect((await shipBatch(admin, [{ OrderId: shipped.Id, TrackingNo: 'ZT01' }])).data.DoneCount).toBe(1);
    const cancel = await admin.post('/api/staff/CancelOrder', {
      OrderId: cancelled.Id,
      Reason: '客户不要了',
    });
    expect(cancel.success, cancel.message).toBe(true);
    const reply = await shipBatch(shipper, [
      { OrderId: shipped.Id, TrackingNo: 'ZT02' },
      { OrderId: cancelled.Id, TrackingNo: 'ZT03' },
      { OrderId: theirs.Id, TrackingNo: 'ZT04' },
      { OrderId: fine.Id, TrackingNo: 'ZT05' },
    ]);
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data).toMatchObject({ DoneCount: 1, RefusedCount: 3 });
    expect(reply.data.Results.map((result) => [result.OrderNo, result.Done, result.Message])).toEqual([
      [shipped.OrderNo, false, expect.stringContaining('订单当前为「已发货」')],
      [cancelled.OrderNo, false, expect.stringContaining('订单当前为「已取消」')],
      ['', false, expect.any(String)],
      [fine.OrderNo, true, ''],
    ]);
    // The shipped order keeps its first number; the other merchant's order is untouched.
    expect((await customerView(demo, shipped.Id)).TrackingNo).toBe('ZT01');
    expect(await customerView(maple, theirs.Id)).toMatchObject({ Status: 3, TrackingNo: '' });
    expect(await shippedSms(shipped.OrderNo)).toHaveLength(1);
  });

  it('refuses the whole batch for a malformed, repeated number or a repeated order, naming the row', async () => {
    const one = await readyToShip();
    const two = await readyToShip();
    const cases: [unknown[], string][] = [
      [
        [
          { OrderId: one.Id, TrackingNo: 'SF9' },
          { OrderId: two.Id, TrackingNo: 'SF 9/1' },
        ],
        '第 2 个订单：快递单号只能包含字母、数字和连字符',
      ],
      [
        [
          { OrderId: one.Id, TrackingNo: 'SF77' },
          { OrderId: two.Id, TrackingNo: 'sf77' },
        ],
        '第 2 个订单的快递单号 sf77 与第 1 个重复',
      ],
      [
        [
          { OrderId: one.Id, TrackingNo: 'SF1' },
          { OrderId: one.Id, TrackingNo: 'SF2' },
        ],
        '第 2 个订单的订单编号与第 1 个相同',
      ],
      [[{ OrderId: one.Id, TrackingNo: 'X'.repeat(41) }], '第 1 个订单：快递单号最多 40 个字符'],
      [[], '请选择订单'],
      [
        Array.from({ length: 51 }, (_, i) => ({ OrderId: i + 1, TrackingNo: `T${i}` })),
        '一次最多处理 50 个订单',
      ],
    ];
    for (const [items, message] of cases) {
      const reply = await shipBatch(shipper, items);
      expect(reply, message).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
      expect(reply.message).toContain(message);
    }
    expect((await customerView(demo, one.Id)).Status).toBe(3);
    expect((await customerView(demo, two.Id)).Status).toBe(3);
  });

  it('is refused to the roles without 发货 and to a visitor', async () => {
    const order = await readyToShip();
    const producer = await StaffClient.signIn(server, 'demo.localhost', 'producer', 'DemoStaff2026');
    const service = await StaffClient.signIn(server, 'demo.localhost', 'service', 'DemoStaff2026');
    for (const staff of [producer, service]) {
      expect((await shipBatch(staff, [{ OrderId: order.Id, TrackingNo: 'SF1' }])).apiCode).toBe(
        ApiCode.StaffForbidden,
      );
      expect((await staff.post('/api/staff/BatchShipForm', { OrderIds: [order.Id] })).apiCode).toBe(
        ApiCode.StaffForbidden,
      );
    }
    const visitor = new StaffClient(server, 'demo.localhost');
    expect((await shipBatch(visitor, [{ OrderId: order.Id, TrackingNo: 'SF1' }])).apiCode).toBe(
      ApiCode.StaffLoginRequired,
    );
    // Another merchant's staff neither see nor ship it.
    const mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
    const form = await mapleAdmin.post<BatchShipForm>('/api/staff/BatchShipForm', { OrderIds: [order.Id] });
    expect(form.data.Orders).toEqual([]);
    expect((await shipBatch(mapleAdmin, [{ OrderId: order.Id, TrackingNo: 'SF1' }])).data.DoneCount).toBe(0);
    expect((await customerView(demo, order.Id)).Status).toBe(3);
  });

  it('ships each order exactly once when two members batch-ship the same orders at once', async () => {
    const orders = [await readyToShip(), await readyToShip(), await readyToShip()];
    const other = await admin.hire('batch_ship_two', ['shipping']);
    const items = (prefix: string) =>
      orders.map((order, index) => ({ OrderId: order.Id, TrackingNo: `${prefix}${index}` }));
    const [first, second] = await Promise.all([
      shipBatch(shipper, items('SFA')),
      shipBatch(other, [...items('JDB')].reverse()),
    ]);
    expect(first.success && second.success, `${first.message} ${second.message}`).toBe(true);
    expect(first.data.DoneCount + second.data.DoneCount).toBe(3);
    for (const order of orders) {
      const done = [...first.data.Results, ...second.data.Results].filter(
        (result) => result.OrderId === order.Id && result.Done,
      );
      expect(done, `order ${order.OrderNo}`).toHaveLength(1);
      const events = await server.context.db
        .selectFrom('order_events')
        .select('note')
        .where('order_id', '=', order.Id)
        .where('action', '=', 'ship')
        .execute();
      expect(events).toHaveLength(1);
      const logged = await server.context.db
        .selectFrom('staff_audit_log')
        .select('after')
        .where('call_name', '=', 'BatchShipOrders')
        .where('target_id', '=', String(order.Id))
        .execute();
      expect(logged).toHaveLength(1);
      // What the customer sees is the number of the batch that shipped it.
      const seen = (await customerView(demo, order.Id)).TrackingNo;
      expect(JSON.parse(logged[0]!.after!).TrackingNo).toBe(seen);
      expect(events[0]!.note).toContain(seen);
      expect(await shippedSms(order.OrderNo)).toEqual([expect.stringContaining(`运单号${seen}`)]);
    }
  });
});
