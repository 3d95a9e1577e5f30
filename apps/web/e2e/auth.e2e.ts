import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { freshMobile, registerCustomer } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import {
  STEP_TIMEOUT_MS,
  accountName,
  solveSliderCaptcha,
  fieldError,
  open,
  pathOf,
  signIn,
  submitLogin,
  toast,
  waitForPath,
  waitForPathMatching,
  WORKSPACE,
} from './support/ui.ts';

/** Without a nickname of their own, customers are called 用户 and the last four digits of their number. */
function nickName(mobile: string): string {
  return `用户${mobile.slice(-4)}`;
}

/** Registration, sign-in, sign-out, the lock-out and 记住我, on the demo merchant (version 1). */
describe('signing up and signing in', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await env.browser.context.newPage();
  });

  afterEach(async () => {
    // Each test starts signed out: 记住我 keeps its token in the merchant's localStorage.
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.close();
  });

  it('registers with the slider and an SMS code, signs in, returns to the page first asked for, and signs out', async () => {
    const mobile = freshMobile();
    const password = 'Print2026';

    // A visitor asks for a protected page and is sent to the login, carrying the address.
    await open(page, env.server.url('demo') + '/user/order/1');
    await waitForPath(page, '/login?redirect=%2Fuser%2Forder%2F1');
    await page.getByRole('link', { name: '立即注册' }).click();
    await waitForPath(page, '/register?redirect=%2Fuser%2Forder%2F1');
    const card = page.locator('.ink-auth-card');
    await card.getByRole('heading', { name: '注册账号' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // Spec §5 messages, shown beside the fields.
    await card.getByRole('button', { name: /注\s*册/ }).click();
    await fieldError(page, '请输入手机号码').waitFor({ timeout: STEP_TIMEOUT_MS });
    await fieldError(page, '请输入确认密码').waitFor({ timeout: STEP_TIMEOUT_MS });
    const mobileField = card.getByPlaceholder('手机号码（注册后作为登录账号）');
    await mobileField.fill('12345678901');
    await fieldError(page, '手机号码格式有误').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByPlaceholder('设置登录密码').fill(password);
    await card.getByPlaceholder('确认登录密码').fill('Print2027');
    await fieldError(page, '确认密码必须和密码一致！').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByPlaceholder('确认登录密码').fill(password);
    await fieldError(page, '确认密码必须和密码一致！').waitFor({
      state: 'detached',
      timeout: STEP_TIMEOUT_MS,
    });

    // A valid number, then the code: captcha first.
    await mobileField.fill(mobile);
    await fieldError(page, '手机号码格式有误').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    const codeButton = card.getByRole('button', { name: '获取验证码' });
    await codeButton.click();
    await solveSliderCaptcha(page, env.server);
    await toast(page, '短信已发送,请注意查收!').waitFor({ timeout: STEP_TIMEOUT_MS });

    // The button counts down from 120 s and stays disabled meanwhile.
    const countdown = card.locator('.ink-sms-input__button');
    await expect
      .poll(() => countdown.textContent(), { timeout: STEP_TIMEOUT_MS })
      .toMatch(/^\d+秒后重新获取$/);
    const first = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    expect(first).toBeLessThanOrEqual(120);
    expect(first).toBeGreaterThan(110);
    expect(await countdown.isDisabled()).toBe(true);
    await expect
      .poll(async () => Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBeLessThan(first);
    expect(await countdown.isDisabled()).toBe(true);

    await card.getByPlaceholder('短信验证码').fill(await env.server.latestSmsCode(mobile));
    await card.getByRole('button', { name: /注\s*册/ }).click();
    await toast(page, '注册成功，请登录').waitFor({ timeout: STEP_TIMEOUT_MS });

    // Back on the login with the new account filled in and the wanted address kept.
    await waitForPath(page, '/login?redirect=%2Fuser%2Forder%2F1');
    expect(await page.getByPlaceholder('手机号码 / 账号').inputValue()).toBe(mobile);
    await page.getByPlaceholder('登录密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();

    await waitForPath(page, '/user/order/1');
    await expect
      .poll(() => accountName(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe(nickName(mobile));

    // Sign out: back to the login, and the protected page is closed again.
    await page.getByRole('button', { name: /退出登录/ }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await accountName(page).count()).toBe(0);
    await open(page, env.server.url('demo') + '/user/order/1');
    await waitForPath(page, '/login?redirect=%2Fuser%2Forder%2F1');
    // The server revoked the token as well.
    const live = env.server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM access_tokens t JOIN customers c ON c.id = t.customer_id
       WHERE c.mobile_no = ? AND t.revoked_at IS NULL`,
      mobile,
    );
    expect(live[0]?.n).toBe(0);
  });

  it('locks the account after five wrong passwords and then refuses the right one', async () => {
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await open(page, env.server.url('demo') + '/login');

    // Each wrong password says how many tries are left.
    for (let attempt = 1; attempt <= 4; attempt++) {
      await submitLogin(page, mobile, `Wrong${attempt}234`);
      const warning = toast(page, `再错${5 - attempt}次将锁定账号15分钟`);
      await warning.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await warning.textContent()).toContain('账号或密码错误');
      expect(await toast(page, '已锁定').count()).toBe(0);
    }

    // The fifth locks the account for 15 minutes.
    await submitLogin(page, mobile, 'Wrong5234');
    const locked = toast(page, '已锁定');
    await locked.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await locked.textContent()).toMatch(/锁定.*15分钟/);
    expect(pathOf(page)).toBe('/login');

    // The right password is refused with the lock message, and the customer stays signed out.
    await submitLogin(page, mobile, 'Print2026');
    const stillLocked = toast(page, '后再试');
    await stillLocked.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await stillLocked.textContent()).toContain('锁定');
    expect(await stillLocked.textContent()).toContain('15分钟');
    expect(pathOf(page)).toBe('/login');
    expect(await accountName(page).count()).toBe(0);
    await open(page, env.server.url('demo') + '/index');
    await waitForPath(page, '/login?redirect=%2Findex');
  });

  it('记住我 keeps the customer signed in on a new page of the same browser', async () => {
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await signIn(page, env.server.url('demo') + '/login', mobile, 'Print2026', { rememberMe: true });
    await waitForPathMatching(page, WORKSPACE[1]);

    const second = await env.browser.context.newPage();
    try {
      await open(second, env.server.url('demo') + '/user/bill/1');
      await accountName(second).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(pathOf(second)).toBe('/user/bill/1');
      await expect
        .poll(() => accountName(second).textContent(), { timeout: STEP_TIMEOUT_MS })
        .toBe(nickName(mobile));
    } finally {
      await second.close();
    }
  });

  it('says what is missing beside the login fields, shows the password on request, and signs in with 记住我', async () => {
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await open(page, env.server.url('demo') + '/login');
    const card = page.locator('.ink-auth-card');
    const account = card.getByPlaceholder('手机号码 / 账号');
    const password = card.getByPlaceholder('登录密码');

    // Nothing typed: both messages, and no request.
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/oauth/RequestAccessToken')) asked++;
    });
    await card.getByRole('button', { name: /登\s*录/ }).click();
    await fieldError(page, '请输入账号').waitFor({ timeout: STEP_TIMEOUT_MS });
    await fieldError(page, '请输入密码').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await account.getAttribute('aria-invalid')).toBe('true');
    expect(await account.evaluate((input) => input === document.activeElement)).toBe(true);

    // Blanks are no account; each message goes as soon as its field is right.
    await account.fill('   ');
    await card.getByRole('button', { name: /登\s*录/ }).click();
    await fieldError(page, '请输入账号').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(asked).toBe(0);
    await account.fill(mobile);
    await fieldError(page, '请输入账号').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await password.fill('Print2026');
    await fieldError(page, '请输入密码').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

    // The eye shows what was typed, and hides it again.
    const eye = card.getByRole('button', { name: '显示密码' });
    await eye.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await eye.getAttribute('aria-pressed')).toBe('true');
    await eye.click();
    expect(await password.getAttribute('type')).toBe('password');

    await submitLogin(page, mobile, 'Print2026', { rememberMe: true });
    expect(asked).toBe(1);
    await toast(page, '登录成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await waitForPathMatching(page, WORKSPACE[1]);
    await expect
      .poll(() => accountName(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe(nickName(mobile));

    // 记住我: the long-term token, so another page of this browser is signed in too.
    const second = await env.browser.context.newPage();
    try {
      await open(second, env.server.url('demo') + '/user/bill/1');
      await accountName(second).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(pathOf(second)).toBe('/user/bill/1');
    } finally {
      await second.close();
    }
  });

  it('signs in with an SMS code on the 短信登录 tab', async () => {
    // The seeded customer: no code was sent to this number yet, so one may be sent now.
    const mobile = '13800138000';
    await open(page, env.server.url('demo') + '/login');
    const card = page.locator('.ink-auth-card');
    await card.getByRole('tab', { name: '短信登录' }).click();
    // Its fields arrive as a chunk of their own.
    const mobileField = card.getByPlaceholder('手机号码', { exact: true });
    await mobileField.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await card.getByPlaceholder('手机号码 / 账号').count()).toBe(0);

    // Its fields say what is missing too.
    await card.getByRole('button', { name: /登\s*录/ }).click();
    await fieldError(page, '请输入手机号码').waitFor({ timeout: STEP_TIMEOUT_MS });
    await fieldError(page, '请输入短信验证码').waitFor({ timeout: STEP_TIMEOUT_MS });

    await mobileField.fill(mobile);
    await card.getByRole('button', { name: '获取验证码' }).click();
    await solveSliderCaptcha(page, env.server);
    await toast(page, '短信已发送,请注意查收!').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByPlaceholder('短信验证码').fill(await env.server.latestSmsCode(mobile));
    await card.getByRole('button', { name: /登\s*录/ }).click();

    await waitForPathMatching(page, WORKSPACE[1]);
    await page.locator('.ink-account-bar').waitFor({ timeout: STEP_TIMEOUT_MS });
  });

  it('without 记住我 a new page, or another browser, is signed out', async () => {
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await signIn(page, env.server.url('demo') + '/login', mobile, 'Print2026');
    await waitForPathMatching(page, WORKSPACE[1]);
    await expect
      .poll(() => accountName(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe(nickName(mobile));

    const second = await env.browser.context.newPage();
    try {
      await open(second, env.server.url('demo') + '/user/bill/1');
      await waitForPath(second, '/login?redirect=%2Fuser%2Fbill%2F1');
      expect(await accountName(second).count()).toBe(0);
    } finally {
      await second.close();
    }

    const other = await launchBrowser();
    try {
      const elsewhere = await other.context.newPage();
      await open(elsewhere, env.server.url('demo') + '/index');
      await waitForPath(elsewhere, '/login?redirect=%2Findex');
    } finally {
      await other.close();
    }

    // The first page is still signed in.
    await page.reload();
    await page.locator('.ink-account-bar').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(pathOf(page)).toMatch(WORKSPACE[1]);
  });
});
