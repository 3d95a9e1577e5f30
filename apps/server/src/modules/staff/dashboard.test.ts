import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type Dashboard, type OrderDetail } from '@inkstone/contracts';
import { startOfChinaDay } from '@inkstone/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, auditMoney, demoCustomers, makePdf } from '../orders/orders.test-support.ts';

const DAY_MS = 86_400_000;

let server: TestServer;
const customer = demoCustomers(() => server, 13700007000, '198.31');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function dashboard(staff: StaffClient): Promise<Dashboard> {
  const reply = await staff.post<Dashboard>('/api/staff/Dashboard', {});
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

async function pay(shopper: Shopper, order: OrderDetail): Promise<void> {
  await shopper.recharge(order.TotalFen);
  const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] });
  expect(paid.success, paid.message).toBe(true);
}

/** `YYYY-MM-DD` of the China day `time` falls on. */
function chinaDate(time: number): string {
  return new Date(startOfChinaDay(time) + 8 * 3_600_000).toISOString().slice(0, 10);
}

describe('POST /api/staff/Dashboard', () => {
  it('counts the orders placed and paid today, and moves them to 昨天 at China midnight', async () => {
    // 23:50 China time: the orders are placed and one paid just before midnight.
    const lateEvening = startOfChinaDay(server.clock.now()) + DAY_MS - 10 * 60_000;
    server.clock.advance(Math.max(0, lateEvening - server.clock.now()));
    const firstDay = chinaDate(server.clock.now());
    let admin = await StaffClient.signIn(server, 'demo.localhost');
    const empty = await dashboard(admin);
    expect(empty.Today).toEqual({ Date: firstDay, Orders: 0, PaidOrders: 0, RevenueFen: 0 });
    expect(empty.Days).toHaveLength(30);
    expect(empty.Days.every((day) => day.Orders === 0 && day.RevenueFen === 0)).toBe(true);
    expect(empty.TopByQuantity).toEqual([]);
    expect(empty.TopByRevenue).toEqual([]);

    const shopper = await customer();
    const cards = await shopper.placeOrder(1001);
    const second = await shopper.placeOrder(1001);
    await pay(shopper, cards);

    const evening = await dashboard(admin);
    expect(evening.Today).toEqual({
      Date: firstDay,
      Orders: 2,
      PaidOrders: 1,
      RevenueFen: cards.TotalFen,
    });
    expect(evening.Waiting).toEqual({
      Unpaid: 1,
      ReviewPending: 1,
      ReviewRejected: 0,
      ProductionNotStarted: 0,
      ProductionStarted: 0,
      Shipped: 0,
    });
    expect(evening.Days.at(-1)).toEqual(evening.Today);
    expect(evening.TopByQuantity).toEqual([
      {
        ProductId: 1001,
        Title: cards.Lines[0]!.ProductTitle,
        Unit: cards.Lines[0]!.Unit,
        Quantity: cards.Lines[0]!.Quantity,
        Orders: 1,
        AmountFen: cards.GoodsFen,
      },
    ]);
    expect(evening.TopByRevenue).toEqual(evening.TopByQuantity);

    // 00:10 China time, the next day: the second order is paid today, the first stays yesterday's.
    server.clock.advance(20 * 60_000);
    admin = await StaffClient.signIn(server, 'demo.localhost');
    await pay(shopper, second);
    const morning = await dashboard(admin);
    const nextDay = chinaDate(server.clock.now());
    expect(nextDay).not.toBe(firstDay);
    expect(morning.Today).toEqual({ Date: nextDay, Orders: 0, PaidOrders: 1, RevenueFen: second.TotalFen });
    expect(morning.Yesterday).toEqual(evening.Today);
    expect(morning.Days).toHaveLength(30);
    expect(morning.Days.slice(-2)).toEqual([morning.Yesterday, morning.Today]);
    expect(morning.Days.map((day) => day.Date)).toEqual(
      Array.from({ length: 30 }, (_, index) => chinaDate(server.clock.now() - (29 - index) * DAY_MS)),
    );
    expect(morning.Waiting).toMatchObject({ Unpaid: 0, ReviewPending: 2 });
    expect(morning.TopByRevenue).toEqual([
      expect.objectContaining({
        ProductId: 1001,
        Orders: 2,
        AmountFen: cards.GoodsFen + second.GoodsFen,
      }),
    ]);

    // A cancelled order (refunded in full) is no longer counted anywhere.
    const cancelled = await admin.post('/api/staff/CancelOrder', { OrderId: cards.Id, Reason: '客户不要了' });
    expect(cancelled.success, cancelled.message).toBe(true);
    const afterCancel = await dashboard(admin);
    // The second order, placed yesterday, is still yesterday's; only the cancelled one left.
    expect(afterCancel.Yesterday).toEqual({ Date: firstDay, Orders: 1, PaidOrders: 0, RevenueFen: 0 });
    expect(afterCancel.Today).toEqual(morning.Today);
    expect(afterCancel.Waiting.ReviewPending).toBe(1);
    expect(afterCancel.TopByRevenue).toEqual([
      expect.objectContaining({ ProductId: 1001, Orders: 1, AmountFen: second.GoodsFen }),
    ]);
    await auditMoney(server);
  });

  it('counts the orders waiting in review and production per state', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    const before = (await dashboard(admin)).Waiting;
    const shopper = await customer();
    const withArtwork = async () => {
      const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
      const line = await shopper.addToCart(1001);
      const placed = await shopper.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
      expect(placed.success, placed.message).toBe(true);
      await pay(shopper, placed.data);
      return placed.data;
    };
    const [sentBack, inProduction, approved] = [
      await withArtwork(),
      await withArtwork(),
      await withArtwork(),
    ];
    const step = async (call: string, body: object) => {
      const reply = await admin.post(`/api/staff/${call}`, body);
      expect(reply.success, reply.message).toBe(true);
    };
    await step('RejectArtwork', { OrderId: sentBack.Id, Reason: '图片模糊' });
    await step('ApproveArtwork', { OrderId: inProduction.Id });
    await step('StartProduction', { OrderId: inProduction.Id });
    await step('ApproveArtwork', { OrderId: approved.Id });
    expect((await dashboard(admin)).Waiting).toEqual({
      ...before,
      ReviewRejected: before.ReviewRejected + 1,
      ProductionNotStarted: before.ProductionNotStarted + 1,
      ProductionStarted: before.ProductionStarted + 1,
    });
  });

  it('never counts another merchant’s orders', async () => {
    const demoAdmin = await StaffClient.signIn(server, 'demo.localhost');
    const mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
    const demoBefore = await dashboard(demoAdmin);
    const mapleBefore = await dashboard(mapleAdmin);
    const maple = await Shopper.maple(server);
    const order = await maple.placeOrder();
    await pay(maple, order);
    expect(await dashboard(demoAdmin)).toEqual(demoBefore);
    const mapleAfter = await dashboard(mapleAdmin);
    expect(mapleAfter.Today).toEqual({
      ...mapleBefore.Today,
      Orders: mapleBefore.Today.Orders + 1,
      PaidOrders: mapleBefore.Today.PaidOrders + 1,
      RevenueFen: mapleBefore.Today.RevenueFen! + order.TotalFen,
    });
    expect(mapleAfter.TopByQuantity.map((product) => product.ProductId)).toContain(order.Lines[0]!.ProductId);
  });

  it('shows money to 财务 and 管理员 only; every other role gets the counts without a money field', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    const full = await dashboard(admin);
    expect(full.Today.RevenueFen).toBeGreaterThan(0);
    const finance = await dashboard(await admin.hire('dash-finance', ['finance']));
    expect(finance).toEqual(full);
    expect(finance.ShowsMoney).toBe(true);

    for (const role of ['review', 'production', 'shipping', 'service']) {
      const member = await admin.hire(`dash-${role}`, [role]);
      const reply = await member.post<Dashboard>('/api/staff/Dashboard', {});
      expect(reply.success, reply.message).toBe(true);
      expect(reply.data.ShowsMoney).toBe(false);
      expect(JSON.stringify(reply.data)).not.toMatch(/Fen|TopByRevenue/);
      expect(reply.data.Today).toEqual({
        Date: full.Today.Date,
        Orders: full.Today.Orders,
        PaidOrders: full.Today.PaidOrders,
      });
      expect(reply.data.Waiting).toEqual(full.Waiting);
      expect(reply.data.TopByQuantity.map((product) => product.ProductId)).toEqual(
        full.TopByQuantity.map((product) => product.ProductId),
      );
    }
  });

  it('refuses a visitor without a staff token', async () => {
    const visitor = new StaffClient(server, 'demo.localhost');
    const reply = await visitor.post('/api/staff/Dashboard', {});
    expect(reply.success).toBe(false);
    expect(reply.apiCode).toBe(ApiCode.StaffLoginRequired);
  });
});
