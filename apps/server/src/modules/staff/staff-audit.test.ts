import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type AuditEntry, type OrderDetail } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient, makePdf } from '../orders/orders.test-support.ts';
import { DEMO_STAFF } from './staff.seed.ts';

let server: TestServer;
let admin: StaffClient;
let demo: Shopper;
beforeAll(async () => {
  // SaveSmsSettings needs its key to seal the secret the test sends.
  server = await startTestServer({ SMS_CONFIG_KEY: randomBytes(32).toString('hex') });
  admin = await StaffClient.signIn(server, 'demo.localhost');
  demo = await Shopper.demo(server);
});
afterAll(async () => server.close());

/** An order paid from the balance, waiting for review (待审稿 · 待审核). */
async function paidOrder(shopper: Shopper = demo): Promise<OrderDetail> {
  const fileId = await shopper.uploadArtwork('名片.pdf', await makePdf(94, 58));
  const line = await shopper.addToCart(shopper.client.companyCode === 'maple' ? 9101 : 1001);
  const placed = await shopper.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [fileId] }] });
  expect(placed.success, placed.message).toBe(true);
  await shopper.recharge(placed.data.TotalFen);
  const paid = await shopper.post('/api/payment/BalancePaymannet', { OrderIds: [placed.data.Id] });
  expect(paid.success, paid.message).toBe(true);
  return placed.data;
}

async function log(staff: StaffClient, filter: Record<string, unknown> = {}): Promise<AuditEntry[]> {
  const page = await staff.post('/api/staff/QueryAuditLog', { limit: 100, ...filter });
  expect(page.success, page.message).toBe(true);
  return page.data.List;
}

/** Every stored row, raw, as the database holds it. */
async function rawRows() {
  return server.context.db.selectFrom('staff_audit_log').selectAll().orderBy('id').execute();
}

async function ok<T = any>(staff: StaffClient, call: string, body: unknown): Promise<T> {
  const reply = await staff.post<T>(`/api/staff/${call}`, body);
  expect(reply.success, `${call}: ${reply.message}`).toBe(true);
  return reply.data;
}

