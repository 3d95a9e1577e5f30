/**
 * GetMobilePayUrl and MobileRecharge on a merchant paid through the simulator (docs/payments.md):
 * the phone opens the simulator's page, which offers the way back to the site's pay (or recharge)
 * page and never another address; without online payment the calls are refused with the usual
 * sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, ONLINE_PAYMENT_UNAVAILABLE_MESSAGE, type MobilePay } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, payBySimulator } from '../orders/orders.test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('paying on a phone through the simulator', () => {
  it('opens the simulator page, which leads back to the pay page', async () => {
    const shopper = await Shopper.demo(server);
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const returnPath = `/user/order/pay?no=${payment.PaymentNo}&paid_with=alipay`;
    const link = await shopper.post<MobilePay>('/api/payment/GetMobilePayUrl', {
      PaymentNo: payment.PaymentNo,
      PayType: 'alipay',
      ReturnPath: returnPath,
    });
    expect(link.success, link.message).toBe(true);
    expect(link.data).toMatchObject({ PayType: 'alipay', IsSimulated: true, AmountFen: payment.AmountFen });
    const url = new URL(link.data.PayUrl);
    expect(url.pathname).toBe(`/pay/simulator/${payment.PaymentNo}`);
    expect(url.searchParams.get('return')).toBe(returnPath);
    const shown = await server.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: url.host },
    });
    expect(shown.body).toContain('name="return"');
    const page = await payBySimulator(server, link.data.PayUrl, 'confirm');
    expect(page).toContain('支付成功');
    const status = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: payment.PaymentNo });
    expect(status.data).toMatchObject({ IsPaid: true, PayMethod: 'alipay' });
  });

  it('shows 返回商户页面 only for a path of the site', async () => {
    const shopper = await Shopper.demo(server);
    const order = await shopper.placeOrder();
    const payment = await shopper.createPayment([order.Id]);
    const link = await shopper.post<MobilePay>('/api/payment/GetMobilePayUrl', {
      PaymentNo: payment.PaymentNo,
      PayType: 'wechat',
      ReturnPath: '/user/order/pay?no=1',
    });
    const url = new URL(link.data.PayUrl);
    const form = (back: string) =>
      new URLSearchParams({
        method: url.searchParams.get('method') ?? '',
        expires: url.searchParams.get('expires') ?? '',
        sign: url.searchParams.get('sign') ?? '',
        return: back,
        action: 'cancel',
      }).toString();
    const offSite = await server.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form('//evil.example/x'),
    });
    expect(offSite.body).toContain('已取消支付');
    expect(offSite.body).not.toContain('返回商户页面');
    expect(offSite.body).not.toContain('evil.example');
    for (const bad of ['https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const refused = await shopper.post('/api/payment/GetMobilePayUrl', {
        PaymentNo: payment.PaymentNo,
        PayType: 'wechat',
        ReturnPath: bad,
      });
      expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    }
  });

  it('recharges on a phone: the simulator page leads back to the recharge page with the payment', async () => {
    const shopper = await Shopper.demo(server);
    const before = await shopper.balance();
    const link = await shopper.post<MobilePay>('/api/cust/MobileRecharge', {
      AmountFen: 5_000,
      PayType: 'wechat',
      ReturnPath: '/user/sys/balance?paid_with=wechat',
    });
    expect(link.success, link.message).toBe(true);
    expect(link.data).toMatchObject({ PayType: 'wechat', IsSimulated: true, AmountFen: 5_000 });
    const url = new URL(link.data.PayUrl);
    expect(url.pathname).toBe(`/pay/simulator/${link.data.PaymentNo}`);
    expect(url.searchParams.get('return')).toBe(
      `/user/sys/balance?paid_with=wechat&no=${link.data.PaymentNo}`,
    );
    expect(await payBySimulator(server, link.data.PayUrl, 'confirm')).toContain('支付成功');
    const status = await shopper.post('/api/payment/QueryPayStatus', { PaymentNo: link.data.PaymentNo });
    expect(status.data).toMatchObject({ Purpose: 'recharge', IsPaid: true, BalanceFen: before + 5_000 });
  });

  it('is refused where the merchant has no online payment', async () => {
    await server.context.db
      .updateTable('merchants')
      .set({ is_demo: 0 })
      .where('code', '=', 'maple')
      .execute();
    try {
      const shopper = await Shopper.maple(server);
      const order = await shopper.placeOrder();
      const payment = await shopper.createPayment([order.Id]);
      const refused = await shopper.post('/api/payment/GetMobilePayUrl', {
        PaymentNo: payment.PaymentNo,
        PayType: 'wechat',
      });
      expect(refused).toMatchObject({
        success: false,
        apiCode: ApiCode.PaymentMethodUnavailable,
        message: ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
      });
      const recharge = await shopper.post('/api/cust/MobileRecharge', {
        AmountFen: 10_000,
        PayType: 'wechat',
      });
      expect(recharge).toMatchObject({
        success: false,
        apiCode: ApiCode.PaymentMethodUnavailable,
        message: ONLINE_PAYMENT_UNAVAILABLE_MESSAGE,
      });
    } finally {
      await server.context.db
        .updateTable('merchants')
        .set({ is_demo: 1 })
        .where('code', '=', 'maple')
        .execute();
    }
  });
});
