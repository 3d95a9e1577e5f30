import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, COUPON_PAGE_SIZE } from '@inkstone/contracts';
import { merchantIdOf, signInAgain, signInNewCustomers } from '../../test/customer-sessions.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { reserveCouponUse } from './coupons.checkout.ts';
import { DAY_MS, HOUR_MS, copiesOf, createCoupon, stockOf } from './coupons.test-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let nextPrefix = 1370000;
async function customers(count: number, host = 'demo.localhost'): Promise<TestClient[]> {
  nextPrefix += 1;
  return signInNewCustomers(server, host, String(nextPrefix), count);
}
async function customer(host = 'demo.localhost'): Promise<TestClient> {
  return (await customers(1, host))[0]!;
}

async function waitList(client: TestClient, body: Record<string, unknown> = {}) {
  const result = await client.post('/api/coupon/wait_receive_list', body);
  expect(result.success, result.message).toBe(true);
  return result.data;
}
async function receivedList(client: TestClient, body: Record<string, unknown> = {}) {
  const result = await client.post('/api/coupon/receive_list', body);
  expect(result.success, result.message).toBe(true);
  return result.data;
}
const ids = (list: { List: { Id: number }[] }) => list.List.map((item) => item.Id);

describe('receive', () => {
  it('gives the customer a copy, takes one from stock and lists it', async () => {
    const client = await customer();
    const id = await createCoupon(server, 'demo', {
      name: '满200减20',
      amount_off_fen: 2000,
      threshold_fen: 20_000,
      total_stock: 5,
    });
    const now = server.clock.now();
    const received = await client.post('/api/coupon/receive', { id });
    expect(received).toMatchObject({
      success: true,
      message: '领取成功',
      data: {
        CouponId: id,
        Name: '满200减20',
        DiscountType: 'amount',
        AmountOffFen: 2000,
        PayPercent: 100,
        MaxDiscountFen: null,
        ThresholdFen: 20_000,
        ScopeType: 'all',
        ScopeIds: [],
        DiscountText: '减20元',
        ThresholdText: '满200元可用',
        ScopeText: '全部商品可用',
        ValidStartTime: new Date(now - HOUR_MS).toISOString(),
        ValidEndTime: new Date(now + 30 * DAY_MS).toISOString(),
        State: 0,
        StateText: '未使用',
        ReceiveTime: new Date(now).toISOString(),
        UseTime: null,
        UsedOrderId: null,
        IsApplicable: true,
        NotApplicableReason: '',
        DiscountFen: null,
      },
    });
    expect(await stockOf(server, id)).toBe(4);
    const list = await receivedList(client);
    expect(list).toMatchObject({
      PageIndex: 1,
      Limit: COUPON_PAGE_SIZE,
      PageCount: 1,
      TotalCount: 1,
      Attach: { SumAmount: 0, UnusedCount: 1, UsedCount: 0, ExpiredCount: 0 },
    });
    expect(list.List).toEqual([received.data]);
  });

  it('holds the per-customer limit', async () => {
    const client = await customer();
    const once = await createCoupon(server, 'demo');
    expect((await client.post('/api/coupon/receive', { id: once })).success).toBe(true);
    expect(await client.post('/api/coupon/receive', { id: once })).toMatchObject({
      success: false,
      apiCode: ApiCode.CouponLimitReached,
      message: '您已领取过该优惠券',
    });
    const twice = await createCoupon(server, 'demo', { per_customer_limit: 2 });
    expect((await client.post('/api/coupon/receive', { id: twice })).success).toBe(true);
    expect((await client.post('/api/coupon/receive', { id: twice })).success).toBe(true);
    expect(await client.post('/api/coupon/receive', { id: twice })).toMatchObject({
      apiCode: ApiCode.CouponLimitReached,
      message: '该优惠券每人限领2张，您已领满',
    });
    expect(await stockOf(server, twice)).toBe(98);
  });

  it('refuses coupons outside their receiving window, switched off, private or of another merchant', async () => {
    const client = await customer();
    const now = server.clock.now();
    const cases: [number, number, string][] = [
      [
        await createCoupon(server, 'demo', { receive_starts_at: Date.UTC(2099, 0, 1, 1, 30) }),
        ApiCode.CouponNotReceivable,
        '优惠券尚未开始领取，2099-01-01 09:30 开始',
      ],
      [
        await createCoupon(server, 'demo', { receive_ends_at: now }),
        ApiCode.CouponNotReceivable,
        '优惠券领取已结束',
      ],
      [
        await createCoupon(server, 'demo', { valid_ends_at: now - 1 }),
        ApiCode.CouponNotReceivable,
        '优惠券领取已结束',
      ],
      [await createCoupon(server, 'demo', { is_active: 0 }), ApiCode.CouponNotFound, '优惠券不存在或已下架'],
      [await createCoupon(server, 'demo', { is_public: 0 }), ApiCode.CouponNotFound, '优惠券不存在或已下架'],
      [await createCoupon(server, 'maple'), ApiCode.CouponNotFound, '优惠券不存在或已下架'],
      [999_999, ApiCode.CouponNotFound, '优惠券不存在或已下架'],
    ];
    for (const [id, apiCode, message] of cases) {
      const before = await stockOf(server, id).catch(() => null);
      expect(await client.post('/api/coupon/receive', { id }), String(id)).toMatchObject({
        success: false,
        apiCode,
        message,
      });
      if (before !== null) expect(await stockOf(server, id)).toBe(before);
    }
    expect((await receivedList(client)).TotalCount).toBe(0);
  });

  it('refuses a sold-out coupon', async () => {
    const [first, second] = await customers(2);
    const id = await createCoupon(server, 'demo', { total_stock: 1 });
    expect((await first!.post('/api/coupon/receive', { id })).success).toBe(true);
    expect(await second!.post('/api/coupon/receive', { id })).toMatchObject({
      apiCode: ApiCode.CouponSoldOut,
      message: '优惠券已领完',
    });
    expect(await stockOf(server, id)).toBe(0);
  });

  it('makes a copy valid for N days from receipt, never past the coupon’s end', async () => {
    const client = await customer();
    const now = server.clock.now();
    const sevenDays = await createCoupon(server, 'demo', { valid_days: 7 });
    const received = await client.post('/api/coupon/receive', { id: sevenDays });
    expect(received.data).toMatchObject({
      ValidStartTime: new Date(now).toISOString(),
      ValidEndTime: new Date(now + 7 * DAY_MS).toISOString(),
    });
    const short = await createCoupon(server, 'demo', { valid_days: 7, valid_ends_at: now + 2 * DAY_MS });
    expect((await client.post('/api/coupon/receive', { id: short })).data.ValidEndTime).toBe(
      new Date(now + 2 * DAY_MS).toISOString(),
    );
  });

  it.each([
    [{}, '请指定优惠券编号'],
    [{ id: 'abc' }, '优惠券编号无效'],
    [{ id: -3 }, '优惠券编号无效'],
    [{ id: 2 ** 40 }, '优惠券编号无效'],
  ])('names a bad id: %j', async (body, message) => {
    const client = await customer();
    expect(await client.post('/api/coupon/receive', body)).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
      message,
    });
  });

  it('needs a signed-in customer', async () => {
    const anonymous = new TestClient(server, 'demo.localhost');
    await anonymous.start();
    for (const url of ['/api/coupon/receive', '/api/coupon/receive_list', '/api/coupon/wait_receive_list']) {
      expect((await anonymous.post(url, { id: 1 })).apiCode, url).toBe(ApiCode.LoginRequired);
    }
  });
});

