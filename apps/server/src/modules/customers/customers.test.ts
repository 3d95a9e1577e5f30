import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';

const demo = DEMO_ACCOUNTS[0];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let lastIp = 0;
async function freshClient(): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, 'demo.localhost', `192.0.2.${lastIp}`);
  await client.start();
  return client;
}

/** A customer registered with `password`, and `count` clients signed in as them. */
async function customerWithSessions(mobileNo: string, password: string, count: number) {
  const registrar = await freshClient();
  const registered = await registrar.register(mobileNo, password);
  expect(registered.success, registered.message).toBe(true);
  const sessions: TestClient[] = [];
  for (let i = 0; i < count; i++) {
    const session = await freshClient();
    expect((await session.login(mobileNo, password)).success).toBe(true);
    sessions.push(session);
  }
  return { registrar, sessions };
}

async function isSignedIn(client: TestClient): Promise<number> {
  return (await client.get('/api/oauth/LoginUserInfo')).apiCode;
}

describe('registration and sign-in', () => {
  it('registers by SMS code, signs in and shows the same customer', async () => {
    const client = await freshClient();
    const mobileNo = '13400000001';
    const now = new Date(server.clock.now()).toISOString();
    const registered = await client.register(mobileNo, 'Print2026', '印刷小王');
    expect(registered).toMatchObject({
      success: true,
      message: '注册成功',
      data: {
        Account: mobileNo,
        MobileNo: mobileNo,
        NickName: '印刷小王',
        CompanyCode: 'demo',
        CreateTime: now,
        LastLoginTime: null,
        Avatar: null,
      },
    });

    server.clock.advance(1000);
    const login = await client.login(mobileNo, 'Print2026');
    expect(login.success, login.message).toBe(true);
    const info = await client.get('/api/oauth/LoginUserInfo');
    expect(info.data).toEqual({
      CustomerId: registered.data.CustomerId,
      Account: mobileNo,
      MobileNo: mobileNo,
      NickName: '印刷小王',
      CompanyCode: 'demo',
      CreateTime: now,
      LastLoginTime: new Date(server.clock.now()).toISOString(),
      Avatar: null,
    });
    const profile = await client.post('/api/cust/info', {});
    expect(profile.data).toEqual(info.data);
  });

  it('gives a customer who chose no nickname one from the last four digits', async () => {
    const registered = await (await freshClient()).register('13400000002');
    expect(registered.data.NickName).toBe('用户0002');
  });

  it('refuses Register without a code sent to the number', async () => {
    const client = await freshClient();
    const result = await client.post('/api/cust/Register', {
      MobileNo: '13400000003',
      SmsCode: '123456',
      Password: 'Print2026',
      ConfirmPassword: 'Print2026',
    });
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.SmsCodeExpired });
    expect((await client.login('13400000003', 'Print2026')).success).toBe(false);
  });

  it('answers CheckCustomerAccount with -1001 for an existing account only', async () => {
    const client = await freshClient();
    const existing = await client.post('/api/cust/CheckCustomerAccount', { Account: demo.account });
    expect(existing).toMatchObject({
      success: false,
      apiCode: ApiCode.AlreadyExists,
      message: '该手机号已注册',
    });
    const fresh = await client.post('/api/cust/CheckCustomerAccount', { Account: '13400000004' });
    expect(fresh).toMatchObject({ success: true, data: { Exists: false } });
    expect((await client.register('13400000004')).success).toBe(true);
    const nowTaken = await client.post('/api/cust/CheckCustomerAccount', { Account: '13400000004' });
    expect(nowTaken.apiCode).toBe(ApiCode.AlreadyExists);
  });

  it('refuses to register an existing number with -1001 and leaves its owner alone', async () => {
    const client = await freshClient();
    const sms = await client.sendSms(demo.account, 1);
    expect(sms).toMatchObject({ success: false, apiCode: ApiCode.AlreadyExists });
    const register = await client.post('/api/cust/Register', {
      MobileNo: demo.account,
      SmsCode: '123456',
      Password: 'Takeover1',
      ConfirmPassword: 'Takeover1',
    });
    expect(register).toMatchObject({
      success: false,
      apiCode: ApiCode.AlreadyExists,
      message: '该手机号已注册，请直接登录',
    });
    expect((await client.login(demo.account, 'Takeover1')).success).toBe(false);
    expect((await client.login(demo.account, demo.password)).success).toBe(true);
  });
});

