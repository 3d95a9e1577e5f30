import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  type OrderDetail,
  type StaffCustomerDetail,
  type StaffCustomerPage,
} from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, auditMoney, makePdf } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let finance: StaffClient;
let service: StaffClient;
let production: StaffClient;
let shopper: Shopper;
const MOBILE = '13900005678';

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  finance = await StaffClient.signIn(server, 'demo.localhost', 'finance', 'DemoStaff2026');
  service = await StaffClient.signIn(server, 'demo.localhost', 'service', 'DemoStaff2026');
  production = await StaffClient.signIn(server, 'demo.localhost', 'producer', 'DemoStaff2026');
  shopper = await Shopper.register(server, 'demo.localhost', MOBILE, '10.9.0.1');
});
afterAll(async () => server.close());

async function paidOrder(customer: Shopper): Promise<OrderDetail> {
  const fileId = await customer.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await customer.addToCart(1001);
  const placed = await customer.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
  expect(placed.success, placed.message).toBe(true);
  await customer.recharge(placed.data.TotalFen);
  const paid = await customer.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] });
  expect(paid.success, paid.message).toBe(true);
  return placed.data;
}

async function find(staff: StaffClient, keyword: string): Promise<StaffCustomerPage> {
  const page = await staff.post<StaffCustomerPage>('/api/staff/QueryCustomers', { Keyword: keyword });
  expect(page.success, page.message).toBe(true);
  return page.data;
}