describe('wait_receive_list', () => {
  it('lists what the customer can receive now, and nothing else', async () => {
    const client = await customer();
    const now = server.clock.now();
    const open = await createCoupon(server, 'demo', { per_customer_limit: 2 });
    const taken = await createCoupon(server, 'demo');
    const soldOut = await createCoupon(server, 'demo', { total_stock: 3, remaining_stock: 0 });
    const later = await createCoupon(server, 'demo', { receive_starts_at: now + HOUR_MS });
    const ended = await createCoupon(server, 'demo', { receive_ends_at: now });
    const off = await createCoupon(server, 'demo', { is_active: 0 });
    const hidden = await createCoupon(server, 'demo', { is_public: 0 });
    const otherMerchant = await createCoupon(server, 'maple');
    await client.post('/api/coupon/receive', { id: taken });
    await client.post('/api/coupon/receive', { id: open });

    const list = await waitList(client);
    expect(ids(list)).toContain(open);
    for (const absent of [taken, soldOut, later, ended, off, hidden, otherMerchant]) {
      expect(ids(list)).not.toContain(absent);
    }
    expect(list.List.find((item: any) => item.Id === open)).toMatchObject({
      CouponId: open,
      TotalStock: 100,
      RemainingStock: 99,
      PerCustomerLimit: 2,
      ReceivedCount: 1,
      ValidDays: null,
    });
    expect(list.TotalCount).toBe(list.List.length);

    const mapleClient = await customer('maple.localhost');
    expect(ids(await waitList(mapleClient))).toContain(otherMerchant);
    expect(ids(await waitList(mapleClient))).not.toContain(open);
  });

  it('says for each coupon whether it fits the product and amount, and why not', async () => {
    const client = await customer();
    const full = await createCoupon(server, 'demo', { amount_off_fen: 2000, threshold_fen: 20_000 });
    const tenOff = await createCoupon(server, 'demo', {
      discount_type: 'percent',
      amount_off_fen: 0,
      pay_percent: 90,
      max_discount_fen: 5000,
    });
    const cards = await createCoupon(server, 'demo', {
      amount_off_fen: 1500,
      threshold_fen: 10_000,
      scope_type: 'categories',
      scope_ids: '100',
      valid_days: 15,
    });
    const posters = await createCoupon(server, 'demo', { scope_type: 'products', scope_ids: '2002' });
    const pick = (list: any, id: number) => list.List.find((item: any) => item.Id === id);

    const forCards = await waitList(client, { productId: 1001, paymentAmount: 15_000 });
    expect(pick(forCards, full)).toMatchObject({
      IsApplicable: false,
      NotApplicableReason: '订单金额满200元可用，还差50元',
      DiscountFen: null,
    });
    expect(pick(forCards, tenOff)).toMatchObject({
      IsApplicable: true,
      DiscountFen: 1500,
      DiscountText: '9折，最高减50元',
      ThresholdText: '无门槛',
    });
    expect(pick(forCards, cards)).toMatchObject({
      IsApplicable: true,
      DiscountFen: 1500,
      ScopeType: 'categories',
      ScopeIds: [100],
      ScopeText: '仅限名片卡片可用',
      ValidDays: 15,
      ValidText: '领取后15天内有效',
    });
    expect(pick(forCards, posters)).toMatchObject({
      IsApplicable: false,
      NotApplicableReason: '仅限海报可用，当前商品不可用',
    });

    const forFlyers = await waitList(client, { productId: 2001, paymentAmount: 80_000 });
    expect(pick(forFlyers, full)).toMatchObject({ IsApplicable: true, DiscountFen: 2000 });
    expect(pick(forFlyers, tenOff)).toMatchObject({ IsApplicable: true, DiscountFen: 5000 });
    expect(pick(forFlyers, cards)).toMatchObject({
      IsApplicable: false,
      NotApplicableReason: '仅限名片卡片可用，当前商品不可用',
    });

    const unknownAmount = await waitList(client, { productId: 0, paymentAmount: 0 });
    for (const id of [full, tenOff, cards, posters]) {
      expect(pick(unknownAmount, id)).toMatchObject({ IsApplicable: true, DiscountFen: null });
    }
  });

  it('pages the list', async () => {
    const client = await customer();
    for (let i = 0; i < 3; i++) await createCoupon(server, 'demo');
    const all = await waitList(client, { limit: COUPON_PAGE_SIZE });
    const second = await waitList(client, { pageindex: 2, limit: 2 });
    expect(second).toMatchObject({ PageIndex: 2, Limit: 2, TotalCount: all.TotalCount });
    expect(second.PageCount).toBe(Math.ceil(all.TotalCount / 2));
    expect(ids(second)).toEqual(ids(all).slice(2, 4));
  });

  it.each([
    [{ limit: COUPON_PAGE_SIZE + 1 }, `每页条数不能超过${COUPON_PAGE_SIZE}`],
    [{ limit: 0 }, '每页条数不能小于1'],
    [{ paymentAmount: 12.5 }, '支付金额应为整数（分）'],
    [{ paymentAmount: -1 }, '支付金额不能小于0'],
    [{ productId: 'x' }, '商品编号无效'],
    [{ pageindex: -1 }, '页码应为整数'],
  ])('refuses %j', async (body, message) => {
    const client = await customer();
    expect(await client.post('/api/coupon/wait_receive_list', body)).toMatchObject({
      apiCode: ApiCode.ValidationFailed,
      message,
    });
  });
});

