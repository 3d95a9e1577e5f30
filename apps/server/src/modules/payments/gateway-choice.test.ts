/**
 * Which merchant may pay through the embedded payment simulator (docs/payments.md): demo
 * merchants by default; any other only when PAYMENT_PROVIDER=simulator. Without a gateway a
 * merchant's customers pay by balance, QR payments and recharges are refused with a message, and
 * the simulator pays none of its payments. Simulated money is marked 模拟支付 (IsSimulated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
  type BillPage,
  type PayStatus,
  type Payment,
  type QrCode,
} from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, auditMoney, payBySimulator } from '../orders/orders.test-support.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';

/** Marks a merchant demo or not, as an operator would in the merchants table. */
async function setDemo(server: TestServer, code: string, isDemo: boolean): Promise<void> {
  await server.context.db
    .updateTable('merchants')
    .set({ is_demo: isDemo ? 1 : 0 })
    .where('code', '=', code)
    .execute();
}

async function countPayments(server: TestServer, shopper: Shopper): Promise<number> {
  const row = await server.context.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', await shopper.customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the default: simulator for demo merchants only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('seeds the two demo merchants as demo', async () => {
    const rows = await server.context.db.selectFrom('merchants').select(['code', 'is_demo']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.code, row.is_demo]))).toEqual({ demo: 1, maple: 1 });
  });

  it('lets a demo merchant pay by simulator and says 模拟支付 on payment, code, status and bill', async () => {
    const shopper = await Shopper.demo(server);
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    expect(payment).toMatchObject({ Methods: ['balance', 'wechat', 'alipay'], IsSimulated: true });
    const qr = await shopper.qrCode(payment.PaymentNo);
    expect(qr.IsSimulated).toBe(true);
    const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', {
      PaymentNo: payment.PaymentNo,
    });
    expect(status.data).toMatchObject({ Methods: ['balance', 'wechat', 'alipay'], IsSimulated: true });
    const page = await payBySimulator(server, qr.CodeUrl, 'confirm');
    expect(page).toContain('模拟支付');
    expect(page).toContain('支付成功');
    const paid = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', {
      PaymentNo: payment.PaymentNo,
    });
    expect(paid.data).toMatchObject({ IsPaid: true, Methods: [], IsSimulated: true });
    const bill = await shopper.post<BillPage>('/api/order/QueryCustomerBill', { Keyword: payment.PaymentNo });
    expect(bill.data.List.map((entry) => [entry.PayMethod, entry.IsSimulated])).toEqual([['wechat', true]]);
  });

  it('does not call a balance payment simulated', async () => {
    const shopper = await Shopper.demo(server);
    await shopper.recharge(100_000);
    const order = await shopper.placeOrder();
    const paid = await shopper.post<Payment>('/api/payment/BalancePaymannet', { OrderIds: [order.Id] });
    expect(paid.success, paid.message).toBe(true);
    expect(paid.data).toMatchObject({ PayMethod: 'balance', IsSimulated: false });
    const bill = await shopper.post<BillPage>('/api/order/QueryCustomerBill', {
      Keyword: paid.data.PaymentNo,
    });
    expect(bill.data.List.map((entry) => [entry.PayMethod, entry.IsSimulated])).toEqual([['balance', false]]);
    const recharges = await shopper.post<BillPage>('/api/order/QueryCustomerBill', { Type: 'recharge' });
    expect(recharges.data.List.length).toBeGreaterThan(0);
    expect(recharges.data.List.every((entry) => entry.IsSimulated)).toBe(true);
  });

  describe('a merchant that is not a demo merchant', () => {
    let shopper: Shopper;
    beforeAll(async () => {
      shopper = await Shopper.maple(server);
      // Balance from the back office, before the merchant stops being a demo one.
      const staff = await StaffClient.signIn(server, 'maple.localhost');
      const adjusted = await staff.post('/api/staff/AdjustBalance', {
        CustomerId: await shopper.customerId,
        AmountFen: 500_000,
        Remark: '预存货款',
      });
      expect(adjusted.success, adjusted.message).toBe(true);
      await setDemo(server, 'maple', false);
    });
    afterAll(async () => setDemo(server, 'maple', true));

    it('offers balance only and says so in the payment and its status', async () => {
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      expect(payment).toMatchObject({ Methods: ['balance'], IsSimulated: false });
      const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', {
        PaymentNo: payment.PaymentNo,
      });
      expect(status.data).toMatchObject({ Methods: ['balance'], IsSimulated: false });
    });

    it('refuses a QR code and a fresh one with the message, changing nothing', async () => {
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      const qr = await shopper.post<QrCode>('/api/payment/getqrcode', {
        PaymentNo: payment.PaymentNo,
        PayType: 'wechat',
      });
      expect(qr).toMatchObject({
        success: false,
        apiCode: ApiCode.PaymentMethodUnavailable,
        message: ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
      });
      const refreshed = await shopper.client.get('/api/v1/get_qrcode_refresh', {
        PaymentNo: payment.PaymentNo,
      });
      expect(refreshed).toMatchObject({ success: false, message: ONLINE_PAYMENT_UNAVAILABLE_MESSAGE });
      const row = await server.context.db
        .selectFrom('payments')
        .select(['provider', 'qr_method', 'status'])
        .where('payment_no', '=', payment.PaymentNo)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ provider: '', qr_method: '', status: 'pending' });
    });

    it('refuses a recharge with the message and stores no payment', async () => {
      const before = await countPayments(server, shopper);
      const recharge = await shopper.post('/api/cust/Recharge', { AmountFen: 10_000, PayType: 'alipay' });
      expect(recharge).toMatchObject({
        success: false,
        apiCode: ApiCode.PaymentMethodUnavailable,
        message: '本站尚未开通在线支付，请联系商家',
      });
      expect(await countPayments(server, shopper)).toBe(before);
    });

    it('still takes balance payments', async () => {
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      const paid = await shopper.post<Payment>('/api/payment/BalancePaymannet', {
        PaymentNo: payment.PaymentNo,
      });
      expect(paid.success, paid.message).toBe(true);
      expect(paid.data).toMatchObject({ Status: 'paid', PayMethod: 'balance', IsSimulated: false });
    });

    it('refuses a simulator notification for its payment, even one correctly signed', async () => {
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      const notification = new SimulatorGateway(server.context.signingSecret).buildNotification({
        paymentNo: payment.PaymentNo,
        amountFen: payment.AmountFen,
        payType: 'wechat',
        status: 'SUCCESS',
        now: server.clock.now(),
      });
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/payment/notify/simulator',
        headers: { host: 'maple.localhost', 'content-type': 'application/json' },
        payload: JSON.stringify(notification),
      });
      expect(response.json()).toMatchObject({ success: false, apiCode: ApiCode.PaymentNotifyInvalid });
      const status = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', {
        PaymentNo: payment.PaymentNo,
      });
      expect(status.data).toMatchObject({ Status: 'pending', IsPaid: false });
      await auditMoney(server);
    });

    it('pays through the simulator again once it is a demo merchant', async () => {
      await setDemo(server, 'maple', true);
      try {
        const order = await shopper.placeOrder();
        const payment = await shopper.createPayment([order.Id]);
        expect(payment.IsSimulated).toBe(true);
        const page = await payBySimulator(
          server,
          (await shopper.qrCode(payment.PaymentNo)).CodeUrl,
          'confirm',
        );
        expect(page).toContain('支付成功');
      } finally {
        await setDemo(server, 'maple', false);
      }
    });
  });
});

describe('PAYMENT_PROVIDER=simulator, set by the operator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_PROVIDER: 'simulator' });
    await setDemo(server, 'maple', false);
  });
  afterAll(async () => server.close());

  it('lets a merchant that is not a demo merchant pay by simulator, marked 模拟支付', async () => {
    const shopper = await Shopper.maple(server);
    const qr = await shopper.post<QrCode>('/api/cust/Recharge', { AmountFen: 20_000, PayType: 'wechat' });
    expect(qr.success, qr.message).toBe(true);
    expect(qr.data.IsSimulated).toBe(true);
    expect(await payBySimulator(server, qr.data.CodeUrl, 'confirm')).toContain('支付成功');
    expect(await shopper.balance()).toBe(20_000);
    const bill = await shopper.post<BillPage>('/api/order/QueryCustomerBill', { Type: 'recharge' });
    expect(bill.data.List.map((entry) => entry.IsSimulated)).toEqual([true]);
  });
});
