import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { reserveAttempt, settleSuccessfulAttempt } from '../../db/login-attempts.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

/**
 * Lockouts under parallel guessing (docs/auth.md): every guess sent at once is counted before the
 * password hash is compared, so a burst of N costs N attempts and the account locks after the
 * limit whatever arrives in the same instant — and a right password in the burst does not wipe
 * the failures beside it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let lastIp = 0;
async function freshClient(): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, 'demo.localhost', `198.51.100.${lastIp}`);
  await client.start();
  return client;
}

async function customerRow(mobileNo: string) {
  return server.context.db
    .selectFrom('customers')
    .select(['failed_login_count', 'locked_until'])
    .where('mobile_no', '=', mobileNo)
    .executeTakeFirstOrThrow();
}

/** A fresh client per request, as separate browsers would send them. */
async function burst<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

describe('customer sign-in under parallel guessing', () => {
  it('locks after 5 of 20 wrong passwords sent at once; the rest are refused unchecked', async () => {
    const mobileNo = '13600000101';
    const owner = await freshClient();
    expect((await owner.register(mobileNo, 'Right2026')).success).toBe(true);
    const clients = await burst(20, () => freshClient());
    const replies = await Promise.all(clients.map((client) => client.login(mobileNo, 'Wrong2026')));
    const codes = replies.map((reply) => reply.apiCode);
    expect(codes.filter((code) => code === ApiCode.WrongPassword)).toHaveLength(4);
    expect(codes.filter((code) => code === ApiCode.AccountLocked)).toHaveLength(16);
    expect((await customerRow(mobileNo)).locked_until).toBeGreaterThan(server.clock.now());
    expect((await owner.login(mobileNo, 'Right2026')).apiCode).toBe(ApiCode.AccountLocked);
  });

  it('checks at most 5 of 20 guesses when the right password is among them', async () => {
    const mobileNo = '13600000102';
    const owner = await freshClient();
    expect((await owner.register(mobileNo, 'Right2026')).success).toBe(true);
    const clients = await burst(20, () => freshClient());
    const replies = await Promise.all(
      clients.map((client, index) => client.login(mobileNo, index === 2 ? 'Right2026' : 'Wrong2026')),
    );
    const checked = replies.filter((reply) => reply.success || reply.apiCode === ApiCode.WrongPassword);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(replies.filter((reply) => reply.apiCode === ApiCode.AccountLocked).length).toBeGreaterThanOrEqual(
      15,
    );
  });

  it('does not let a right password erase failures counted beside it, nor their lock', async () => {
    const [customer] = await server.context.db
      .selectFrom('customers')
      .select('id')
      .where('mobile_no', '=', '13600000102')
      .execute();
    const id = customer!.id;
    const db = server.context.db;
    await db
      .updateTable('customers')
      .set({ failed_login_count: 0, locked_until: null })
      .where('id', '=', id)
      .execute();
    const policy = { maxFailures: 5, lockMs: 15 * 60_000 };
    const now = server.clock.now();
    const right = (await reserveAttempt(db, 'customers', id, policy, now))!;
    const wrong = (await reserveAttempt(db, 'customers', id, policy, now))!;
    expect([right.count, wrong.count]).toEqual([1, 2]);
    await settleSuccessfulAttempt(db, 'customers', id, right);
    // Only the right one's own attempt was taken back: the wrong guess beside it still counts.
    expect((await customerRow('13600000102')).failed_login_count).toBe(1);

    // Three more wrong and a right one reserved before the fifth: the fifth locks, and the right
    // password settling afterwards leaves the lock in place.
    for (let n = 0; n < 2; n++) await reserveAttempt(db, 'customers', id, policy, now);
    const early = (await reserveAttempt(db, 'customers', id, policy, now))!;
    expect(early.count).toBe(4);
    expect((await reserveAttempt(db, 'customers', id, policy, now))!.count).toBe(5);
    expect(await reserveAttempt(db, 'customers', id, policy, now)).toBeNull();
    await settleSuccessfulAttempt(db, 'customers', id, early);
    expect((await customerRow('13600000102')).locked_until).toBe(now + policy.lockMs);
  });

  it('counts CustomerChangePassword guesses at the old password the same way', async () => {
    const mobileNo = '13600000103';
    const owner = await freshClient();
    expect((await owner.register(mobileNo, 'Right2026')).success).toBe(true);
    expect((await owner.login(mobileNo, 'Right2026')).success).toBe(true);
    const replies = await burst(32, (index) =>
      owner.post('/api/cust/CustomerChangePassword', {
        OldPassword: `Guess${2000 + index}`,
        Password: 'Taken2026',
        ConfirmPassword: 'Taken2026',
      }),
    );
    const codes = replies.map((reply) => reply.apiCode);
    expect(codes.filter((code) => code === ApiCode.WrongPassword)).toHaveLength(4);
    expect(codes.filter((code) => code === ApiCode.AccountLocked)).toHaveLength(28);
    const right = await owner.post('/api/cust/CustomerChangePassword', {
      OldPassword: 'Right2026',
      Password: 'Taken2026',
      ConfirmPassword: 'Taken2026',
    });
    expect(right.apiCode).toBe(ApiCode.AccountLocked);
    // The password did not change: the old one still signs in once the lock is over.
    server.clock.advance(15 * 60_000);
    expect((await (await freshClient()).login(mobileNo, 'Right2026')).success).toBe(true);
  });
});

describe('staff sign-in under parallel guessing', () => {
  it('locks a staff account after 3 wrong passwords, whatever the bursts', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    await admin.hire('guessed01', ['finance']);
    const staff = new StaffClient(server, 'demo.localhost');
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const replies = await burst(10, () =>
        staff.post('/api/staff/Login', { Account: 'guessed01', Password: 'wrong-pass' }),
      );
      codes.push(...replies.map((reply) => reply.apiCode));
    }
    expect(codes.filter((code) => code === ApiCode.WrongPassword)).toHaveLength(2);
    expect(codes.filter((code) => code === ApiCode.AccountLocked)).toHaveLength(28);
    const right = await staff.post('/api/staff/Login', { Account: 'guessed01', Password: 'Staff2026ok' });
    expect(right.apiCode).toBe(ApiCode.AccountLocked);
  });
});