describe('receive_list', () => {
  it('tells unused, used and expired coupons apart and filters by isUse and isExpire', async () => {
    const client = await customer();
    const merchantId = await merchantIdOf(server, 'demo');
    const lasting = await createCoupon(server, 'demo', { name: '长期券' });
    const brief = await createCoupon(server, 'demo', { name: '短期券', valid_days: 2 });
    const spent = await createCoupon(server, 'demo', { name: '已用券' });
    const copies: Record<string, number> = {};
    for (const [name, id] of Object.entries({ lasting, brief, spent })) {
      copies[name] = (await client.post('/api/coupon/receive', { id })).data.Id;
    }
    const { CustomerId: customerId, Account: account } = (await client.get('/api/oauth/LoginUserInfo')).data;
    await server.context.db.transaction().execute((trx) =>
      reserveCouponUse(trx, {
        merchantId,
        customerId,
        customerCouponId: copies.spent!,
        orderId: 424_242,
        lines: [{ productId: 1001, amountFen: 5000 }],
        now: server.clock.now(),
      }),
    );
    server.clock.advance(3 * DAY_MS);
    await signInAgain(client, account);

    const all = await receivedList(client);
    expect(
      all.List.map((item: any) => [
        item.Name,
        item.State,
        item.StateText,
        item.IsApplicable,
        item.NotApplicableReason,
      ]),
    ).toEqual([
      ['长期券', 0, '未使用', true, ''],
      ['已用券', 1, '已使用', false, '优惠券已使用'],
      ['短期券', 2, '已过期', false, '优惠券已过期'],
    ]);
    expect(all.Attach).toEqual({ SumAmount: 0, UnusedCount: 1, UsedCount: 1, ExpiredCount: 1 });
    const used = all.List.find((item: any) => item.Name === '已用券');
    expect(used).toMatchObject({ UsedOrderId: 424_242, UseTime: expect.any(String) });

    const names = async (body: Record<string, unknown>) =>
      (await receivedList(client, body)).List.map((item: any) => item.Name);
    expect(await names({ isUse: false, isExpire: false })).toEqual(['长期券']);
    expect(await names({ isUse: true })).toEqual(['已用券']);
    expect(await names({ isUse: 1 })).toEqual(['已用券']);
    expect(await names({ isExpire: true })).toEqual(['短期券']);
    expect(await names({ isExpire: false })).toEqual(['长期券', '已用券']);
    expect(await names({ isUse: false })).toEqual(['长期券', '短期券']);
    expect(await names({ isUse: true, isExpire: true })).toEqual([]);
    expect((await receivedList(client, { isUse: true, isExpire: true })).Attach.UnusedCount).toBe(1);
  });

  it('judges held coupons against a product and amount, and says when one is not yet valid', async () => {
    const client = await customer();
    const now = server.clock.now();
    const cards = await createCoupon(server, 'demo', {
      amount_off_fen: 1500,
      threshold_fen: 10_000,
      scope_type: 'categories',
      scope_ids: '100',
    });
    const future = await createCoupon(server, 'demo', {
      valid_starts_at: Date.UTC(2099, 5, 1, 16, 0),
      valid_ends_at: Date.UTC(2099, 11, 31),
    });
    await client.post('/api/coupon/receive', { id: cards });
    await client.post('/api/coupon/receive', { id: future });
    const pick = (list: any, id: number) => list.List.find((item: any) => item.CouponId === id);

    const small = await receivedList(client, { productId: 1001, paymentAmount: 9000 });
    expect(pick(small, cards)).toMatchObject({
      IsApplicable: false,
      NotApplicableReason: '适用商品金额满100元可用，还差10元',
    });
    expect(pick(small, future)).toMatchObject({
      IsApplicable: false,
      NotApplicableReason: '优惠券尚未生效，2099-06-02 00:00 起可用',
    });
    const enough = await receivedList(client, { productId: 1001, paymentAmount: 10_000 });
    expect(pick(enough, cards)).toMatchObject({ IsApplicable: true, DiscountFen: 1500 });
    expect(now).toBeLessThan(Date.UTC(2099, 0, 1));
  });

  it('shows a customer only their own coupons', async () => {
    const [owner, other] = await customers(2);
    const id = await createCoupon(server, 'demo');
    await owner!.post('/api/coupon/receive', { id });
    expect((await receivedList(owner!)).TotalCount).toBe(1);
    expect((await receivedList(other!)).TotalCount).toBe(0);
    expect((await receivedList(await customer('maple.localhost'))).TotalCount).toBe(0);
  });
});

