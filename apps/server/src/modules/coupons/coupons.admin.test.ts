import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type StaffCoupon, type StaffCouponList } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, auditMoney } from '../orders/orders.test-support.ts';
import { DAY_MS, HOUR_MS } from './coupons.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let finance: StaffClient;
let mapleAdmin: StaffClient;
let nextMobile = 13_700_001_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  finance = await StaffClient.signIn(server, 'demo.localhost', 'finance', 'DemoStaff2026');
  mapleAdmin = await StaffClient.signIn(server, 'maple.localhost');
});
afterAll(async () => server.close());

const iso = (ms: number) => new Date(ms).toISOString();

/** A new demo customer, each from its own IP. */
async function newCustomer(): Promise<Shopper> {
  nextMobile += 1;
  return Shopper.register(
    server,
    'demo.localhost',
    String(nextMobile),
    `10.77.${Math.floor(nextMobile / 250) % 250}.${nextMobile % 250}`,
  );
}

/** A coupon body as the console sends it: 减5元, no threshold, all products, 1 each, 100 copies. */
function couponBody(overrides: Record<string, unknown> = {}) {
  const now = server.clock.now();
  return {
    Name: '控制台立减5元',
    Description: '后台新建',
    DiscountType: 'amount',
    AmountOffFen: 500,
    ThresholdFen: 0,
    ScopeType: 'all',
    ScopeIds: [],
    ReceiveStartTime: iso(now - HOUR_MS),
    ReceiveEndTime: iso(now + 10 * DAY_MS),
    ValidStartTime: iso(now - HOUR_MS),
    ValidEndTime: iso(now + 20 * DAY_MS),
    ValidDays: null,
    PerCustomerLimit: 1,
    TotalStock: 100,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, staff = finance): Promise<StaffCoupon> {
  const saved = await staff.post<StaffCoupon>('/api/staff/SaveCoupon', couponBody(overrides));
  expect(saved.success, saved.message).toBe(true);
  return saved.data;
}

async function listed(staff: StaffClient, id: number): Promise<StaffCoupon | undefined> {
  const list = await staff.post<StaffCouponList>('/api/staff/QueryCoupons', {});
  expect(list.success, list.message).toBe(true);
  return list.data.List.find((coupon) => coupon.Id === id);
}

/** The coupon as saved from what the console read, with `change` applied. */
function edited(coupon: StaffCoupon, change: Record<string, unknown>) {
  return {
    Id: coupon.Id,
    Revision: coupon.Revision,
    Name: coupon.Name,
    Description: coupon.Description,
    DiscountType: coupon.DiscountType,
    AmountOffFen: coupon.AmountOffFen,
    PayPercent: coupon.PayPercent,
    MaxDiscountFen: coupon.MaxDiscountFen,
    ThresholdFen: coupon.ThresholdFen,
    ScopeType: coupon.ScopeType,
    ScopeIds: coupon.ScopeIds,
    ReceiveStartTime: coupon.ReceiveStartTime,
    ReceiveEndTime: coupon.ReceiveEndTime,
    ValidStartTime: coupon.ValidStartTime,
    ValidEndTime: coupon.ValidEndTime,
    ValidDays: coupon.ValidDays,
    PerCustomerLimit: coupon.PerCustomerLimit,
    TotalStock: coupon.TotalStock,
    SortOrder: coupon.SortOrder,
    ...change,
  };
}

async function waiting(customer: Shopper): Promise<number[]> {
  const list = await customer.post('/api/coupon/wait_receive_list', {});
  expect(list.success, list.message).toBe(true);
  return list.data.List.map((coupon: { Id: number }) => coupon.Id);
}

async function couponRows(): Promise<number> {
  const rows = await server.context.db.selectFrom('coupons').select('id').execute();
  return rows.length;
}

describe('营销: coupons made in the console', () => {
  it('creates a coupon a customer receives and uses at checkout, and the counts move', async () => {
    const coupon = await create({ Name: '控制台满减券' });
    expect(coupon).toMatchObject({
      Name: '控制台满减券',
      DiscountText: '减5元',
      ThresholdText: '无门槛',
      ScopeText: '全部商品可用',
      Status: 'active',
      StatusText: '领取中',
      ReceivedCount: 0,
      UsedCount: 0,
      DiscountedFen: 0,
      RemainingStock: 100,
      Revision: 1,
    });
    const shopper = await newCustomer();
    expect(await waiting(shopper)).toContain(coupon.Id);
    const received = await shopper.post('/api/coupon/receive', { id: coupon.Id });
    expect(received.success, received.message).toBe(true);
    expect(received.data).toMatchObject({ CouponId: coupon.Id, Name: '控制台满减券', State: 0 });
    expect(await listed(finance, coupon.Id)).toMatchObject({
      ReceivedCount: 1,
      UsedCount: 0,
      RemainingStock: 99,
    });

    const order = await shopper.placeOrder(1001, { CouponId: received.data.Id });
    expect(order).toMatchObject({ DiscountFen: 500, CouponName: '控制台满减券' });
    expect(order.TotalFen).toBe(order.GoodsFen + order.ExpressFen - 500);
    expect(await listed(admin, coupon.Id)).toMatchObject({
      ReceivedCount: 1,
      UsedCount: 1,
      DiscountedFen: 500,
    });
    await auditMoney(server);
  });

  it('keeps every rule of the engine: a percent coupon limited to a category, valid for days after receipt', async () => {
    const coupon = await create({
      Name: '名片8.5折',
      DiscountType: 'percent',
      PayPercent: 85,
      MaxDiscountFen: 3000,
      AmountOffFen: 0,
      ThresholdFen: 100,
      ScopeType: 'categories',
      ScopeIds: [100],
      ValidDays: 3,
      PerCustomerLimit: 2,
      TotalStock: 10,
    });
    expect(coupon).toMatchObject({
      DiscountText: '8.5折，最高减30元',
      ThresholdText: '满1元可用',
      ScopeText: '仅限名片卡片可用',
      ValidDays: 3,
      PerCustomerLimit: 2,
    });
    const shopper = await newCustomer();
    const first = await shopper.post('/api/coupon/receive', { id: coupon.Id });
    expect(first.success, first.message).toBe(true);
    expect(Date.parse(first.data.ValidEndTime) - Date.parse(first.data.ReceiveTime)).toBe(3 * DAY_MS);
    expect((await shopper.post('/api/coupon/receive', { id: coupon.Id })).success).toBe(true);
    const third = await shopper.post('/api/coupon/receive', { id: coupon.Id });
    expect(third.apiCode).toBe(ApiCode.CouponLimitReached);
    const list = await finance.post<StaffCouponList>('/api/staff/QueryCoupons', {});
    expect(list.data.ScopeOptions.Categories).toContainEqual(
      expect.objectContaining({ Id: 100, Title: '名片卡片' }),
    );
    expect(list.data.ScopeOptions.Products).toContainEqual(expect.objectContaining({ Id: 1001 }));
  });

  it('refuses invalid values with a Chinese message naming the field, and writes nothing', async () => {
    const before = await couponRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: '  ' }, '请填写优惠券名称'],
      [{ AmountOffFen: 0 }, '减免金额应大于0'],
      [{ AmountOffFen: 2000, ThresholdFen: 1000 }, '减免金额不能大于使用门槛'],
      [{ AmountOffFen: 12.5 }, '减免金额应为整数（分）'],
      [{ DiscountType: 'percent', PayPercent: 100 }, '折扣应在 0.1折 到 9.9折 之间（1–99，90 为 9折）'],
      [{ DiscountType: 'percent' }, '折扣应在 0.1折 到 9.9折 之间（1–99，90 为 9折）'],
      [{ Name: 'x'.repeat(31) }, '优惠券名称不能超过30个字'],
      [{ ScopeType: 'everything' }, '适用范围应为 全部商品、指定商品 或 指定分类'],
      [{ ScopeType: 'products', ScopeIds: [] }, '请选择适用商品'],
      [{ ScopeType: 'products', ScopeIds: [987654] }, '适用商品中有商品目录里没有的商品：编号 987654'],
      [{ ReceiveEndTime: iso(server.clock.now() - 2 * HOUR_MS) }, '领取结束时间应晚于领取开始时间'],
      [{ ValidEndTime: iso(server.clock.now() + DAY_MS) }, '领取结束时间不能晚于有效期结束时间'],
      [
        { ReceiveStartTime: '2026-12-01 00:00' },
        '领取开始时间格式无效，应为带时区的时间，如 2026-12-01T00:00:00+08:00',
      ],
      [{ TotalStock: 0 }, '发放总量至少1张'],
      [{ PerCustomerLimit: 101 }, '每人限领不能超过100张'],
      [{ ValidDays: 0 }, '领取后有效天数至少1天'],
    ];
    for (const [change, message] of cases) {
      const reply = await finance.post('/api/staff/SaveCoupon', couponBody(change));
      expect(reply.success, JSON.stringify(change)).toBe(false);
      expect(reply.apiCode).toBe(ApiCode.ValidationFailed);
      expect(reply.message).toBe(message);
    }
    expect(await couponRows()).toBe(before);
  });

  it('once received, refuses a change of value but extends the end, the stock and the limit; held copies move with the end', async () => {
    const coupon = await create({ TotalStock: 5 });
    const shopper = await newCustomer();
    const received = await shopper.post('/api/coupon/receive', { id: coupon.Id });
    expect(received.success, received.message).toBe(true);
    const current = (await listed(finance, coupon.Id))!;

    const richer = await finance.post(
      '/api/staff/SaveCoupon',
      edited(current, { AmountOffFen: 5000, ThresholdFen: 0 }),
    );
    expect(richer.success).toBe(false);
    expect(richer.message).toContain('已有客户领取了1张该优惠券，不能再修改减免金额');
    const shorter = await finance.post(
      '/api/staff/SaveCoupon',
      edited(current, {
        ValidEndTime: iso(server.clock.now() + 15 * DAY_MS),
        ReceiveEndTime: iso(server.clock.now() + DAY_MS),
      }),
    );
    expect(shorter.message).toContain('有效期结束时间只能延后，不能提前');
    const tooFew = await finance.post('/api/staff/SaveCoupon', edited(current, { TotalStock: 0 }));
    expect(tooFew.message).toBe('发放总量至少1张');
    expect(await listed(finance, coupon.Id)).toMatchObject({
      AmountOffFen: 500,
      Revision: current.Revision,
      TotalStock: 5,
    });

    const newEnd = server.clock.now() + 40 * DAY_MS;
    const extended = await finance.post<StaffCoupon>(
      '/api/staff/SaveCoupon',
      edited(current, {
        Name: '立减5元（延期）',
        ValidEndTime: iso(newEnd),
        TotalStock: 8,
        PerCustomerLimit: 2,
      }),
    );
    expect(extended.success, extended.message).toBe(true);
    expect(extended.data).toMatchObject({
      Name: '立减5元（延期）',
      TotalStock: 8,
      RemainingStock: 7,
      PerCustomerLimit: 2,
      ReceivedCount: 1,
      Revision: current.Revision + 1,
    });
    const held = await shopper.post('/api/coupon/receive_list', { isUse: false });
    const copy = held.data.List.find((item: { Id: number }) => item.Id === received.data.Id);
    expect(copy).toMatchObject({ Name: '立减5元（延期）', AmountOffFen: 500, ValidEndTime: iso(newEnd) });
    const below = await finance.post('/api/staff/SaveCoupon', edited(extended.data, { TotalStock: 1 }));
    expect(below.success).toBe(true);
    expect(below.data).toMatchObject({
      TotalStock: 1,
      RemainingStock: 0,
      Status: 'sold-out',
      StatusText: '已领完',
    });
  });

  it('refuses the stale one of two edits started together from one revision', async () => {
    const coupon = await create({ Name: '并发编辑券' });
    const [first, second] = await Promise.all([
      admin.post('/api/staff/SaveCoupon', edited(coupon, { Name: '甲改的名字' })),
      finance.post('/api/staff/SaveCoupon', edited(coupon, { Name: '乙改的名字' })),
    ]);
    const results = [first, second];
    expect(results.filter((reply) => reply.success)).toHaveLength(1);
    const refused = results.find((reply) => !reply.success)!;
    expect(refused.apiCode).toBe(ApiCode.EditConflict);
    expect(refused.message).toBe('内容已被其他员工修改，请刷新后再保存');
    const winner = results.find((reply) => reply.success)!;
    expect((await listed(finance, coupon.Id))!.Name).toBe(winner.data.Name);
    const stale = await finance.post('/api/staff/SetCouponActive', {
      Id: coupon.Id,
      Revision: coupon.Revision,
      IsActive: false,
    });
    expect(stale.apiCode).toBe(ApiCode.EditConflict);
  });

  it('never issues more than the stock while the stock is lowered during a rush of customers', async () => {
    const coupon = await create({ TotalStock: 6 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => newCustomer()));
    const [edit, ...receipts] = await Promise.all([
      finance.post('/api/staff/SaveCoupon', edited(coupon, { TotalStock: 3 })),
      ...customers.map((customer) => customer.post('/api/coupon/receive', { id: coupon.Id })),
    ]);
    const got = receipts.filter((reply) => reply.success).length;
    const stored = (await listed(finance, coupon.Id))!;
    expect(stored.ReceivedCount).toBe(got);
    expect(stored.RemainingStock).toBe(stored.TotalStock - got);
    expect(stored.RemainingStock).toBeGreaterThanOrEqual(0);
    if (edit!.success) {
      expect(stored.TotalStock).toBe(3);
      expect(got).toBeLessThanOrEqual(3);
    } else {
      // Refused when more than 3 had been received; customers may go on receiving after it.
      const refusal = /^已有客户领取了(\d+)张，发放总量不能少于(\d+)张$/.exec(edit!.message);
      expect(refusal, edit!.message).not.toBeNull();
      const receivedThen = Number(refusal![1]);
      expect(Number(refusal![2])).toBe(receivedThen);
      expect(receivedThen).toBeGreaterThan(3);
      expect(receivedThen).toBeLessThanOrEqual(got);
      expect(stored.TotalStock).toBe(6);
    }
  });

  it('停用 stops receiving; a held copy stays usable; 启用 opens it again', async () => {
    const coupon = await create({ Name: '将停用的券', PerCustomerLimit: 2 });
    const holder = await newCustomer();
    const held = await holder.post('/api/coupon/receive', { id: coupon.Id });
    expect(held.success, held.message).toBe(true);
    const stopped = await finance.post<StaffCoupon>('/api/staff/SetCouponActive', {
      Id: coupon.Id,
      Revision: coupon.Revision,
      IsActive: false,
    });
    expect(stopped.success, stopped.message).toBe(true);
    expect(stopped.data).toMatchObject({ IsActive: false, Status: 'stopped', StatusText: '已停用' });
    const other = await newCustomer();
    expect(await waiting(other)).not.toContain(coupon.Id);
    expect((await other.post('/api/coupon/receive', { id: coupon.Id })).apiCode).toBe(ApiCode.CouponNotFound);
    expect((await holder.post('/api/coupon/receive', { id: coupon.Id })).apiCode).toBe(
      ApiCode.CouponNotFound,
    );
    const order = await holder.placeOrder(1001, { CouponId: held.data.Id });
    expect(order.DiscountFen).toBe(500);

    const started = await finance.post('/api/staff/SetCouponActive', {
      Id: coupon.Id,
      Revision: stopped.data.Revision,
      IsActive: true,
    });
    expect(started.success, started.message).toBe(true);
    expect(await waiting(other)).toContain(coupon.Id);
  });

  it('is for 财务 and 管理员 only', async () => {
    const coupon = await create();
    for (const account of ['reviewer', 'producer', 'shipper', 'service']) {
      const member = await StaffClient.signIn(server, 'demo.localhost', account, 'DemoStaff2026');
      for (const [path, body] of [
        ['/api/staff/QueryCoupons', {}],
        ['/api/staff/SaveCoupon', couponBody()],
        ['/api/staff/SetCouponActive', { Id: coupon.Id, Revision: coupon.Revision, IsActive: false }],
      ] as const) {
        const reply = await member.post(path, body);
        expect(reply.apiCode, `${account} ${path}`).toBe(ApiCode.StaffForbidden);
      }
    }
    const visitor = new StaffClient(server, 'demo.localhost');
    expect((await visitor.post('/api/staff/QueryCoupons', {})).apiCode).toBe(ApiCode.StaffLoginRequired);
    expect(await listed(admin, coupon.Id)).toMatchObject({ IsActive: true, Revision: coupon.Revision });
  });

  it("keeps each merchant's coupons its own", async () => {
    const coupon = await create({ Name: '墨砚专属券' });
    const mapleList = await mapleAdmin.post<StaffCouponList>('/api/staff/QueryCoupons', {});
    expect(mapleList.success, mapleList.message).toBe(true);
    expect(mapleList.data.List.map((item) => item.Name)).not.toContain('墨砚专属券');
    expect(mapleList.data.List.map((item) => item.Name)).toContain('满300减30');
    const edit = await mapleAdmin.post('/api/staff/SaveCoupon', edited(coupon, { Name: '被改了' }));
    expect(edit.apiCode).toBe(ApiCode.CouponNotFound);
    const stop = await mapleAdmin.post('/api/staff/SetCouponActive', {
      Id: coupon.Id,
      Revision: coupon.Revision,
      IsActive: false,
    });
    expect(stop.apiCode).toBe(ApiCode.CouponNotFound);
    expect(await listed(finance, coupon.Id)).toMatchObject({
      Name: '墨砚专属券',
      IsActive: true,
      Revision: 1,
    });
    const demoToken = new StaffClient(server, 'maple.localhost');
    demoToken.token = finance.token;
    expect((await demoToken.post('/api/staff/QueryCoupons', {})).success).toBe(false);
  });
  it('tells the 操作日志 what a save and a 停用 changed, field by field', async () => {
    const coupon = await create({ Name: '日志立减5元' });
    const renamed = await finance.post<StaffCoupon>(
      '/api/staff/SaveCoupon',
      edited(coupon, { Name: '日志立减6元', AmountOffFen: 600 }),
    );
    expect(renamed.success, renamed.message).toBe(true);
    const stopped = await finance.post<StaffCoupon>('/api/staff/SetCouponActive', {
      Id: coupon.Id,
      Revision: renamed.data.Revision,
      IsActive: false,
    });
    expect(stopped.success, stopped.message).toBe(true);

    const page = await admin.post('/api/staff/QueryAuditLog', { limit: 100 });
    expect(page.success, page.message).toBe(true);
    const rows = page.data.List.filter(
      (row: { TargetType: string; TargetId: string }) =>
        row.TargetType === 'coupon' && row.TargetId === String(coupon.Id),
    );
    const byCall = (call: string) => rows.find((row: { Call: string }) => row.Call === call);
    expect(rows).toHaveLength(3);
    expect(byCall('SetCouponActive')).toMatchObject({
      StaffAccount: 'finance',
      TargetLabel: '日志立减6元',
      Before: { IsActive: true },
      After: { IsActive: false },
    });
    const edit = rows.find(
      (row: { Call: string; Before: unknown }) => row.Call === 'SaveCoupon' && row.Before !== null,
    );
    expect(edit).toMatchObject({
      Before: { Name: '日志立减5元', AmountOffFen: 500 },
      After: { Name: '日志立减6元', AmountOffFen: 600 },
    });
    // Only what changed, and never the revision.
    expect(Object.keys(edit.After)).not.toContain('Revision');
    expect(Object.keys(edit.After)).not.toContain('Description');
  });
});
