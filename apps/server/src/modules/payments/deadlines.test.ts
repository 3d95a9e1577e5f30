import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, PayStatus } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Shopper, demoCustomers, payBySimulator } from '../orders/orders.test-support.ts';

/**
 * One payment deadline, shown the same everywhere (docs/payments.md "Deadlines and closed
 * payments"), and a closed payment that says why it was closed.
 */
let server: TestServer;
beforeAll(async () => {
  // Orders wait 30 minutes for payment here, well inside a sign-in's lifetime.
  server = await startTestServer({ ORDER_UNPAID_CANCEL_MINUTES: 30 });
});
afterAll(async () => server.close());

const customer = demoCustomers(() => server, 13700004000, '198.20');

async function payStatus(shopper: Shopper, paymentNo: string): Promise<PayStatus> {
  const reply = await shopper.post<PayStatus>('/api/payment/QueryPayStatus', { PaymentNo: paymentNo });
  expect(reply.success, reply.message).toBe(true);
  return reply.data;
}

describe('the payment deadline', () => {
  it('is the order’s own deadline, on the payment, the pay status and the order alike', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    expect(detail.data.UnpaidExpiresAt).toBeTruthy();
    expect(payment.ExpiresAt).toBe(detail.data.UnpaidExpiresAt);
    expect((await payStatus(shopper, payment.PaymentNo)).ExpiresAt).toBe(detail.data.UnpaidExpiresAt);
  });

  it('is the earliest of its orders’ deadlines when it pays several', async () => {
    const shopper = await customer();
    const first = await shopper.placeOrder(1001);
    server.clock.advance(10 * 60_000);
    const second = await shopper.placeOrder(2001);
    const payment = await shopper.createPayment([second.Id, first.Id]);
    expect(payment.ExpiresAt).toBe(first.UnpaidExpiresAt);
  });
});

describe('a closed payment says why', () => {
  it('declined: the payer cancelled at the gateway, and the order is still unpaid', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const qr = await shopper.qrCode(payment.PaymentNo);
    await payBySimulator(server, qr.CodeUrl, 'cancel');
    expect(await payStatus(shopper, payment.PaymentNo)).toMatchObject({
      Status: 'closed',
      CloseReason: 'declined',
    });
    const detail = await shopper.post<OrderDetail>('/api/order/OrderDetail', { OrderId: order.Id });
    expect(detail.data.StatusName).toBe('待付款');
  });

  it('order_cancelled: the customer cancelled the order', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    const cancelled = await shopper.post('/api/order/CustomerCancelOrder', {
      OrderId: order.Id,
      Reason: '不要了',
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(await payStatus(shopper, payment.PaymentNo)).toMatchObject({
      Status: 'closed',
      CloseReason: 'order_cancelled',
    });
  });

  it('expired: the deadline passed', async () => {
    const shopper = await customer();
    const order = await shopper.placeOrder(1001);
    const payment = await shopper.createPayment([order.Id]);
    expect((await payStatus(shopper, payment.PaymentNo)).CloseReason).toBeNull();
    server.clock.advance(Date.parse(payment.ExpiresAt) - server.clock.now());
    expect(await payStatus(shopper, payment.PaymentNo)).toMatchObject({
      Status: 'closed',
      CloseReason: 'expired',
    });
  });
});