describe('receiving under parallel requests', () => {
  it('lets exactly as many customers receive as there is stock, and the stock stops at zero', async () => {
    const clients = await customers(50);
    const id = await createCoupon(server, 'demo', { total_stock: 10 });
    const results = await Promise.all(clients.map((client) => client.post('/api/coupon/receive', { id })));
    expect(results.filter((result) => result.success)).toHaveLength(10);
    const refused = results.filter((result) => !result.success);
    expect(refused).toHaveLength(40);
    expect(refused.every((result) => result.apiCode === ApiCode.CouponSoldOut)).toBe(true);
    expect(await stockOf(server, id)).toBe(0);
    expect(await copiesOf(server, id)).toBe(10);
  }, 60_000);

  it('holds the per-customer limit when one customer sends many requests at once', async () => {
    const client = await customer();
    const id = await createCoupon(server, 'demo', { per_customer_limit: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/coupon/receive', { id })),
    );
    expect(results.filter((result) => result.success)).toHaveLength(3);
    expect(
      results
        .filter((result) => !result.success)
        .every((result) => result.apiCode === ApiCode.CouponLimitReached),
    ).toBe(true);
    expect(await stockOf(server, id)).toBe(97);
    expect(await copiesOf(server, id)).toBe(3);
  });

  it('holds both rules when many customers each send several requests', async () => {
    const clients = await customers(30);
    const id = await createCoupon(server, 'demo', { total_stock: 25 });
    const results = await Promise.all(
      clients.flatMap((client) => [0, 1, 2].map(() => client.post('/api/coupon/receive', { id }))),
    );
    expect(results.filter((result) => result.success)).toHaveLength(25);
    expect(await stockOf(server, id)).toBe(0);
    const perCustomer = await server.context.db
      .selectFrom('customer_coupons')
      .select('customer_id')
      .where('coupon_id', '=', id)
      .execute();
    expect(perCustomer).toHaveLength(25);
    expect(new Set(perCustomer.map((row) => row.customer_id)).size).toBe(25);
  }, 60_000);
});

describe('demo coupons', () => {
  it('seeds the demo merchants’ coupons', async () => {
    const rows = await server.context.db
      .selectFrom('coupons as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select(['m.code as merchant', 'c.name', 'c.scope_type', 'c.remaining_stock', 'c.total_stock'])
      .where('c.code', 'not like', 'TEST-%')
      .orderBy('c.id')
      .execute();
    expect(rows.map((row) => [row.merchant, row.name, row.scope_type])).toEqual([
      ['demo', '满200减20', 'all'],
      ['demo', '9折券', 'all'],
      ['demo', '名片专享券', 'categories'],
      ['demo', '海报8.8折', 'products'],
      ['demo', '新客立减10元', 'all'],
      ['maple', '满300减30', 'all'],
      ['maple', '条幅专享9折', 'products'],
      ['maple', '广告制作满150减20', 'categories'],
    ]);
  });
});