describe('RetrievePassword', () => {
  it('resets the password and signs the account out everywhere', async () => {
    const mobileNo = '13400000011';
    const { registrar, sessions } = await customerWithSessions(mobileNo, 'OldPass2026', 2);
    for (const session of sessions) expect(await isSignedIn(session)).toBe(ApiCode.Ok);

    server.clock.advance(61_000);
    expect((await registrar.sendSms(mobileNo, 3)).success).toBe(true);
    const reset = await registrar.post('/api/cust/RetrievePassword', {
      MobileNo: mobileNo,
      SmsCode: await registrar.latestSmsCode(mobileNo),
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    expect(reset).toMatchObject({ success: true, message: '密码已重设，请重新登录' });

    for (const session of sessions) expect(await isSignedIn(session)).toBe(ApiCode.LoginRevoked);
    const client = await freshClient();
    expect((await client.login(mobileNo, 'OldPass2026')).apiCode).toBe(ApiCode.WrongPassword);
    expect((await client.login(mobileNo, 'NewPass2026')).success).toBe(true);
  });

  it('keeps the password when the code is wrong', async () => {
    const mobileNo = '13400000012';
    const { registrar, sessions } = await customerWithSessions(mobileNo, 'OldPass2026', 1);
    server.clock.advance(61_000);
    expect((await registrar.sendSms(mobileNo, 3)).success).toBe(true);
    const code = await registrar.latestSmsCode(mobileNo);
    const reset = await registrar.post('/api/cust/RetrievePassword', {
      MobileNo: mobileNo,
      SmsCode: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    expect(reset.apiCode).toBe(ApiCode.SmsCodeInvalid);
    expect(await isSignedIn(sessions[0]!)).toBe(ApiCode.Ok);
    expect((await (await freshClient()).login(mobileNo, 'OldPass2026')).success).toBe(true);
  });

  it('refuses a number that has no account', async () => {
    const client = await freshClient();
    expect(await client.sendSms('13400000013', 3)).toMatchObject({
      apiCode: ApiCode.AccountNotFound,
      message: '该手机号未注册',
    });
    const reset = await client.post('/api/cust/RetrievePassword', {
      MobileNo: '13400000013',
      SmsCode: '123456',
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    // No code is ever sent to it, so the reset fails as a wrong code does, naming no account.
    expect(reset.apiCode).toBe(ApiCode.SmsCodeExpired);
  });
});

describe('CustomerChangePassword', () => {
  it('keeps the current session and signs out the others', async () => {
    const mobileNo = '13400000021';
    const [current, other] = (await customerWithSessions(mobileNo, 'OldPass2026', 2)).sessions as [
      TestClient,
      TestClient,
    ];
    const changed = await current.post('/api/cust/CustomerChangePassword', {
      OldPassword: 'OldPass2026',
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    expect(changed).toMatchObject({ success: true, message: '密码已修改' });
    expect(await isSignedIn(current)).toBe(ApiCode.Ok);
    expect(await isSignedIn(other)).toBe(ApiCode.LoginRevoked);

    const client = await freshClient();
    expect((await client.login(mobileNo, 'OldPass2026')).apiCode).toBe(ApiCode.WrongPassword);
    expect((await client.login(mobileNo, 'NewPass2026')).success).toBe(true);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const mobileNo = '13400000022';
    const [current, other] = (await customerWithSessions(mobileNo, 'OldPass2026', 2)).sessions as [
      TestClient,
      TestClient,
    ];
    const refused = await current.post('/api/cust/CustomerChangePassword', {
      OldPassword: 'Guess2026',
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    expect(refused).toMatchObject({
      success: false,
      apiCode: ApiCode.WrongPassword,
      message: '原密码不正确，再错4次将锁定账号15分钟',
    });
    expect(await isSignedIn(other)).toBe(ApiCode.Ok);
    const client = await freshClient();
    expect((await client.login(mobileNo, 'NewPass2026')).success).toBe(false);
    expect((await client.login(mobileNo, 'OldPass2026')).success).toBe(true);
  });

  it('refuses a new password equal to the old one', async () => {
    const [session] = (await customerWithSessions('13400000023', 'OldPass2026', 1)).sessions;
    const same = await session!.post('/api/cust/CustomerChangePassword', {
      OldPassword: 'OldPass2026',
      Password: 'OldPass2026',
      ConfirmPassword: 'OldPass2026',
    });
    expect(same).toMatchObject({ success: false, message: '新密码不能与原密码相同' });
  });

  it('needs a signed-in customer', async () => {
    const client = await freshClient();
    const anonymous = await client.post('/api/cust/CustomerChangePassword', {
      OldPassword: demo.password,
      Password: 'NewPass2026',
      ConfirmPassword: 'NewPass2026',
    });
    expect(anonymous.apiCode).toBe(ApiCode.LoginRequired);
    expect((await client.login(demo.account, demo.password)).success).toBe(true);
  });
});

describe('text customers type', () => {
  it.each([
    ['13400000031', '<img src=x onerror=alert(1)>'],
    ['13400000032', "'); DROP TABLE customers;--"],
    ['13400000033', '" OR 1=1 -- <b>粗体</b> &amp;'],
    ['13400000034', 'Robert`; \\x00 ${name} %s'],
  ])('stores and returns a nickname of HTML or SQL as the same text (%s)', async (mobileNo, nickName) => {
    const client = await freshClient();
    const registered = await client.register(mobileNo, 'Print2026', nickName);
    expect(registered.data.NickName).toBe(nickName);
    await client.login(mobileNo, 'Print2026');
    expect((await client.get('/api/oauth/LoginUserInfo')).data.NickName).toBe(nickName);
    expect((await client.post('/api/cust/info', {})).data.NickName).toBe(nickName);

    const row = await server.context.db
      .selectFrom('customers')
      .select('nick_name')
      .where('account', '=', mobileNo)
      .executeTakeFirstOrThrow();
    expect(row.nick_name).toBe(nickName);
    const everyone = await server.context.db.selectFrom('customers').select('id').execute();
    expect(everyone.length).toBeGreaterThan(2);
  });
});
