import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { isPostgres, startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

interface Member {
  Id: number;
  Account: string;
  Name: string;
  Roles: string[];
  IsActive: boolean;
  Revision: number;
}

async function members(staff: StaffClient): Promise<Member[]> {
  const listed = await staff.post('/api/staff/QueryStaff', {});
  expect(listed.success, listed.message).toBe(true);
  return listed.data.List;
}

/** The enabled administrators the database holds for the demo merchant. */
async function enabledAdmins(): Promise<string[]> {
  const rows = await server.context.db
    .selectFrom('staff')
    .innerJoin('merchants', 'merchants.id', 'staff.merchant_id')
    .select(['staff.account', 'staff.roles'])
    .where('merchants.code', '=', 'demo')
    .where('staff.is_active', '=', 1)
    .execute();
  return rows.filter((row) => row.roles.split(',').includes('admin')).map((row) => row.account);
}

function saveBody(member: Member, change: Partial<Member>) {
  return {
    Id: member.Id,
    Account: member.Account,
    Name: member.Name,
    Roles: member.Roles,
    IsActive: member.IsActive,
    Revision: member.Revision,
    ...change,
  };
}

describe('the last administrator', () => {
  it('survives two administrators disabling, or demoting, each other at the same moment', async () => {
    // Two administrators only: the seeded one is disabled by one of them first.
    const first = await admin.hire('admins_a', ['admin']);
    const second = await admin.hire('admins_b', ['admin']);
    const seeded = (await members(first)).find(
      (member) => member.Roles.includes('admin') && !member.Account.startsWith('admins_'),
    )!;
    const off = await first.post('/api/staff/SaveStaff', saveBody(seeded, { IsActive: false }));
    expect(off.success, off.message).toBe(true);
    expect((await enabledAdmins()).sort()).toEqual(['admins_a', 'admins_b']);

    for (const change of [{ IsActive: false }, { Roles: ['review'] }] as Partial<Member>[]) {
      const listed = await members(first);
      const a = listed.find((member) => member.Account === 'admins_a')!;
      const b = listed.find((member) => member.Account === 'admins_b')!;
      const replies = await Promise.all([
        first.post('/api/staff/SaveStaff', saveBody(b, change)),
        second.post('/api/staff/SaveStaff', saveBody(a, change)),
      ]);
      expect(
        replies.filter((reply) => reply.success),
        JSON.stringify(replies),
      ).toHaveLength(1);
      const refused = replies.find((reply) => !reply.success)!;
      // The loser was disabled or demoted by the winner before its own save took its turn.
      expect([ApiCode.StaffLoginExpired, ApiCode.StaffForbidden]).toContain(refused.apiCode);
      expect(await enabledAdmins()).toHaveLength(1);

      // Put the loser back for the next round, by the administrator that is left.
      const [winner] = await enabledAdmins();
      const keeper = winner === 'admins_a' ? first : second;
      const loserAccount = winner === 'admins_a' ? 'admins_b' : 'admins_a';
      const loser = (await members(keeper)).find((member) => member.Account === loserAccount)!;
      const back = await keeper.post(
        '/api/staff/SaveStaff',
        saveBody(loser, { IsActive: true, Roles: ['admin'], Password: 'Staff2026ok' } as Partial<Member>),
      );
      expect(back.success, back.message).toBe(true);
      const again = await StaffClient.signIn(server, 'demo.localhost', loserAccount, 'Staff2026ok');
      if (loserAccount === 'admins_a') Object.assign(first, { token: again.token });
      else Object.assign(second, { token: again.token });
    }
    expect((await enabledAdmins()).sort()).toEqual(['admins_a', 'admins_b']);
  });
});

describe('a change and its 操作日志 row', () => {
  /** Makes every insert into the log fail, as a full disk or a lost connection would. */
  async function breakTheLog(): Promise<() => Promise<void>> {
    const db = server.context.db;
    if (isPostgres) {
      await sql`create function staff_audit_log_broken() returns trigger language plpgsql as $$
        begin raise exception 'the log cannot be written'; end $$`.execute(db);
      await sql`create trigger staff_audit_log_broken before insert on staff_audit_log
        for each row execute function staff_audit_log_broken()`.execute(db);
      return async () => {
        await sql`drop trigger staff_audit_log_broken on staff_audit_log`.execute(db);
        await sql`drop function staff_audit_log_broken()`.execute(db);
      };
    }
    await sql`create trigger staff_audit_log_broken before insert on staff_audit_log
      begin select raise(abort, 'the log cannot be written'); end`.execute(db);
    return async () => {
      await sql`drop trigger staff_audit_log_broken`.execute(db);
    };
  }

  it('commit together: a balance change, a staff save or a customer switch whose row fails is not made', async () => {
    // The other merchant: the first test leaves the demo merchant's seeded administrator disabled.
    const admin = await StaffClient.signIn(server, 'maple.localhost');
    const finance = await admin.hire('admins_money', ['finance', 'admin']);
    const customer = await Shopper.register(server, 'maple.localhost', '13800138456', '203.0.113.90');
    const customerId = await customer.customerId;
    const balanceOf = async () =>
      (
        await server.context.db
          .selectFrom('customer_balances')
          .select('balance_fen')
          .where('customer_id', '=', customerId)
          .executeTakeFirst()
      )?.balance_fen ?? 0;
    const before = await balanceOf();
    const staffBefore = await members(admin);

    const repair = await breakTheLog();
    try {
      const credit = await finance.post('/api/staff/AdjustBalance', {
        CustomerId: customerId,
        AmountFen: 5000,
        Remark: '补偿',
      });
      expect(credit.success).toBe(false);
      const hired = await admin.post('/api/staff/SaveStaff', {
        Account: 'admins_ghost',
        Name: '不该存在',
        Password: 'Staff2026ok',
        Roles: ['review'],
        IsActive: true,
      });
      expect(hired.success).toBe(false);
      const disabled = await admin.post('/api/staff/SetCustomerEnabled', {
        CustomerId: customerId,
        Enabled: false,
        Reason: '测试',
      });
      expect(disabled.success).toBe(false);
    } finally {
      await repair();
    }
    expect(await balanceOf()).toBe(before);
    expect(await members(admin)).toEqual(staffBefore);
    const account = await server.context.db
      .selectFrom('customers')
      .select(['is_active', 'status_reason'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ is_active: 1, status_reason: '' });

    // With the log working again, the same change is made and logged once.
    const credit = await finance.post('/api/staff/AdjustBalance', {
      CustomerId: customerId,
      AmountFen: 5000,
      Remark: '补偿',
    });
    expect(credit.success, credit.message).toBe(true);
    expect(await balanceOf()).toBe(before + 5000);
    const rows = await server.context.db
      .selectFrom('staff_audit_log')
      .select(['call_name', 'after'])
      .where('call_name', '=', 'AdjustBalance')
      .where('target_id', '=', String(customerId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ BalanceFen: before + 5000 });
  });
});
