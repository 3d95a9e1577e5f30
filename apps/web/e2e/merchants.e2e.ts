import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import {
  STEP_TIMEOUT_MS,
  accountName,
  backgroundColour,
  open,
  pathOf,
  signIn,
  submitLogin,
  toast,
  waitForPath,
  waitForPathMatching,
  WORKSPACE,
} from './support/ui.ts';

/** Spec §1: theme preference 2 is red, anything else green (apps/web/src/app/theme.ts). */
const RED = 'rgb(215, 38, 30)';
const GREEN = 'rgb(15, 157, 88)';

const DEMO = { account: '13800138000', password: 'Demo1234', nickName: '张经理' };
const MAPLE = { account: '13900139000', password: 'Maple1234', nickName: '李老板' };

/** Two merchants on one deployment, told apart by sub-domain. */
describe('merchants', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await env.browser.context.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  it('maple shows its own name, website name as the title and the red theme', async () => {
    await open(page, env.server.url('maple') + '/login-v4');
    await expect.poll(() => page.title(), { timeout: STEP_TIMEOUT_MS }).toBe('红枫图文 · 图文快印');
    expect(await page.locator('.ink-auth-layout__headline').textContent()).toBe('红枫图文');
    expect(await page.locator('.ink-brand__name').textContent()).toBe('红枫图文 · 图文快印');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('墨砚');
    const button = page.getByRole('button', { name: /登\s*录/ });
    expect(await backgroundColour(button)).toBe(RED);

    // The public home of version 4 is red as well: its header bar and hero.
    await open(page, env.server.url('maple') + '/index-v4');
    await page.getByRole('heading', { name: '红枫图文 · 图文快印' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await backgroundColour(page.locator('.ink-header'))).toBe(RED);
    // On the red hero the primary button is white with red text.
    expect(
      await page
        .getByRole('button', { name: '登录下单' })
        .evaluate((element) => getComputedStyle(element).color),
    ).toBe(RED);
  });

  it('demo shows its own name and the green theme', async () => {
    await open(page, env.server.url('demo') + '/login');
    await expect.poll(() => page.title(), { timeout: STEP_TIMEOUT_MS }).toBe('墨砚快印 · 在线印刷下单');
    expect(await page.locator('.ink-auth-layout__headline').textContent()).toBe('墨砚快印');
    expect(await page.locator('body').innerText()).not.toContain('红枫');
    expect(await backgroundColour(page.getByRole('button', { name: /登\s*录/ }))).toBe(GREEN);
  });

  it("each merchant's own customer signs in on its own site", async () => {
    await signIn(page, env.server.url('maple') + '/login-v4', MAPLE.account, MAPLE.password);
    await waitForPathMatching(page, WORKSPACE[4]);
    await expect
      .poll(() => accountName(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe(MAPLE.nickName);
  });

  it("demo's account cannot sign in on maple", async () => {
    await open(page, env.server.url('maple') + '/login-v4');
    await submitLogin(page, DEMO.account, DEMO.password);
    await toast(page, '账号或密码错误').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(pathOf(page)).toBe('/login-v4');
    expect(await accountName(page).count()).toBe(0);
  });

  it('a session on demo is not signed in on maple, even with its token carried over', async () => {
    await signIn(page, env.server.url('demo') + '/login', DEMO.account, DEMO.password, { rememberMe: true });
    await waitForPathMatching(page, WORKSPACE[1]);
    await expect
      .poll(() => accountName(page).textContent(), { timeout: STEP_TIMEOUT_MS })
      .toBe(DEMO.nickName);

    // The same tab on maple: signed out.
    await open(page, env.server.url('maple') + '/quotationCenter-v4');
    await waitForPath(page, '/login-v4?redirect=%2FquotationCenter-v4');
    expect(await accountName(page).count()).toBe(0);

    // Even when demo's token is put where maple keeps its remembered token, maple's server refuses
    // it: the customer is told the login has expired and is sent to maple's login.
    const demoPage = await env.browser.context.newPage();
    await open(demoPage, env.server.url('demo') + '/index');
    const demoToken = await demoPage.evaluate(() =>
      localStorage.getItem('inkstone_long_term_access_token_demo'),
    );
    await demoPage.evaluate(() => localStorage.clear());
    await demoPage.close();
    expect(demoToken).toBeTruthy();
    await page.evaluate((token) => {
      localStorage.setItem('inkstone_long_term_access_token_maple', token);
    }, demoToken!);

    await open(page, env.server.url('maple') + '/user-v4/order/1');
    await toast(page, '登录已失效，请重新登录').waitFor({ timeout: STEP_TIMEOUT_MS });
    await waitForPath(page, '/login-v4?redirect=%2Fuser-v4%2Forder%2F1');
    await page.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await accountName(page).count()).toBe(0);
    expect(
      await page.evaluate(() => localStorage.getItem('inkstone_long_term_access_token_maple')),
    ).toBeNull();
  });
});
