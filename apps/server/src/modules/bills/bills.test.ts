import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type BillEntry, type BillPage } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  Shopper,
  StaffClient,
  auditMoney,
  demoCustomers,
  payBySimulator,
} from '../orders/orders.test-support.ts';

let server: TestServer;
let staff: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  staff = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700004000, '198.20');

async function bill(shopper: Shopper, filter: Record<string, unknown> = {}): Promise<BillPage> {
  const page = await shopper.post<BillPage>('/api/order/QueryCustomerBill', { limit: 100, ...filter });
  expect(page.success, page.message).toBe(true);
  return page.data;
}

/** Every line of the bill, all pages. */
async function wholeBill(shopper: Shopper): Promise<{ entries: BillEntry[]; balance: number }> {
  const entries: BillEntry[] = [];
  for (let page = 1; ; page++) {
    const data = await bill(shopper, { pageindex: page, limit: 100 });
    entries.push(...data.List);
    if (page >= data.PageCount) return { entries, balance: data.Attach.BalanceFen };
  }
}

describe('QueryCustomerBill', () => {
  it('lists every money movement, newest first, with filters and sums', async () => {
    const shopper = await customer();
    await shopper.recharge(50_000);
    const byBalance = await shopper.placeOrder(1001);
    expect((await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [byBalance.Id] })).success).toBe(
      true,
    );
    const byQr = await shopper.placeOrder(2001);
    const payment = await shopper.createPayment([byQr.Id]);
    await payBySimulator(server, (await shopper.qrCode(payment.PaymentNo)).CodeUrl, 'confirm');
    expect(
      (await staff.post('/api/staff/CancelOrder', { OrderId: byBalance.Id, Reason: '缺纸' })).success,
    ).toBe(true);
    const customerId = await shopper.customerId;
    expect(
      (
        await staff.post('/api/staff/AdjustBalance', {
          CustomerId: customerId,
          AmountFen: -500,
          Remark: '运费补差',
        })
      ).success,
    ).toBe(true);

    const all = await bill(shopper);
    expect(
      all.List.map((entry) => [
        entry.Type,
        entry.TypeName,
        entry.PayMethod,
        entry.AmountFen,
        entry.BalanceChangeFen,
      ]),
    ).toEqual([
      ['adjustment', '余额调整', 'manual', -500, -500],
      ['refund', '退款', 'balance', byBalance.TotalFen, byBalance.TotalFen],
      ['payment', '订单支付', 'wechat', -byQr.TotalFen, 0],
      ['payment', '订单支付', 'balance', -byBalance.TotalFen, -byBalance.TotalFen],
      ['recharge', '余额充值', 'alipay', 50_000, 50_000],
    ]);
    expect(all.Attach).toEqual({
      SumAmount: 50_000 - byBalance.TotalFen - byQr.TotalFen + byBalance.TotalFen - 500,
      IncomeFen: 50_000 + byBalance.TotalFen,
      ExpenseFen: -byBalance.TotalFen - byQr.TotalFen - 500,
      // The QR payment is spending that never touched the balance: the change is the balance's own.
      BalanceChangeFen: 50_000 - 500,
      BalanceFen: 50_000 - 500,
    });
    expect(all.List[0]!.BalanceAfterFen).toBe(all.Attach.BalanceFen);

    const payments = await bill(shopper, { Type: 'payment' });
    expect(payments.List).toHaveLength(2);
    expect(payments.Attach.SumAmount).toBe(-byBalance.TotalFen - byQr.TotalFen);
    const wechat = await bill(shopper, { PayMethod: 'wechat' });
    expect(wechat.List.map((entry) => entry.OrderNos)).toEqual([[byQr.OrderNo]]);
    expect((await bill(shopper, { Keyword: byQr.OrderNo })).List.map((entry) => entry.Type)).toEqual([
      'payment',
    ]);
    expect((await bill(shopper, { Keyword: payment.PaymentNo.toLowerCase() })).List).toHaveLength(1);
    const today = new Date(server.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await bill(shopper, { StartDate: today, EndDate: today })).TotalCount).toBe(5);
    expect((await bill(shopper, { EndDate: '2026-01-01' })).Attach).toMatchObject({
      SumAmount: 0,
      BalanceFen: 49_500,
    });
    const paged = await bill(shopper, { pageindex: 2, limit: 2 });
    expect(paged).toMatchObject({ PageIndex: 2, Limit: 2, PageCount: 3, TotalCount: 5 });
    expect(paged.List.map((entry) => entry.Id)).toEqual(all.List.slice(2, 4).map((entry) => entry.Id));
    expect((await shopper.post('/api/order/QueryCustomerBill', { Type: 'gift' })).apiCode).toBe(
      ApiCode.ValidationFailed,
    );
  });

  it('shows each customer only their own movements', async () => {
    const first = await customer();
    const second = await customer();
    await first.recharge(1000);
    expect((await bill(second)).TotalCount).toBe(0);
    const maple = await Shopper.maple(server);
    expect(
      (await bill(maple)).List.every((entry) => entry.AmountFen !== 1000 || entry.Type !== 'recharge'),
    ).toBe(true);
  });
});

