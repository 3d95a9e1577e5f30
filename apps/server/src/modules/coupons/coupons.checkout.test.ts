import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { merchantIdOf, signInNewCustomers } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { CouponCatalog } from './coupon-catalog.ts';
import {
  findApplicableCoupons,
  loadCouponCatalog,
  releaseCouponUse,
  reserveCouponUse,
  type CouponCheckout,
} from './coupons.checkout.ts';
import { DAY_MS, createCoupon } from './coupons.test-support.ts';

let server: TestServer;
let merchantId: number;
let catalog: CouponCatalog;
beforeAll(async () => {
  server = await startTestServer();
  merchantId = await merchantIdOf(server, 'demo');
  catalog = await loadCouponCatalog(server.services.catalogs, merchantId);
});
afterAll(async () => server.close());

let nextPrefix = 1380000;
let nextOrderId = 9000;

/** A signed-in demo customer holding one copy of each coupon; returns their id and copy ids. */
async function customerHolding(couponIds: number[]) {
  nextPrefix += 1;
  const [client] = await signInNewCustomers(server, 'demo.localhost', String(nextPrefix), 1);
  const copies: number[] = [];
  for (const id of couponIds) {
    const received = await client!.post('/api/coupon/receive', { id });
    expect(received.success, received.message).toBe(true);
    copies.push(received.data.Id);
  }
  const customerId = (await client!.get('/api/oauth/LoginUserInfo')).data.CustomerId as number;
  return { client: client!, customerId, copies };
}

const cardLine = (amountFen: number) => ({ productId: 1001, amountFen });
const flyerLine = (amountFen: number) => ({ productId: 2001, amountFen });

function checkout(customerId: number, lines: CouponCheckout['lines']): CouponCheckout {
  return { merchantId, customerId, lines, now: server.clock.now(), catalog };
}

async function statusOf(customerCouponId: number) {
  return server.context.db
    .selectFrom('customer_coupons')
    .select(['status', 'used_order_id', 'discount_fen'])
    .where('id', '=', customerCouponId)
    .executeTakeFirstOrThrow();
}

describe('findApplicableCoupons', () => {
  it('puts the coupons that fit first, largest discount first, with reasons for the rest', async () => {
    const full = await createCoupon(server, 'demo', {
      name: '满200减20',
      amount_off_fen: 2000,
      threshold_fen: 20_000,
    });
    const tenOff = await createCoupon(server, 'demo', {
      name: '9折',
      discount_type: 'percent',
      amount_off_fen: 0,
      pay_percent: 90,
      max_discount_fen: 5000,
    });
    const cards = await createCoupon(server, 'demo', {
      name: '名片专享',
      amount_off_fen: 1500,
      threshold_fen: 10_000,
      scope_type: 'categories',
      scope_ids: '100',
    });
    const posters = await createCoupon(server, 'demo', {
      name: '海报专享',
      scope_type: 'products',
      scope_ids: '2002',
    });
    const { customerId, copies } = await customerHolding([full, tenOff, cards, posters]);

    const options = await findApplicableCoupons(
      server.context.db,
      checkout(customerId, [cardLine(12_000), flyerLine(13_000)]),
    );
    expect(
      options.map((option) => [option.name, option.isApplicable, option.discountFen, option.reason]),
    ).toEqual([
      ['9折', true, 2500, ''],
      ['满200减20', true, 2000, ''],
      ['名片专享', true, 1500, ''],
      ['海报专享', false, 0, '仅限海报可用，当前商品不可用'],
    ]);
    expect(options[0]).toMatchObject({
      customerCouponId: copies[1],
      couponId: tenOff,
      discountText: '9折，最高减50元',
      thresholdText: '无门槛',
      scopeText: '全部商品可用',
    });

    const small = await findApplicableCoupons(server.context.db, checkout(customerId, [flyerLine(9000)]));
    expect(small.find((option) => option.name === '满200减20')).toMatchObject({
      isApplicable: false,
      reason: '订单金额满200元可用，还差110元',
    });
    expect(small.find((option) => option.name === '名片专享')).toMatchObject({
      isApplicable: false,
      reason: '仅限名片卡片可用，当前商品不可用',
    });
  });

  it('leaves out used and expired coupons', async () => {
    const lasting = await createCoupon(server, 'demo', { name: '长期' });
    const brief = await createCoupon(server, 'demo', { name: '短期', valid_days: 1 });
    const { customerId, copies } = await customerHolding([lasting, brief]);
    await server.context.db.transaction().execute((trx) =>
      reserveCouponUse(trx, {
        ...checkout(customerId, [cardLine(5000)]),
        customerCouponId: copies[0]!,
        orderId: (nextOrderId += 1),
      }),
    );
    expect(
      await findApplicableCoupons(server.context.db, checkout(customerId, [cardLine(5000)])),
    ).toHaveLength(1);
    server.clock.advance(DAY_MS + 1);
    expect(await findApplicableCoupons(server.context.db, checkout(customerId, [cardLine(5000)]))).toEqual(
      [],
    );
  });
});

