import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrderDetail } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, auditMoney, makePdf } from '../orders/orders.test-support.ts';
import { DEMO_STAFF } from './staff.seed.ts';

let server: TestServer;
let admin: StaffClient;
let demo: Shopper;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  demo = await Shopper.demo(server);
});
afterAll(async () => server.close());

async function paidOrder(shopper: Shopper): Promise<OrderDetail> {
  const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await shopper.addToCart(shopper.client.companyCode === 'maple' ? 9101 : 1001);
  const placed = await shopper.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
  expect(placed.success, placed.message).toBe(true);
  await shopper.recharge(placed.data.TotalFen);
  expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] })).success).toBe(
    true,
  );
  return placed.data;
}

describe('POST /api/staff/Login', () => {
  it('signs a seeded staff member in on their merchant’s host with every role', async () => {
    const staff = new StaffClient(server, 'maple.localhost');
    const login = await staff.post('/api/staff/Login', {
      Account: 'admin',
      Password: DEMO_STAFF[1].password,
    });
    expect(login.success, login.message).toBe(true);
    expect(login.data.StaffToken).toMatch(/^[\w-]{43}$/);
    expect(login.data.Staff).toMatchObject({
      Account: 'admin',
      Name: '红枫店长',
      Roles: ['admin'],
      RoleNames: ['管理员'],
      CompanyCode: 'maple',
    });
    staff.token = login.data.StaffToken;
    expect((await staff.post('/api/staff/Info', {})).data).toMatchObject({
      Account: 'admin',
      CompanyCode: 'maple',
    });
  });

  it('seeds one member of each role on the demo merchant, signed in with that role only', async () => {
    const members = DEMO_STAFF.filter((entry) => entry.merchant === 'demo' && entry.account !== 'admin');
    expect(members.map((entry) => entry.roles).sort()).toEqual([
      'finance',
      'production',
      'review',
      'service',
      'shipping',
    ]);
    for (const entry of members) {
      const staff = new StaffClient(server, 'demo.localhost');
      const login = await staff.post('/api/staff/Login', {
        Account: entry.account,
        Password: entry.password,
      });
      expect(login.success, login.message).toBe(true);
      expect(login.data.Staff.Roles).toEqual([entry.roles]);
    }
  });

  it('lets 客服 read the orders and move none of them', async () => {
    const service = await StaffClient.signIn(server, 'demo.localhost', 'service', 'DemoStaff2026');
    expect((await service.post('/api/staff/Info', {})).data).toMatchObject({
      Roles: ['service'],
      RoleNames: ['客服'],
    });
    const order = await paidOrder(demo);
    expect((await service.post('/api/staff/QueryOrders', {})).success).toBe(true);
    expect((await service.post('/api/staff/OrderDetail', { OrderId: order.Id })).success).toBe(true);
    for (const [call, body] of [
      ['ApproveArtwork', { OrderId: order.Id }],
      ['RejectArtwork', { OrderId: order.Id, Reason: '测试' }],
      ['StartProduction', { OrderId: order.Id }],
      ['ShipOrder', { OrderId: order.Id, TrackingNo: 'SF1' }],
      ['CompleteOrder', { OrderId: order.Id }],
      ['CancelOrder', { OrderId: order.Id, Reason: '测试' }],
      ['AdjustBalance', { CustomerId: 1, AmountFen: 100, Remark: '补偿' }],
      ['SmsSettings', {}],
      ['QueryStaff', {}],
    ] as const) {
      expect((await service.post(`/api/staff/${call}`, body)).apiCode, call).toBe(ApiCode.StaffForbidden);
    }
  });

  it('answers a wrong password and an unknown account alike, and locks after 3 wrong passwords', async () => {
    const staff = new StaffClient(server, 'demo.localhost');
    const hired = await admin.hire('clerk01', ['review']);
    expect(hired.token).not.toBe('');
    const unknown = await staff.post('/api/staff/Login', { Account: 'nobody', Password: 'whatever1' });
    expect(unknown.apiCode).toBe(ApiCode.WrongPassword);
    expect(unknown.message).toBe('账号或密码错误，再错2次将锁定账号30分钟');
    for (const left of [2, 1]) {
      const wrong = await staff.post('/api/staff/Login', { Account: 'clerk01', Password: 'wrong-pass' });
      expect(wrong.apiCode).toBe(ApiCode.WrongPassword);
      expect(wrong.message).toBe(`账号或密码错误，再错${left}次将锁定账号30分钟`);
    }
    const third = await staff.post('/api/staff/Login', { Account: 'clerk01', Password: 'wrong-pass' });
    expect(third.apiCode).toBe(ApiCode.AccountLocked);
    expect(third.message).toBe('密码错误次数过多，账号已锁定30分钟');
    // The right password does not open a locked account; the message says how long is left.
    server.clock.advance(10 * 60_000);
    const locked = await staff.post('/api/staff/Login', { Account: 'clerk01', Password: 'Staff2026ok' });
    expect(locked.apiCode).toBe(ApiCode.AccountLocked);
    expect(locked.message).toBe('密码错误次数过多，账号已锁定，请20分钟后再试');
    // Another merchant's staff account does not open this merchant's back office.
    const across = await staff.post('/api/staff/Login', {
      Account: 'admin',
      Password: DEMO_STAFF[1].password,
    });
    expect(across.apiCode).toBe(ApiCode.WrongPassword);
  });
});