describe('the console’s 客户 calls', () => {
  it('lists the merchant’s customers by mobile, account or nickname with balance, orders and spending', async () => {
    const id = await shopper.customerId;
    const fresh = await find(service, MOBILE.slice(3, 9));
    expect(fresh.List).toEqual([
      expect.objectContaining({
        Id: id,
        MobileNo: MOBILE,
        IsActive: true,
        BalanceFen: 0,
        OrderCount: 0,
        SpentFen: 0,
      }),
    ]);
    expect(fresh.TotalCount).toBe(1);
    const order = await paidOrder(shopper);
    await shopper.placeOrder(1001); // unpaid: counted as an order, not as spending
    const after = await find(finance, MOBILE);
    expect(after.List[0]).toMatchObject({ OrderCount: 2, SpentFen: order.TotalFen, BalanceFen: 0 });
    // Every customer, newest first, paged.
    const all = await service.post<StaffCustomerPage>('/api/staff/QueryCustomers', {
      limit: 1,
      pageindex: 1,
    });
    expect(all.data.List[0]!.Id).toBe(id);
    expect(all.data.TotalCount).toBeGreaterThan(1);
    expect(all.data.PageCount).toBe(all.data.TotalCount);
    // A search with nothing in it says so, and LIKE's wildcards are plain characters.
    expect((await find(service, '%')).TotalCount).toBe(0);
    const bad = await service.post('/api/staff/QueryCustomers', { Keyword: 'x'.repeat(65) });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('搜索内容最多 64 个字');
  });

  it('shows one customer with balance, the ledger paged and the latest orders; 财务 credits with a reason', async () => {
    const id = await shopper.customerId;
    const credit = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: id,
      AmountFen: 5000,
      Remark: '活动补贴',
    });
    expect(credit.success, credit.message).toBe(true);
    const below = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: id,
      AmountFen: -6000,
      Remark: '扣回',
    });
    expect(below.success).toBe(false);
    const detail = await service.post<StaffCustomerDetail>('/api/staff/CustomerDetail', {
      CustomerId: id,
      limit: 2,
    });
    expect(detail.success, detail.message).toBe(true);
    expect(detail.data.Customer).toMatchObject({
      Id: id,
      BalanceFen: 5000,
      OrderCount: 2,
      StatusChange: null,
    });
    expect(detail.data.Ledger.List[0]).toMatchObject({
      Type: 'adjustment',
      AmountFen: 5000,
      Remark: '活动补贴',
    });
    expect(detail.data.Ledger.List).toHaveLength(2);
    expect(detail.data.Ledger.TotalCount).toBe(3); // recharge, order payment, adjustment
    expect(detail.data.Ledger.Attach.BalanceFen).toBe(5000);
    expect(detail.data.Orders).toHaveLength(2);
    const second = await service.post<StaffCustomerDetail>('/api/staff/CustomerDetail', {
      CustomerId: id,
      limit: 2,
      pageindex: 2,
    });
    expect(second.data.Ledger.List.map((line) => line.Type)).toEqual(['recharge']);
    // The customer's own bill shows the credit.
    expect(await shopper.balance()).toBe(5000);
    await auditMoney(server);
  });

  it('refuses the roles without the call and a visitor', async () => {
    const id = await shopper.customerId;
    for (const [call, body] of [
      ['QueryCustomers', {}],
      ['CustomerDetail', { CustomerId: id }],
      ['SetCustomerEnabled', { CustomerId: id, Enabled: false, Reason: '测试' }],
    ] as const) {
      expect((await production.post(`/api/staff/${call}`, body)).apiCode, call).toBe(ApiCode.StaffForbidden);
      const visitor = new StaffClient(server, 'demo.localhost');
      expect((await visitor.post(`/api/staff/${call}`, body)).apiCode, call).toBe(ApiCode.StaffLoginRequired);
    }
    for (const member of [service, finance]) {
      const refused = await member.post('/api/staff/SetCustomerEnabled', {
        CustomerId: id,
        Enabled: false,
        Reason: '测试',
      });
      expect(refused.apiCode).toBe(ApiCode.StaffForbidden);
    }
    expect(
      (await service.post('/api/staff/AdjustBalance', { CustomerId: id, AmountFen: 1, Remark: '补偿' }))
        .apiCode,
    ).toBe(ApiCode.StaffForbidden);
    expect((await find(service, MOBILE)).List[0]!.IsActive).toBe(true);
  });

  it('never finds another merchant’s customer', async () => {
    const id = await shopper.customerId;
    const maple = await StaffClient.signIn(server, 'maple.localhost');
    expect((await find(maple, MOBILE)).TotalCount).toBe(0);
    const detail = await maple.post('/api/staff/CustomerDetail', { CustomerId: id });
    expect(detail.apiCode).toBe(ApiCode.AccountNotFound);
    expect(detail.message).toBe('客户不存在');
    const disable = await maple.post('/api/staff/SetCustomerEnabled', {
      CustomerId: id,
      Enabled: false,
      Reason: '测试',
    });
    expect(disable.apiCode).toBe(ApiCode.AccountNotFound);
    const adjust = await maple.post('/api/staff/AdjustBalance', {
      CustomerId: id,
      AmountFen: 100,
      Remark: '测试',
    });
    expect(adjust.apiCode).toBe(ApiCode.AccountNotFound);
    expect((await find(service, MOBILE)).List[0]).toMatchObject({ IsActive: true, BalanceFen: 5000 });
  });

  it('disables an account with a reason: the customer’s token is refused at once and signing in says why', async () => {
    const id = await shopper.customerId;
    const noReason = await admin.post('/api/staff/SetCustomerEnabled', {
      CustomerId: id,
      Enabled: false,
      Reason: ' ',
    });
    expect(noReason.success).toBe(false);
    expect(noReason.message).toContain('请填写原因');
    expect(await shopper.balance()).toBe(5000); // the token still works: nothing was changed
    const disabled = await admin.post<StaffCustomerDetail['Customer']>('/api/staff/SetCustomerEnabled', {
      CustomerId: id,
      Enabled: false,
      Reason: '恶意下单',
    });
    expect(disabled.success, disabled.message).toBe(true);
    expect(disabled.data).toMatchObject({
      IsActive: false,
      StatusChange: { Reason: '恶意下单', ChangedBy: '墨砚店长' },
    });
    const refused = await shopper.post('/api/order/QueryCustomerBill', { pageindex: 1, limit: 1 });
    expect(refused.apiCode).toBe(ApiCode.LoginRevoked);
    const again = new TestClient(server, 'demo.localhost', '10.9.0.2');
    await again.start();
    const login = await again.login(MOBILE, 'Print2026');
    expect(login.apiCode).toBe(ApiCode.AccountDisabled);
    expect(login.message).toBe('账号已停用，请联系商家');
    expect((await find(service, MOBILE)).List[0]!.IsActive).toBe(false);
    // 启用: the customer signs in again.
    const enabled = await admin.post('/api/staff/SetCustomerEnabled', {
      CustomerId: id,
      Enabled: true,
      Reason: '已核实',
    });
    expect(enabled.success, enabled.message).toBe(true);
    expect((await again.login(MOBILE, 'Print2026')).success).toBe(true);
  });
});
