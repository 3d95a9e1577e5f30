import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

/**
 * Account enumeration (docs/auth.md): nothing a sign-in, a reset or an SMS request answers tells a
 * stranger whether an account exists or is disabled. A wrong password for a name that is no
 * account is counted and locked like a real one; SendSms checks the captcha before it says
 * anything about the number; a disabled account is named only once the password is right.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let lastIp = 0;
async function freshClient(): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, 'demo.localhost', `203.0.113.${lastIp}`);
  await client.start();
  return client;
}

/** What a stranger sees of a reply. */
function seen(reply: { success: boolean; apiCode: number; message: string }) {
  return { success: reply.success, apiCode: reply.apiCode, message: reply.message };
}

describe('customer sign-in', () => {
  it('answers an unknown name exactly as a real account, through to the lock', async () => {
    const owner = await freshClient();
    expect((await owner.register('13700000001', 'Right2026')).success).toBe(true);
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      real.push(seen(await (await freshClient()).login('13700000001', 'Wrong2026')));
      unknown.push(seen(await (await freshClient()).login('13700000002', 'Wrong2026')));
    }
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toMatchObject({ apiCode: ApiCode.AccountLocked });
  });

  it('locks an unknown name after 5 of 12 guesses sent at once', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => freshClient()));
    const replies = await Promise.all(clients.map((client) => client.login('13700000003', 'Guess2026')));
    const codes = replies.map((reply) => reply.apiCode);
    expect(codes.filter((code) => code === ApiCode.WrongPassword)).toHaveLength(4);
    expect(codes.filter((code) => code === ApiCode.AccountLocked)).toHaveLength(8);
  });

  it('answers an SMS sign-in for an unregistered number as one without a code', async () => {
    const owner = await freshClient();
    expect((await owner.register('13700000004', 'Right2026')).success).toBe(true);
    const smsLogin = async (account: string) =>
      seen(
        await (
          await freshClient()
        ).post('/api/oauth/RequestAccessToken', {
          LoginType: 2,
          Account: account,
          SmsCode: '123456',
          RememberMe: false,
        }),
      );
    const registered = await smsLogin('13700000004');
    expect(registered.apiCode).toBe(ApiCode.SmsCodeExpired);
    expect(await smsLogin('13700000005')).toEqual(registered);
  });

  it('names a disabled account only to someone who knows its password', async () => {
    const owner = await freshClient();
    expect((await owner.register('13700000006', 'Right2026')).success).toBe(true);
    await server.context.db
      .updateTable('customers')
      .set({ is_active: 0 })
      .where('mobile_no', '=', '13700000006')
      .execute();
    const wrong = await (await freshClient()).login('13700000006', 'Wrong2026');
    const stranger = await (await freshClient()).login('13700000007', 'Wrong2026');
    expect(seen(wrong)).toEqual(seen(stranger));
    expect((await (await freshClient()).login('13700000006', 'Right2026')).apiCode).toBe(
      ApiCode.AccountDisabled,
    );
  });
});

describe('SendSms', () => {
  it('checks the captcha before saying whether a number is registered', async () => {
    const client = await freshClient();
    const { challenge, sessionId } = await client.startCaptcha();
    const forged = 'f'.repeat(64);
    const answer = {
      SessionId: sessionId,
      Challenge: challenge,
      Validate: forged,
      Seccode: `${forged}|jordan`,
    };
    const unregistered = await client.sendSmsWith(answer, '13700000008', 3);
    expect(unregistered.apiCode).toBe(ApiCode.CaptchaInvalid);
    const solved = await client.sendSms('13700000008', 3);
    expect(solved).toMatchObject({ apiCode: ApiCode.AccountNotFound, message: '该手机号未注册' });
  });
});

describe('staff sign-in', () => {
  it('locks an unknown staff name after 3 wrong passwords, as a real one', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    await admin.hire('clerk21', ['review']);
    const login = (account: string) =>
      new StaffClient(server, 'demo.localhost').post('/api/staff/Login', {
        Account: account,
        Password: 'wrong-pass',
      });
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      real.push(seen(await login('clerk21')));
      unknown.push(seen(await login('clerk22')));
    }
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toMatchObject({ apiCode: ApiCode.AccountLocked });
  });

  it('answers a disabled staff account with a wrong password as any wrong password', async () => {
    const admin = await StaffClient.signIn(server, 'demo.localhost');
    await admin.hire('clerk23', ['review']);
    await server.context.db
      .updateTable('staff')
      .set({ is_active: 0 })
      .where('account', '=', 'clerk23')
      .execute();
    const staff = new StaffClient(server, 'demo.localhost');
    const wrong = await staff.post('/api/staff/Login', { Account: 'clerk23', Password: 'wrong-pass' });
    const stranger = await staff.post('/api/staff/Login', { Account: 'clerk24', Password: 'wrong-pass' });
    expect(seen(wrong)).toEqual(seen(stranger));
    expect(wrong.apiCode).toBe(ApiCode.WrongPassword);
    const right = await staff.post('/api/staff/Login', { Account: 'clerk23', Password: 'Staff2026ok' });
    expect(right.apiCode).toBe(ApiCode.AccountDisabled);
  });
});