describe('the audit log of staff calls', () => {
  it('records every change a staff call makes with who, what, the target and before/after', async () => {
    const reviewer = await admin.hire('audit_review', ['review']);
    const producer = await admin.hire('audit_make', ['production']);
    const shipper = await admin.hire('audit_ship', ['shipping']);
    const finance = await admin.hire('audit_money', ['finance']);
    const rejected = await paidOrder();
    const order = await paidOrder();
    const cancelled = await paidOrder();
    // Disabling a customer ends their sessions: another customer than the one ordering.
    const customerId = await (
      await Shopper.register(server, 'demo.localhost', '13800138123', '203.0.113.77')
    ).customerId;

    await ok(reviewer, 'RejectArtwork', { OrderId: rejected.Id, Reason: '分辨率不足' });
    await ok(reviewer, 'ApproveArtwork', { OrderId: order.Id });
    await ok(producer, 'StartProduction', { OrderId: order.Id });
    await ok(shipper, 'ShipOrder', { OrderId: order.Id, TrackingNo: 'SF1234567890' });
    await ok(shipper, 'CompleteOrder', { OrderId: order.Id });
    await ok(finance, 'CancelOrder', { OrderId: cancelled.Id, Reason: '客户要求' });
    const balance = await ok(finance, 'AdjustBalance', {
      CustomerId: customerId,
      AmountFen: 500,
      Remark: '补偿',
    });
    await ok(admin, 'SetCustomerEnabled', { CustomerId: customerId, Enabled: false, Reason: '欠款' });
    await ok(admin, 'SetCustomerEnabled', { CustomerId: customerId, Enabled: true, Reason: '已结清' });
    const site = await ok(admin, 'SiteSettings', {});
    await ok(admin, 'SaveSiteSettings', { ...site, ServicePhone: '0755-12345678' });
    await ok(admin, 'SaveSmsSettings', {
      Provider: 'aliyun',
      AccessKeyId: 'LTAI5tAuditTest',
      AccessKeySecret: 'AuditSecretValue123',
      SignName: '墨砚快印',
      Templates: { Register: 'SMS_1', Login: 'SMS_2', ResetPassword: 'SMS_3', OrderShipped: 'SMS_4' },
    });
    await ok(admin, 'RemoveSiteLogo', {});
    const boundary = '----auditlogo';
    const png = await sharp({
      create: { width: 60, height: 20, channels: 3, background: { r: 10, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/staff/UploadSiteLogo',
      headers: {
        host: admin.host,
        stafftoken: admin.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.json().success, uploaded.json().message).toBe(true);
    await ok(reviewer, 'Logout', {});

    const rows = await log(admin);
    const find = (call: string, targetId?: number) =>
      rows.filter(
        (row) => row.Call === call && (targetId === undefined || row.TargetId === String(targetId)),
      );

    expect(find('RejectArtwork', rejected.Id)).toEqual([
      expect.objectContaining({
        StaffAccount: 'audit_review',
        StaffName: 'audit_review',
        Label: '稿件退回客户',
        Outcome: 'done',
        TargetType: 'order',
        TargetLabel: rejected.OrderNo,
        Input: { OrderId: rejected.Id, Reason: '分辨率不足' },
        Before: { Status: '待审稿', ReviewState: '待审核' },
        After: { Status: '待审稿', ReviewState: '稿件退回' },
      }),
    ]);
    expect(find('ApproveArtwork', order.Id)[0]).toMatchObject({
      Label: '审稿通过',
      Before: { Status: '待审稿', ReviewState: '待审核' },
      After: { Status: '生产中', ProductionStarted: false },
    });
    expect(find('StartProduction', order.Id)[0]).toMatchObject({
      StaffAccount: 'audit_make',
      Before: { Status: '生产中', ProductionStarted: false },
      After: { Status: '生产中', ProductionStarted: true },
    });
    expect(find('ShipOrder', order.Id)[0]).toMatchObject({
      Before: { Status: '生产中', ProductionStarted: true },
      After: { Status: '已发货', TrackingNo: 'SF1234567890' },
    });
    expect(find('CompleteOrder', order.Id)[0]).toMatchObject({
      Before: { Status: '已发货' },
      After: { Status: '已完成' },
    });
    expect(find('CancelOrder', cancelled.Id)[0]).toMatchObject({
      StaffAccount: 'audit_money',
      Before: { Status: '待审稿' },
      After: { Status: '已取消' },
    });
    expect(find('AdjustBalance', customerId)[0]).toMatchObject({
      TargetType: 'customer',
      Before: { BalanceFen: balance.BalanceFen - 500 },
      After: { BalanceFen: balance.BalanceFen },
    });
    expect(find('SetCustomerEnabled', customerId).map((row) => [row.Before, row.After])).toEqual([
      [
        { IsActive: false, Reason: '欠款' },
        { IsActive: true, Reason: '已结清' },
      ],
      [
        { IsActive: true, Reason: '' },
        { IsActive: false, Reason: '欠款' },
      ],
    ]);
    expect(find('SaveSiteSettings')[0]).toMatchObject({
      TargetType: 'site',
      Before: { ServicePhone: site.ServicePhone },
      After: { ServicePhone: '0755-12345678' },
    });
    expect(find('SaveSmsSettings')[0]!.Input).toMatchObject({
      AccessKeyId: 'LTAI5tAuditTest',
      AccessKeySecret: '***',
    });
    expect(find('RemoveSiteLogo')).toEqual([
      expect.objectContaining({ TargetLabel: '网站 Logo', After: { LogoUrl: null } }),
    ]);
    expect(find('UploadSiteLogo')).toEqual([
      expect.objectContaining({
        Label: '上传商户 Logo',
        Input: {},
        Before: { LogoUrl: null },
        After: { LogoUrl: expect.stringMatching(/^\/api\/site-logo\/[0-9a-f]{64}\.webp$/) },
      }),
    ]);
    expect(find('Logout')[0]).toMatchObject({ StaffAccount: 'audit_review', Label: '员工退出登录' });
    // SaveStaff of each hire: created with its roles, never its password.
    expect(rows.find((row) => row.Call === 'SaveStaff' && row.TargetLabel === 'audit_ship')).toMatchObject({
      StaffAccount: 'admin',
      TargetType: 'staff',
      Before: null,
      After: { Name: 'audit_ship', Roles: ['发货'], IsActive: true, PasswordSet: true },
      Input: expect.objectContaining({ Password: '***' }),
    });
    // Newest first, each at the server's clock.
    expect(rows.map((row) => row.Id)).toEqual([...rows.map((row) => row.Id)].sort((a, b) => b - a));
    expect(rows[0]!.Time).toBe(new Date(server.clock.now()).toISOString());
  });

  it('never stores a password, key or token', async () => {
    await admin.hire('audit_secret', ['service']);
    const raw = JSON.stringify(await rawRows());
    for (const secret of ['Staff2026ok', 'AuditSecretValue123', DEMO_STAFF[0].password, admin.token]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('leaves reads out', async () => {
    const before = (await rawRows()).length;
    for (const call of ['Info', 'QueryOrders', 'Dashboard', 'QueryStaff', 'SiteSettings', 'QueryCustomers']) {
      await ok(admin, call, {});
    }
    await ok(admin, 'QueryAuditLog', {});
    expect((await rawRows()).length).toBe(before);
  });

  it('records sign-ins, the refused ones with the reason, and leaves refused changes out', async () => {
    const staff = new StaffClient(server, 'demo.localhost');
    await staff.post('/api/staff/Login', { Account: 'audit_review', Password: 'wrong-password' });
    await staff.post('/api/staff/Login', { Account: 'nobody_here', Password: 'wrong-password' });
    const signedIn = await StaffClient.signIn(server, 'demo.localhost', 'audit_make', 'Staff2026ok');
    const before = (await rawRows()).length;
    // A refusal (role, status, validation) changes nothing and is not a row.
    expect((await signedIn.post('/api/staff/CancelOrder', { OrderId: 1, Reason: 'x' })).apiCode).toBe(
      ApiCode.StaffForbidden,
    );
    expect((await admin.post('/api/staff/ApproveArtwork', { OrderId: 999_999 })).success).toBe(false);
    expect((await admin.post('/api/staff/AdjustBalance', { CustomerId: 1 })).success).toBe(false);
    expect((await rawRows()).length).toBe(before);

    const logins = await log(admin, { Call: 'Login' });
    expect(logins.slice(0, 3)).toEqual([
      expect.objectContaining({ StaffAccount: 'audit_make', Outcome: 'done', Label: '商家员工登录' }),
      expect.objectContaining({
        StaffId: null,
        StaffAccount: 'nobody_here',
        Outcome: 'refused',
        Message: '账号或密码错误，再错2次将锁定账号30分钟',
      }),
      expect.objectContaining({
        StaffAccount: 'audit_review',
        Outcome: 'refused',
        StaffId: expect.any(Number),
      }),
    ]);
    expect(logins[0]!.Input).toEqual({ Account: 'audit_make', Password: '***' });
  });

  it('is refused by the database when a row would be changed or deleted', async () => {
    const db = server.context.db;
    const rows = await rawRows();
    expect(rows.length).toBeGreaterThan(0);
    await expect(
      db.updateTable('staff_audit_log').set({ staff_name: '改过' }).where('id', '=', rows[0]!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('staff_audit_log').where('id', '=', rows[0]!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('staff_audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await rawRows()).toEqual(rows);
  });

  it('filters by member, call, target and period', async () => {
    const order = await paidOrder();
    const reviewer = await StaffClient.signIn(server, 'demo.localhost', 'audit_review', 'Staff2026ok');
    await ok(reviewer, 'ApproveArtwork', { OrderId: order.Id });
    const reviewerId = (await reviewer.post('/api/staff/Info', {})).data.Id;

    const byMember = await log(admin, { StaffId: reviewerId });
    expect(byMember.length).toBeGreaterThan(1);
    expect(byMember.every((row) => row.StaffId === reviewerId)).toBe(true);
    const byTarget = await log(admin, { Target: order.OrderNo.slice(-6) });
    expect(byTarget.map((row) => row.Call)).toEqual(['ApproveArtwork']);
    expect((await log(admin, { Call: 'ApproveArtwork', Target: order.OrderNo })).length).toBe(1);
    expect(await log(admin, { Target: '%' })).toEqual([]);
    const today = new Date(server.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await log(admin, { StartDate: today, EndDate: today })).length).toBeGreaterThan(0);
    expect(await log(admin, { StartDate: '2020-01-01', EndDate: '2020-01-02' })).toEqual([]);
    const page = await admin.post('/api/staff/QueryAuditLog', { limit: 2, pageindex: 2 });
    expect(page.data).toMatchObject({ PageIndex: 2, Limit: 2 });
    expect(page.data.List).toHaveLength(2);
    expect(page.data.Calls).toEqual(expect.arrayContaining([{ Call: 'ApproveArtwork', Label: '审稿通过' }]));
    const bad = await admin.post('/api/staff/QueryAuditLog', { Call: '审稿;drop' });
    expect(bad).toMatchObject({ success: false, message: expect.stringContaining('操作应为接口名称') });
  });

  it('is read by 管理员 only, each merchant its own', async () => {
    for (const account of ['reviewer', 'finance', 'service']) {
      const member = await StaffClient.signIn(server, 'demo.localhost', account, 'DemoStaff2026');
      expect((await member.post('/api/staff/QueryAuditLog', {})).apiCode, account).toBe(
        ApiCode.StaffForbidden,
      );
    }
    expect(
      (await new StaffClient(server, 'demo.localhost').post('/api/staff/QueryAuditLog', {})).apiCode,
    ).toBe(ApiCode.StaffLoginRequired);
    const maple = await StaffClient.signIn(server, 'maple.localhost');
    const theirs = await log(maple);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.StaffAccount === 'admin' && row.Call === 'Login')).toBe(true);
    // The demo admin's token is worthless on maple's host.
    const across = new StaffClient(server, 'maple.localhost');
    across.token = admin.token;
    expect((await across.post('/api/staff/QueryAuditLog', {})).apiCode).toBe(ApiCode.StaffLoginExpired);
  });
});

describe('SaveStaff', () => {
  it('keeps an administrator from locking themselves out, in Chinese', async () => {
    const me = (await admin.post('/api/staff/Info', {})).data;
    const base = { Id: me.Id, Account: me.Account, Name: me.Name, Revision: me.Revision };
    const disable = await admin.post('/api/staff/SaveStaff', { ...base, Roles: ['admin'], IsActive: false });
    expect(disable).toMatchObject({
      apiCode: ApiCode.Forbidden,
      message: '不能停用自己的账号，请由其他管理员操作',
    });
    const demote = await admin.post('/api/staff/SaveStaff', { ...base, Roles: ['review', 'finance'] });
    expect(demote).toMatchObject({
      apiCode: ApiCode.Forbidden,
      message: '不能取消自己的管理员角色，请由其他管理员操作',
    });
    expect((await admin.post('/api/staff/Info', {})).data.Roles).toEqual(['admin']);
    const missing = await admin.post('/api/staff/SaveStaff', {
      ...base,
      Revision: undefined,
      Roles: ['admin'],
    });
    expect(missing.message).toBe('请带上读取员工时的版本号（Revision）');
  });

  it('refuses a save over another administrator’s, and logs the roles before and after', async () => {
    const second = await admin.hire('audit_admin2', ['admin']);
    await admin.hire('audit_clerk', ['review']);
    const listed = (await admin.post('/api/staff/QueryStaff', {})).data.List;
    const clerk = listed.find((item: { Account: string }) => item.Account === 'audit_clerk');
    const body = { Id: clerk.Id, Account: 'audit_clerk', Name: clerk.Name, Revision: clerk.Revision };
    const [first, other] = await Promise.all([
      admin.post('/api/staff/SaveStaff', { ...body, Roles: ['review', 'production'] }),
      second.post('/api/staff/SaveStaff', { ...body, Roles: ['shipping'] }),
    ]);
    const replies = [first, other];
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    expect(replies.find((reply) => !reply.success)).toMatchObject({
      apiCode: ApiCode.EditConflict,
      message: '内容已被其他员工修改，请刷新后再保存',
    });
    const winner = replies.find((reply) => reply.success)!.data;
    expect(winner.Revision).toBe(clerk.Revision + 1);
    const rows = (await log(admin, { Call: 'SaveStaff', Target: 'audit_clerk' })).filter((row) => row.Before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Before: { Roles: ['审稿'] }, After: { Roles: winner.RoleNames } });
  });
});

describe('batch order steps', () => {
  it('answers each order: done, or refused with the reason, and moves only its own merchant’s', async () => {
    const ready = await paidOrder();
    const unpaid = await demo.placeOrder();
    const maple = await Shopper.maple(server);
    const theirs = await paidOrder(maple);
    const reply = await ok(admin, 'BatchApproveArtwork', {
      OrderIds: [ready.Id, unpaid.Id, theirs.Id, ready.Id],
    });
    expect(reply).toMatchObject({ DoneCount: 1, RefusedCount: 2 });
    expect(reply.Results).toEqual([
      { OrderId: ready.Id, OrderNo: ready.OrderNo, Done: true, Message: '' },
      {
        OrderId: unpaid.Id,
        OrderNo: unpaid.OrderNo,
        Done: false,
        Message: expect.stringContaining('订单当前为「待付款」'),
      },
      { OrderId: theirs.Id, OrderNo: '', Done: false, Message: expect.any(String) },
    ]);
    expect((await maple.post('/api/order/GetOrderStatus', { OrderId: theirs.Id })).data.Status).toBe(2);
    const started = await ok(admin, 'BatchStartProduction', { OrderIds: [ready.Id, unpaid.Id] });
    expect(started.Results.map((result: { Done: boolean }) => result.Done)).toEqual([true, false]);
    const again = await ok(admin, 'BatchStartProduction', { OrderIds: [ready.Id] });
    expect(again.Results[0]).toMatchObject({ Done: false, Message: expect.stringContaining('开始生产') });
    const completed = await ok(admin, 'BatchCompleteOrders', { OrderIds: [ready.Id] });
    expect(completed.Results[0]).toMatchObject({ Done: false, Message: expect.stringContaining('生产中') });
  });

  it('refuses a role without the step, and an empty or too long list, in Chinese', async () => {
    const producer = await StaffClient.signIn(server, 'demo.localhost', 'producer', 'DemoStaff2026');
    expect((await producer.post('/api/staff/BatchApproveArtwork', { OrderIds: [1] })).apiCode).toBe(
      ApiCode.StaffForbidden,
    );
    expect((await producer.post('/api/staff/BatchStartProduction', { OrderIds: [] })).message).toContain(
      '请选择订单',
    );
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await producer.post('/api/staff/BatchStartProduction', { OrderIds: many })).message).toContain(
      '一次最多处理 50 个订单',
    );
  });

  it('approves each order exactly once when two reviewers batch the same orders at once', async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    const ids = orders.map((order) => order.Id);
    const one = await StaffClient.signIn(server, 'demo.localhost', 'reviewer', 'DemoStaff2026');
    const two = await StaffClient.signIn(server, 'demo.localhost', 'audit_review', 'Staff2026ok');
    const [first, second] = await Promise.all([
      one.post('/api/staff/BatchApproveArtwork', { OrderIds: ids }),
      two.post('/api/staff/BatchApproveArtwork', { OrderIds: [...ids].reverse() }),
    ]);
    expect(first.success && second.success).toBe(true);
    expect(first.data.DoneCount + second.data.DoneCount).toBe(3);
    for (const id of ids) {
      const done = [...first.data.Results, ...second.data.Results].filter(
        (result: { OrderId: number; Done: boolean }) => result.OrderId === id && result.Done,
      );
      expect(done, `order ${id}`).toHaveLength(1);
      const events = await server.context.db
        .selectFrom('order_events')
        .select('action')
        .where('order_id', '=', id)
        .where('action', '=', 'approve')
        .execute();
      expect(events).toHaveLength(1);
      const logged = (await rawRows()).filter(
        (row) => row.call_name === 'BatchApproveArtwork' && row.target_id === String(id),
      );
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!.after!)).toMatchObject({ Status: '生产中' });
    }
  });
});

describe('QueryOrders 生产中 started filter', () => {
  it('splits 生产中 into 待开始生产 and 已开始', async () => {
    const waiting = await paidOrder();
    const running = await paidOrder();
    await ok(admin, 'BatchApproveArtwork', { OrderIds: [waiting.Id, running.Id] });
    await ok(admin, 'StartProduction', { OrderId: running.Id });
    const ids = async (filter: Record<string, unknown>) =>
      (
        (await ok(admin, 'QueryOrders', { limit: 50, ...filter })).List as { Id: number; Status: number }[]
      ).map((order) => order.Id);
    const notStarted = await ids({ Status: 3, Production: 'not_started' });
    const started = await ids({ Status: 3, Production: 'started' });
    expect(notStarted).toContain(waiting.Id);
    expect(notStarted).not.toContain(running.Id);
    expect(started).toContain(running.Id);
    expect(started).not.toContain(waiting.Id);
    // The filter is about 生产中 orders: with 全部 it still shows only those.
    expect(
      (await ok(admin, 'QueryOrders', { limit: 50, Production: 'started' })).List.every(
        (order: { Status: number }) => order.Status === 3,
      ),
    ).toBe(true);
    const dashboard = await ok(admin, 'Dashboard', {});
    expect(dashboard.Waiting.ProductionNotStarted).toBe(notStarted.length);
    expect(dashboard.Waiting.ProductionStarted).toBe(started.length);
    const bad = await admin.post('/api/staff/QueryOrders', { Production: 'soon' });
    expect(bad).toMatchObject({ success: false, message: expect.stringContaining('生产筛选') });
  });
});
