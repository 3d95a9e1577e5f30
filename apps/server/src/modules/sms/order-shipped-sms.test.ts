import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@inkstone/contracts';
import { FakeAliyunSms } from '../../test/fake-sms-gateways.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, makePdf } from '../orders/orders.test-support.ts';

/** 已发货 by SMS (docs/sms.md): sent when staff ship an order, if the customer wants it. */
let server: TestServer;
let aliyun: FakeAliyunSms;
let demoAdmin: StaffClient;
let mapleAdmin: StaffClient;
let demo: Shopper;
let maple: Shopper;

beforeAll(async () => {
  aliyun = await new FakeAliyunSms().start();
  aliyun.addAccount({
    id: 'LTAI5tShipNotices',
    secret: 'ship-notice-secret',
    signNames: ['墨砚快印'],
    templates: {
      SMS_200001: ['code'],
      SMS_200002: ['code'],
      SMS_200003: ['code'],
      SMS_200004: ['order', 'company', 'number'],
    },
  });
  server = await startTestServer({
    SMS_CONFIG_KEY: randomBytes(32).toString('base64'),
    SMS_ALIYUN_ENDPOINT: aliyun.url,
    SMS_GATEWAY_TIMEOUT_MS: 400,
  });
  demoAdmin = await StaffClient.signIn(server, 'demo.localhost');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
  demo = await Shopper.demo(server);
  maple = await Shopper.maple(server);
  const saved = await demoAdmin.post('/api/staff/SaveSmsSettings', {
    Provider: 'aliyun',
    AccessKeyId: 'LTAI5tShipNotices',
    AccessKeySecret: 'ship-notice-secret',
    SignName: '墨砚快印',
    Templates: {
      Register: 'SMS_200001',
      Login: 'SMS_200002',
      ResetPassword: 'SMS_200003',
      OrderShipped: 'SMS_200004',
    },
  });
  expect(saved.success, saved.message).toBe(true);
});
afterAll(async () => {
  await server.close();
  await aliyun.close();
});

/** A paid order of the shopper's, approved and in production, ready to ship. */
async function orderReadyToShip(shopper: Shopper, admin: StaffClient): Promise<OrderDetail> {
  const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await shopper.addToCart(shopper.client.companyCode === 'maple' ? 9101 : 1001);
  const placed = await shopper.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
  expect(placed.success, placed.message).toBe(true);
  await shopper.recharge(placed.data.TotalFen);
  const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] });
  expect(paid.success, paid.message).toBe(true);
  expect((await admin.post('/api/staff/ApproveArtwork', { OrderId: placed.data.Id })).success).toBe(true);
  expect((await admin.post('/api/staff/StartProduction', { OrderId: placed.data.Id })).success).toBe(true);
  return placed.data;
}

async function ship(admin: StaffClient, order: OrderDetail, trackingNo: string, company = '顺丰速运') {
  const shipped = await admin.post('/api/staff/ShipOrder', {
    OrderId: order.Id,
    TrackingNo: trackingNo,
    ExpressCompanyName: company,
  });
  expect(shipped.success, shipped.message).toBe(true);
  expect(shipped.data).toMatchObject({ Status: 4, TrackingNo: trackingNo });
  return shipped;
}

async function chooseShippedSms(shopper: Shopper, sms: boolean): Promise<void> {
  const saved = await shopper.post('/api/cust/SaveNotificationSettings', {
    Items: [{ Kind: 'order_shipped', Sms: sms, Site: true }],
  });
  expect(saved.success, saved.message).toBe(true);
}

describe('the 已发货 SMS', () => {
  it('tells the customer the express company and tracking number through the merchant’s gateway', async () => {
    const order = await orderReadyToShip(demo, demoAdmin);
    await ship(demoAdmin, order, 'SF7788990011');
    await server.services.sms.sender.idle();
    expect(aliyun.sentTo(demo.account)).toEqual([
      expect.objectContaining({
        signName: '墨砚快印',
        template: 'SMS_200004',
        params: { order: order.OrderNo, company: '顺丰速运', number: 'SF7788990011' },
      }),
    ]);
    const log = await server.context.db
      .selectFrom('sms_deliveries')
      .select(['purpose', 'reference', 'status'])
      .where('reference', '=', order.OrderNo)
      .execute();
    expect(log).toEqual([{ purpose: 'order_shipped', reference: order.OrderNo, status: 'sent' }]);
  });

  it('is not sent to a customer who turned it off in 个人设置', async () => {
    await chooseShippedSms(demo, false);
    try {
      const order = await orderReadyToShip(demo, demoAdmin);
      const before = aliyun.requests;
      await ship(demoAdmin, order, 'SF7788990022');
      await server.services.sms.sender.idle();
      expect(aliyun.requests).toBe(before);
      expect(aliyun.sentTo(demo.account).map((sms) => sms.params.number)).not.toContain('SF7788990022');
    } finally {
      await chooseShippedSms(demo, true);
    }
  });

  it('never holds up or undoes the shipment when the gateway fails', async () => {
    const order = await orderReadyToShip(demo, demoAdmin);
    aliyun.failNext('hang');
    await ship(demoAdmin, order, 'SF7788990033');
    await server.services.sms.sender.idle();
    const detail = await demoAdmin.post('/api/staff/OrderDetail', { OrderId: order.Id });
    expect(detail.data).toMatchObject({ Status: 4, TrackingNo: 'SF7788990033' });
    const log = await server.context.db
      .selectFrom('sms_deliveries')
      .select(['status', 'error_code'])
      .where('reference', '=', order.OrderNo)
      .execute();
    expect(log).toEqual([{ status: 'failed', error_code: 'Timeout' }]);
  });

  it('goes to the outbox for a merchant without a gateway, and only for its own customer', async () => {
    const order = await orderReadyToShip(maple, mapleAdmin);
    const before = aliyun.requests;
    await ship(mapleAdmin, order, 'ZTO5566778899', '中通快递');
    await server.services.sms.sender.idle();
    expect(aliyun.requests).toBe(before);
    const outbox = await server.context.db
      .selectFrom('sms_outbox')
      .select('content')
      .where('mobile_no', '=', maple.account)
      .execute();
    expect(outbox.map((row) => row.content)).toContain(
      `【红枫图文】您的订单${order.OrderNo}已发货，中通快递，运单号ZTO5566778899，请注意查收。`,
    );
  });
});
