import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { hashToken } from '../../lib/crypto.ts';
import { TestClient, outboxCount, startTestServer, type TestServer } from '../../test/harness.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let lastIp = 0;
/** A started demo client on an address of its own, so per-IP counts never mix between tests. */
async function freshClient(host = 'demo.localhost'): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, host, `198.51.100.${lastIp}`);
  await client.start();
  return client;
}

/** Moves the shared clock forward to an absolute time (tests run in order; it never goes back). */
function advanceTo(isoTime: string): void {
  const target = Date.parse(isoTime);
  expect(target, `clock is already past ${isoTime}`).toBeGreaterThanOrEqual(server.clock.now());
  server.clock.advance(target - server.clock.now());
}

/** The China (UTC+8) calendar date, YYYY-MM-DD, of the day after the one `time` falls on. */
function chinaDayAfter(time: number): string {
  return new Date(time + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** Any six-digit code other than `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

function registerBody(mobileNo: string, code: string) {
  return { MobileNo: mobileNo, SmsCode: code, Password: 'Print2026', ConfirmPassword: 'Print2026' };
}

describe('SMS sending limits', () => {
  it('sends one SMS per number per 60 seconds and says how long to wait', async () => {
    const client = await freshClient();
    const mobileNo = '13500000001';
    expect((await client.sendSms(mobileNo)).success).toBe(true);

    server.clock.advance(20 * SECOND);
    const tooSoon = await client.sendSms(mobileNo);
    expect(tooSoon).toMatchObject({
      success: false,
      apiCode: ApiCode.SmsTooFrequent,
      message: '发送过于频繁，请40秒后再试',
    });
    server.clock.advance(39 * SECOND);
    expect((await client.sendSms(mobileNo)).message).toBe('发送过于频繁，请1秒后再试');

    server.clock.advance(1 * SECOND);
    const afterAMinute = await client.sendSms(mobileNo);
    expect(afterAMinute).toMatchObject({ success: true, message: '短信已发送,请注意查收!' });
    expect(afterAMinute.data).toEqual({ ExpiresInSeconds: 300, ResendAfterSeconds: 60 });
    expect(await outboxCount(server, mobileNo)).toBe(2);
  });

  it('refuses a send that is too soon before spending the solved captcha on it', async () => {
    const client = await freshClient();
    const mobileNo = '13500000003';
    expect((await client.sendSms(mobileNo)).success).toBe(true);
    server.clock.advance(30 * SECOND);
    const answer = await client.solveCaptcha();
    expect((await client.sendSmsWith(answer, mobileNo)).apiCode).toBe(ApiCode.SmsTooFrequent);
    server.clock.advance(30 * SECOND);
    // The same answer still opens the next send: the refusal did not use it up.
    const later = await client.sendSmsWith(answer, mobileNo);
    expect(later.success, later.message).toBe(true);
  });

  it('sends at most 10 a day per number, the day being the China (UTC+8) calendar day', async () => {
    const mobileNo = '13500000002';
    // 07:00 in China is 23:00 UTC of the day before: the UTC date changes at 08:00 China time.
    // The day is the China day after the clock's, whatever date the suite runs on.
    const day = chinaDayAfter(server.clock.now());
    const nextDay = chinaDayAfter(Date.parse(`${day}T12:00:00+08:00`));
    advanceTo(`${day}T07:00:00+08:00`);
    const client = await freshClient();
    for (let sent = 1; sent <= 10; sent++) {
      const result = await client.sendSms(mobileNo);
      expect(result.success, `SMS ${sent}: ${result.message}`).toBe(true);
      server.clock.advance(61 * SECOND);
    }
    const eleventh = await client.sendSms(mobileNo);
    expect(eleventh).toMatchObject({
      success: false,
      apiCode: ApiCode.SmsDailyLimit,
      message: '该号码今日短信发送次数已达上限',
    });

    advanceTo(`${day}T08:30:00+08:00`);
    expect((await client.sendSms(mobileNo)).apiCode).toBe(ApiCode.SmsDailyLimit);
    advanceTo(`${day}T23:59:59+08:00`);
    await client.start();
    expect((await client.sendSms(mobileNo)).apiCode).toBe(ApiCode.SmsDailyLimit);

    advanceTo(`${nextDay}T00:00:00+08:00`);
    const onNextDay = await client.sendSms(mobileNo);
    expect(onNextDay.success, onNextDay.message).toBe(true);
    expect(await outboxCount(server, mobileNo)).toBe(11);
  });

  it('sends at most SMS_PER_IP_PER_HOUR from one IP, whatever the numbers and merchants', async () => {
    const limit = server.context.config.SMS_PER_IP_PER_HOUR;
    const client = await freshClient();
    const numbers = Array.from({ length: limit + 2 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    for (const mobileNo of numbers.slice(0, limit)) {
      const result = await client.sendSms(mobileNo);
      expect(result.success, `${mobileNo}: ${result.message}`).toBe(true);
    }
    const overLimit = await client.sendSms(numbers[limit]!);
    expect(overLimit).toMatchObject({
      success: false,
      apiCode: ApiCode.SmsIpLimit,
      message: '当前网络发送短信过多，请稍后再试',
    });
    const sameIpOtherMerchant = new TestClient(server, 'maple.localhost', client.ip);
    await sameIpOtherMerchant.start();
    expect((await sameIpOtherMerchant.sendSms(numbers[limit]!)).apiCode).toBe(ApiCode.SmsIpLimit);
    const otherIp = await freshClient();
    expect((await otherIp.sendSms(numbers[limit]!)).success).toBe(true);

    server.clock.advance(HOUR - SECOND);
    expect((await client.sendSms(numbers[limit + 1]!)).apiCode).toBe(ApiCode.SmsIpLimit);
    server.clock.advance(2 * SECOND);
    const nextHour = await client.sendSms(numbers[limit + 1]!);
    expect(nextHour.success, nextHour.message).toBe(true);
  });
});

describe('SMS codes', () => {
  it('accepts a code within 5 minutes and refuses it after', async () => {
    const client = await freshClient();
    expect((await client.sendSms('13500000011')).success).toBe(true);
    expect((await client.sendSms('13500000012')).success).toBe(true);
    const late = await client.latestSmsCode('13500000011');
    const inTime = await client.latestSmsCode('13500000012');

    server.clock.advance(5 * MINUTE - SECOND);
    const accepted = await client.post('/api/cust/Register', registerBody('13500000012', inTime));
    expect(accepted.success, accepted.message).toBe(true);

    server.clock.advance(SECOND);
    const expired = await client.post('/api/cust/Register', registerBody('13500000011', late));
    expect(expired).toMatchObject({
      success: false,
      apiCode: ApiCode.SmsCodeExpired,
      message: '短信验证码已过期，请重新获取',
    });
  });

  it('kills a code on the fifth wrong try, so even the right code is refused after', async () => {
    const client = await freshClient();
    const mobileNo = '13500000021';
    expect((await client.sendSms(mobileNo)).success).toBe(true);
    const code = await client.latestSmsCode(mobileNo);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await client.post('/api/cust/Register', registerBody(mobileNo, wrongCode(code)));
      expect(wrong).toMatchObject({
        apiCode: ApiCode.SmsCodeInvalid,
        message: `短信验证码错误，还可尝试${left}次`,
      });
    }
    const fifth = await client.post('/api/cust/Register', registerBody(mobileNo, wrongCode(code)));
    expect(fifth).toMatchObject({
      apiCode: ApiCode.SmsCodeExhausted,
      message: '短信验证码错误次数过多，请重新获取',
    });
    const right = await client.post('/api/cust/Register', registerBody(mobileNo, code));
    expect(right).toMatchObject({ success: false, apiCode: ApiCode.SmsCodeExhausted });

    server.clock.advance(61 * SECOND);
    expect((await client.sendSms(mobileNo)).success).toBe(true);
    const fresh = await client.post(
      '/api/cust/Register',
      registerBody(mobileNo, await client.latestSmsCode(mobileNo)),
    );
    expect(fresh.success, fresh.message).toBe(true);
  });

  it('accepts a code once', async () => {
    const client = await freshClient();
    const mobileNo = '13500000031';
    expect((await client.register(mobileNo)).success).toBe(true);
    server.clock.advance(61 * SECOND);
    expect((await client.sendSms(mobileNo, 2)).success).toBe(true);
    const code = await client.latestSmsCode(mobileNo);
    const smsLogin = { LoginType: 2, Account: mobileNo, SmsCode: code };
    const first = await client.post('/api/oauth/RequestAccessToken', smsLogin);
    expect(first.success, first.message).toBe(true);
    const again = await client.post('/api/oauth/RequestAccessToken', smsLogin);
    expect(again).toMatchObject({ success: false, apiCode: ApiCode.SmsCodeExpired });
  });
});

describe('captcha', () => {
  it('accepts a captcha answer once', async () => {
    const client = await freshClient();
    const answer = await client.solveCaptcha();
    expect((await client.sendSmsWith(answer, '13500000041')).success).toBe(true);
    const reused = await client.sendSmsWith(answer, '13500000042');
    expect(reused).toMatchObject({
      success: false,
      apiCode: ApiCode.CaptchaUsed,
      message: '滑动验证已失效，请重新验证',
    });
    const resolved = await client.slide(answer.Challenge, 100);
    expect(resolved.apiCode).toBe(ApiCode.CaptchaUsed);
    expect(await outboxCount(server, '13500000042')).toBe(0);
  });

  it('refuses SendSms without a captcha answer or with a forged one', async () => {
    const client = await freshClient();
    const missing = await client.post('/api/common/SendSms', { MobileNo: '13500000043', MessageType: 1 });
    expect(missing).toMatchObject({ apiCode: ApiCode.CaptchaRequired, message: '请先完成滑动验证' });

    const { challenge, sessionId } = await client.startCaptcha();
    const forged = 'f'.repeat(64);
    const unsolved = await client.sendSmsWith(
      { SessionId: sessionId, Challenge: challenge, Validate: forged, Seccode: `${forged}|jordan` },
      '13500000043',
    );
    expect(unsolved.apiCode).toBe(ApiCode.CaptchaInvalid);

    const answer = await client.solveCaptcha();
    const tampered = await client.sendSmsWith(
      { ...answer, Validate: forged, Seccode: `${forged}|jordan` },
      '13500000043',
    );
    expect(tampered.apiCode).toBe(ApiCode.CaptchaInvalid);
    expect((await client.sendSmsWith(answer, '13500000043')).success).toBe(true);
  });

  it('refuses a slide away from the gap and accepts one within 5 px', async () => {
    const client = await freshClient();
    const first = await client.startCaptcha();
    expect(await client.slide(first.challenge, first.answerX + 6)).toMatchObject({
      success: false,
      apiCode: ApiCode.CaptchaInvalid,
      message: '滑动验证未通过，请重试',
    });
    expect((await client.slide(first.challenge, first.answerX - 5)).success).toBe(true);

    const second = await client.startCaptcha();
    const tooFast = await client.post('/api/common/VerifyCaptcha', {
      challenge: second.challenge,
      x: second.answerX,
      durationMs: 40,
    });
    expect(tooFast.apiCode).toBe(ApiCode.CaptchaInvalid);
  });

  it('spends a puzzle after 3 wrong slides', async () => {
    const client = await freshClient();
    const puzzle = await client.startCaptcha();
    for (const offset of [40, -40, 30]) {
      expect((await client.slide(puzzle.challenge, puzzle.answerX + offset)).apiCode).toBe(
        ApiCode.CaptchaInvalid,
      );
    }
    const right = await client.slide(puzzle.challenge, puzzle.answerX);
    expect(right).toMatchObject({
      success: false,
      apiCode: ApiCode.CaptchaInvalid,
      message: '尝试次数过多，请刷新后重试',
    });
  });
});

describe('password sign-in', () => {
  it('locks the account for 15 minutes after 5 wrong passwords and says so', async () => {
    const client = await freshClient();
    const mobileNo = '13500000051';
    expect((await client.register(mobileNo, 'Right2026')).success).toBe(true);
    for (const left of [4, 3, 2, 1]) {
      expect(await client.login(mobileNo, 'Wrong2026')).toMatchObject({
        apiCode: ApiCode.WrongPassword,
        message: `账号或密码错误，再错${left}次将锁定账号15分钟`,
      });
    }
    const fifth = await client.login(mobileNo, 'Wrong2026');
    expect(fifth.apiCode).toBe(ApiCode.AccountLocked);
    expect(fifth.message).toContain('锁定');
    expect(fifth.message).toContain('15分钟');

    const whileLocked = await client.login(mobileNo, 'Right2026');
    expect(whileLocked.apiCode).toBe(ApiCode.AccountLocked);
    expect(whileLocked.message).toContain('锁定');
    expect(whileLocked.message).toContain('15分钟');
    expect(client.accesstoken).toBe('');

    server.clock.advance(15 * MINUTE - SECOND);
    expect((await client.login(mobileNo, 'Right2026')).apiCode).toBe(ApiCode.AccountLocked);
    server.clock.advance(SECOND);
    const unlocked = await client.login(mobileNo, 'Right2026');
    expect(unlocked.success, unlocked.message).toBe(true);
  });

  it('starts the count again after a successful sign-in', async () => {
    const client = await freshClient();
    const mobileNo = '13500000052';
    expect((await client.register(mobileNo, 'Right2026')).success).toBe(true);
    for (let i = 0; i < 4; i++) await client.login(mobileNo, 'Wrong2026');
    expect((await client.login(mobileNo, 'Right2026')).success).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect((await client.login(mobileNo, 'Wrong2026')).apiCode).toBe(ApiCode.WrongPassword);
    }
    expect((await client.login(mobileNo, 'Right2026')).success).toBe(true);
  });
});

describe('secrets at rest', () => {
  it('stores passwords as scrypt hashes with a salt of their own', async () => {
    const client = await freshClient();
    const password = 'SamePass2026';
    expect((await client.register('13500000061', password)).success).toBe(true);
    expect((await client.register('13500000062', password)).success).toBe(true);
    const rows = await server.context.db
      .selectFrom('customers')
      .select('password_hash')
      .where('account', 'in', ['13500000061', '13500000062'])
      .execute();
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => row.password_hash);
    for (const stored of [first!, second!]) {
      expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
      expect(stored).not.toContain(password);
    }
    expect(first).not.toBe(second);
    expect(first!.split('$')[4]).not.toBe(second!.split('$')[4]);
  });

  it('stores tokens, SMS codes and captcha answers only as hashes', async () => {
    const client = await freshClient();
    const mobileNo = '13500000071';
    const answer = await client.solveCaptcha();
    expect((await client.sendSmsWith(answer, mobileNo)).success).toBe(true);
    const code = await client.latestSmsCode(mobileNo);
    expect((await client.post('/api/cust/Register', registerBody(mobileNo, code))).success).toBe(true);
    expect((await client.login(mobileNo, 'Print2026')).success).toBe(true);

    const db = server.context.db;
    const appTokens = (await db.selectFrom('app_tokens').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    const accessTokens = (await db.selectFrom('access_tokens').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(appTokens).toContain(hashToken(client.authtoken));
    expect(accessTokens).toContain(hashToken(client.accesstoken));
    for (const stored of [...appTokens, ...accessTokens]) {
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      expect(stored).not.toBe(client.authtoken);
      expect(stored).not.toBe(client.accesstoken);
    }

    const codes = await db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('mobile_no', '=', mobileNo)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const captcha = await db
      .selectFrom('captchas')
      .select('validate_hash')
      .where('challenge', '=', answer.Challenge)
      .executeTakeFirstOrThrow();
    expect(captcha.validate_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(captcha.validate_hash).not.toBe(answer.Validate);
  });
});