describe('reserveCouponUse and releaseCouponUse', () => {
  it('uses a coupon for an order once, and gives it back when the order is cancelled', async () => {
    const id = await createCoupon(server, 'demo', { amount_off_fen: 2000, threshold_fen: 20_000 });
    const { customerId, copies } = await customerHolding([id]);
    const orderId = (nextOrderId += 1);
    const use = await server.context.db.transaction().execute((trx) =>
      reserveCouponUse(trx, {
        ...checkout(customerId, [flyerLine(25_000)]),
        customerCouponId: copies[0]!,
        orderId,
      }),
    );
    expect(use).toEqual({
      customerCouponId: copies[0],
      couponId: id,
      name: expect.any(String),
      discountFen: 2000,
    });
    expect(await statusOf(copies[0]!)).toEqual({ status: 1, used_order_id: orderId, discount_fen: 2000 });

    await expect(
      server.context.db.transaction().execute((trx) =>
        reserveCouponUse(trx, {
          ...checkout(customerId, [flyerLine(25_000)]),
          customerCouponId: copies[0]!,
          orderId: (nextOrderId += 1),
        }),
      ),
    ).rejects.toMatchObject({ apiCode: ApiCode.CouponUnavailable, message: '优惠券已使用' });

    const released = await server.context.db
      .transaction()
      .execute((trx) => releaseCouponUse(trx, { merchantId, orderId }));
    expect(released).toBe(1);
    expect(await statusOf(copies[0]!)).toEqual({ status: 0, used_order_id: null, discount_fen: 0 });
    const releasedAgain = await releaseCouponUse(server.context.db, { merchantId, orderId });
    expect(releasedAgain).toBe(0);
  });

  it('leaves the coupon unused when the order transaction rolls back', async () => {
    const id = await createCoupon(server, 'demo');
    const { customerId, copies } = await customerHolding([id]);
    await expect(
      server.context.db.transaction().execute(async (trx) => {
        await reserveCouponUse(trx, {
          ...checkout(customerId, [cardLine(5000)]),
          customerCouponId: copies[0]!,
          orderId: (nextOrderId += 1),
        });
        throw new Error('the order could not be stored');
      }),
    ).rejects.toThrow('the order could not be stored');
    expect(await statusOf(copies[0]!)).toEqual({ status: 0, used_order_id: null, discount_fen: 0 });
  });

  it('refuses an order that does not meet the conditions, and a coupon that is not the customer’s', async () => {
    const id = await createCoupon(server, 'demo', {
      amount_off_fen: 1500,
      threshold_fen: 10_000,
      scope_type: 'categories',
      scope_ids: '100',
    });
    const { customerId, copies } = await customerHolding([id]);
    const other = await customerHolding([]);
    const attempt = (owner: number, lines: CouponCheckout['lines']) =>
      server.context.db.transaction().execute((trx) =>
        reserveCouponUse(trx, {
          ...checkout(owner, lines),
          customerCouponId: copies[0]!,
          orderId: (nextOrderId += 1),
        }),
      );
    await expect(attempt(customerId, [flyerLine(50_000)])).rejects.toMatchObject({
      apiCode: ApiCode.CouponNotApplicable,
      message: '仅限名片卡片可用，当前商品不可用',
    });
    await expect(attempt(customerId, [cardLine(9999), flyerLine(50_000)])).rejects.toMatchObject({
      apiCode: ApiCode.CouponNotApplicable,
      message: '适用商品金额满100元可用，还差0.01元',
    });
    await expect(attempt(other.customerId, [cardLine(20_000)])).rejects.toMatchObject({
      apiCode: ApiCode.CouponNotFound,
    });
    expect(await statusOf(copies[0]!)).toMatchObject({ status: 0 });
    await expect(attempt(customerId, [cardLine(10_000), flyerLine(50_000)])).resolves.toMatchObject({
      discountFen: 1500,
    });
  });

  it('refuses an expired coupon', async () => {
    const id = await createCoupon(server, 'demo', { valid_days: 1 });
    const { customerId, copies } = await customerHolding([id]);
    server.clock.advance(DAY_MS);
    await expect(
      server.context.db.transaction().execute((trx) =>
        reserveCouponUse(trx, {
          ...checkout(customerId, [cardLine(5000)]),
          customerCouponId: copies[0]!,
          orderId: (nextOrderId += 1),
        }),
      ),
    ).rejects.toMatchObject({ apiCode: ApiCode.CouponUnavailable, message: '优惠券已过期' });
  });

  it('lets exactly one of many orders racing for one coupon have it', async () => {
    const id = await createCoupon(server, 'demo');
    const { customerId, copies } = await customerHolding([id]);
    const orderIds = Array.from({ length: 12 }, () => (nextOrderId += 1));
    const outcomes = await Promise.allSettled(
      orderIds.map((orderId) =>
        server.context.db.transaction().execute((trx) =>
          reserveCouponUse(trx, {
            ...checkout(customerId, [cardLine(5000)]),
            customerCouponId: copies[0]!,
            orderId,
          }),
        ),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toMatchObject({ apiCode: ApiCode.CouponUnavailable });
      }
    }
    const stored = await statusOf(copies[0]!);
    expect(stored.status).toBe(1);
    expect(orderIds).toContain(stored.used_order_id);
  });
});