describe('the stafftoken', () => {
  it('is needed, checked before the body, and worthless on another merchant or after logout', async () => {
    const anonymous = new StaffClient(server, 'demo.localhost');
    expect((await anonymous.post('/api/staff/QueryOrders', {})).apiCode).toBe(ApiCode.StaffLoginRequired);
    expect((await anonymous.post('/api/staff/ShipOrder', { OrderId: 'x' })).apiCode).toBe(
      ApiCode.StaffLoginRequired,
    );
    anonymous.token = 'not-a-token';
    expect((await anonymous.post('/api/staff/QueryOrders', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
    const onMaple = new StaffClient(server, 'maple.localhost');
    onMaple.token = admin.token;
    expect((await onMaple.post('/api/staff/QueryOrders', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
    // A customer's access token is no staff token.
    anonymous.token = demo.client.accesstoken;
    expect((await anonymous.post('/api/staff/QueryOrders', {})).apiCode).toBe(ApiCode.StaffLoginExpired);

    const session = await StaffClient.signIn(server, 'demo.localhost');
    expect((await session.post('/api/staff/Logout', {})).success).toBe(true);
    expect((await session.post('/api/staff/QueryOrders', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
  });

  it('expires after STAFF_TOKEN_TTL_SECONDS', async () => {
    const local = await startTestServer({ STAFF_TOKEN_TTL_SECONDS: 600 });
    try {
      const session = await StaffClient.signIn(local, 'demo.localhost');
      local.clock.advance(599_000);
      expect((await session.post('/api/staff/Info', {})).success).toBe(true);
      local.clock.advance(2_000);
      expect((await session.post('/api/staff/Info', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
    } finally {
      await local.close();
    }
  });
});

describe('POST /api/staff/QueryOrders', () => {
  it('finds orders by part of the customer’s mobile number, account or nickname, counting every status', async () => {
    const other = await Shopper.register(server, 'demo.localhost', '13612345678', '198.51.100.77');
    const mine = await other.placeOrder();
    const theirs = await demo.placeOrder();
    const byMobile = await admin.post('/api/staff/QueryOrders', { Customer: '1234567' });
    expect(byMobile.success, byMobile.message).toBe(true);
    expect(byMobile.data.List.map((order: { Id: number }) => order.Id)).toEqual([mine.Id]);
    expect(byMobile.data.List[0].Customer.MobileNo).toBe('13612345678');
    // The tab badges count every order of the merchant, whatever the search.
    const all = await admin.post('/api/staff/QueryOrders', {});
    expect(byMobile.data.Attach.StatusCounts).toEqual(all.data.Attach.StatusCounts);
    expect(all.data.Attach.StatusCounts.Unpaid).toBeGreaterThanOrEqual(2);
    const byDemo = await admin.post('/api/staff/QueryOrders', { Customer: '13800138000', Status: 1 });
    const ids = byDemo.data.List.map((order: { Id: number }) => order.Id);
    expect(ids).toContain(theirs.Id);
    expect(ids).not.toContain(mine.Id);
    // A LIKE wildcard is a character like any other; another merchant's staff see nothing of these.
    expect((await admin.post('/api/staff/QueryOrders', { Customer: '%' })).data.TotalCount).toBe(0);
    const maple = await StaffClient.signIn(server, 'maple.localhost');
    expect((await maple.post('/api/staff/QueryOrders', { Customer: '13612345678' })).data.TotalCount).toBe(0);
    const tooLong = await admin.post('/api/staff/QueryOrders', { Customer: '1'.repeat(65) });
    expect(tooLong.apiCode).toBe(ApiCode.ValidationFailed);
    expect(tooLong.message).toContain('客户最多 64 个字');
  });
});

describe('roles', () => {
  it('lets each role do its own steps only', async () => {
    const reviewer = await admin.hire('reviewer01', ['review']);
    const shipper = await admin.hire('shipper01', ['shipping', 'production']);
    const finance = await admin.hire('finance01', ['finance']);
    const order = await paidOrder(demo);

    expect((await shipper.post('/api/staff/ApproveArtwork', { OrderId: order.Id })).apiCode).toBe(
      ApiCode.StaffForbidden,
    );
    expect((await finance.post('/api/staff/ApproveArtwork', { OrderId: order.Id })).apiCode).toBe(
      ApiCode.StaffForbidden,
    );
    expect((await reviewer.post('/api/staff/ApproveArtwork', { OrderId: order.Id })).success).toBe(true);
    expect(
      (await reviewer.post('/api/staff/ShipOrder', { OrderId: order.Id, TrackingNo: 'SF1' })).apiCode,
    ).toBe(ApiCode.StaffForbidden);
    expect(
      (await reviewer.post('/api/staff/CancelOrder', { OrderId: order.Id, Reason: '测试' })).apiCode,
    ).toBe(ApiCode.StaffForbidden);
    expect((await shipper.post('/api/staff/StartProduction', { OrderId: order.Id })).success).toBe(true);
    expect(
      (
        await shipper.post('/api/staff/ShipOrder', {
          OrderId: order.Id,
          TrackingNo: 'ZTO778899',
          ExpressCompanyName: '中通快递',
        })
      ).data,
    ).toMatchObject({
      Status: 4,
      TrackingNo: 'ZTO778899',
      ExpressCompanyName: '中通快递',
    });
    expect(
      (await shipper.post('/api/staff/AdjustBalance', { CustomerId: 1, AmountFen: 100, Remark: '补偿' }))
        .apiCode,
    ).toBe(ApiCode.StaffForbidden);
    expect((await reviewer.post('/api/staff/QueryStaff', {})).apiCode).toBe(ApiCode.StaffForbidden);
    expect(
      (
        await finance.post('/api/staff/SaveStaff', {
          Account: 'x1',
          Name: 'x',
          Password: 'Staff2026ok',
          Roles: ['admin'],
        })
      ).apiCode,
    ).toBe(ApiCode.StaffForbidden);
    // Every role may look.
    for (const member of [reviewer, shipper, finance]) {
      expect((await member.post('/api/staff/OrderDetail', { OrderId: order.Id })).success).toBe(true);
    }
    const list = await admin.post('/api/staff/QueryStaff', {});
    expect(list.data.List.map((item: { Account: string }) => item.Account)).toEqual(
      expect.arrayContaining(['admin', 'reviewer01', 'shipper01', 'finance01']),
    );
  });

  it('stops a disabled member at once', async () => {
    const member = await admin.hire('temp01', ['review']);
    const list = await admin.post('/api/staff/QueryStaff', {});
    const read = list.data.List.find((item: { Account: string }) => item.Account === 'temp01');
    const saved = await admin.post('/api/staff/SaveStaff', {
      Id: read.Id,
      Account: 'temp01',
      Name: '临时',
      Roles: ['review'],
      IsActive: false,
      Revision: read.Revision,
    });
    expect(saved.data).toMatchObject({ IsActive: false, Name: '临时' });
    expect((await member.post('/api/staff/Info', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
    const duplicate = await admin.post('/api/staff/SaveStaff', {
      Account: 'temp01',
      Name: 'x',
      Password: 'Staff2026ok',
      Roles: ['review'],
    });
    expect(duplicate.apiCode).toBe(ApiCode.AlreadyExists);
    const selfDemotion = await admin.post('/api/staff/SaveStaff', {
      Id: 1,
      Account: 'admin',
      Name: '墨砚店长',
      Roles: ['review'],
      Revision: 1,
    });
    expect(selfDemotion.apiCode).toBe(ApiCode.Forbidden);
  });
});

describe('merchant isolation', () => {
  it('shows and moves only the merchant’s own orders', async () => {
    const maple = await Shopper.maple(server);
    const theirs = await paidOrder(maple);
    const page = await admin.post('/api/staff/QueryOrders', { limit: 50 });
    expect(page.data.List.every((order: { Id: number }) => order.Id !== theirs.Id)).toBe(true);
    for (const url of ['/api/staff/OrderDetail', '/api/staff/ApproveArtwork', '/api/staff/CompleteOrder']) {
      expect((await admin.post(url, { OrderId: theirs.Id })).apiCode, url).toBe(ApiCode.OrderNotFound);
    }
    expect((await admin.post('/api/staff/CancelOrder', { OrderId: theirs.Id, Reason: 'x' })).apiCode).toBe(
      ApiCode.OrderNotFound,
    );
    const mapleCustomer = await maple.customerId;
    const adjust = await admin.post('/api/staff/AdjustBalance', {
      CustomerId: mapleCustomer,
      AmountFen: 100,
      Remark: 'x',
    });
    expect(adjust.apiCode).toBe(ApiCode.AccountNotFound);
    expect((await maple.post('/api/order/GetOrderStatus', { OrderId: theirs.Id })).data.Status).toBe(2);
  });

  it('lists orders with their customer and filters by review state', async () => {
    const order = await paidOrder(demo);
    await admin.post('/api/staff/RejectArtwork', { OrderId: order.Id, Reason: '分辨率不足' });
    const rejected = await admin.post('/api/staff/QueryOrders', { Status: 2, ReviewState: 'rejected' });
    expect(rejected.data.List.map((item: { Id: number }) => item.Id)).toContain(order.Id);
    const row = rejected.data.List.find((item: { Id: number }) => item.Id === order.Id);
    expect(row).toMatchObject({
      RejectReason: '分辨率不足',
      Customer: { Account: '13800138000', NickName: '张经理' },
    });
    const detail = await admin.post('/api/staff/OrderDetail', { OrderId: order.Id });
    expect(detail.data.Payments).toMatchObject([
      { Status: 'paid', PayMethod: 'balance', AmountFen: order.TotalFen, Outcome: 'applied' },
    ]);
  });
});

describe('AdjustBalance', () => {
  it('credits and deducts through the ledger, never below zero', async () => {
    const shopper = await Shopper.register(server, 'demo.localhost', '13700002001', '198.51.100.77');
    const finance = await admin.hire('finance02', ['finance']);
    const customerId = await shopper.customerId;
    const credit = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: customerId,
      AmountFen: 5000,
      Remark: '活动返现',
    });
    expect(credit.data).toMatchObject({ BalanceFen: 5000 });
    const tooMuch = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: customerId,
      AmountFen: -6000,
      Remark: '扣回',
    });
    expect(tooMuch.apiCode).toBe(ApiCode.InsufficientBalance);
    const debit = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: customerId,
      AmountFen: -2000,
      Remark: '扣回',
    });
    expect(debit.data).toMatchObject({ BalanceFen: 3000 });
    const zero = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: customerId,
      AmountFen: 0,
      Remark: 'x',
    });
    expect(zero.apiCode).toBe(ApiCode.ValidationFailed);
    const bill = await shopper.post('/api/order/QueryCustomerBill', { Type: 'adjustment' });
    expect(
      bill.data.List.map((entry: { AmountFen: number; Remark: string }) => [entry.AmountFen, entry.Remark]),
    ).toEqual([
      [-2000, '扣回'],
      [5000, '活动返现'],
    ]);
    expect(bill.data.Attach).toMatchObject({ SumAmount: 3000, BalanceFen: 3000 });
    await auditMoney(server);
  });
});