type Operation =
  | { kind: 'recharge'; amountFen: number }
  | { kind: 'payBalance' }
  | { kind: 'payQr' }
  | { kind: 'refund' }
  | { kind: 'adjust'; amountFen: number }
  | { kind: 'overpay' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const), amountFen: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({ kind: fc.constant('payBalance' as const) }),
  fc.record({ kind: fc.constant('payQr' as const) }),
  fc.record({ kind: fc.constant('refund' as const) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    amountFen: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
  }),
  fc.record({ kind: fc.constant('overpay' as const) }),
);

describe('the balance', () => {
  it('always equals the sum of the ledger, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 7 }), async (operations) => {
        const shopper = await customer();
        const customerId = await shopper.customerId;
        const paid: number[] = [];
        for (const step of operations) {
          switch (step.kind) {
            case 'recharge':
              await shopper.recharge(step.amountFen);
              break;
            case 'payBalance': {
              const order = await shopper.placeOrder(1001);
              const reply = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [order.Id] });
              if (reply.success) paid.push(order.Id);
              else expect(reply.apiCode).toBe(ApiCode.InsufficientBalance);
              break;
            }
            case 'payQr': {
              const order = await shopper.placeOrder(1001);
              const payment = await shopper.createPayment([order.Id]);
              await payBySimulator(server, (await shopper.qrCode(payment.PaymentNo)).CodeUrl, 'confirm');
              paid.push(order.Id);
              break;
            }
            case 'refund': {
              const orderId = paid.pop();
              if (orderId !== undefined) {
                expect(
                  (await staff.post('/api/staff/CancelOrder', { OrderId: orderId, Reason: '退款' })).success,
                ).toBe(true);
              }
              break;
            }
            case 'adjust': {
              const reply = await staff.post('/api/staff/AdjustBalance', {
                CustomerId: customerId,
                AmountFen: step.amountFen,
                Remark: '调整',
              });
              if (!reply.success) expect(reply.apiCode).toBe(ApiCode.InsufficientBalance);
              break;
            }
            case 'overpay': {
              const order = await shopper.placeOrder(1001);
              const payment = await shopper.createPayment([order.Id]);
              const qr = await shopper.qrCode(payment.PaymentNo);
              expect(
                (await shopper.post('/api/order/CustomerCancelOrder', { OrderId: order.Id })).success,
              ).toBe(true);
              // The payer had the page open: the closed payment can no longer be paid there.
              expect(await payBySimulator(server, qr.CodeUrl, 'confirm')).toContain('已关闭');
              break;
            }
          }
          const { entries, balance } = await wholeBill(shopper);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(entries.reduce((sum, entry) => sum + entry.BalanceChangeFen, 0)).toBe(balance);
          if (entries[0])
            expect(entries.find((entry) => entry.BalanceChangeFen !== 0)?.BalanceAfterFen ?? 0).toBe(balance);
        }
      }),
      { numRuns: 12 },
    );
    await auditMoney(server);
  });
});
