import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { freshMobile, registerCustomer } from './support/customers.ts';
import { useServerAndBrowser } from './support/suite.ts';
import {
  STEP_TIMEOUT_MS,
  WORKSPACE,
  accountName,
  open,
  signIn,
  submitLogin,
  waitForPath,
  waitForPathMatching,
} from './support/ui.ts';

/** The elements of a rendered page (not the start screen), as `open` waits for them. */
const RENDERED_PAGE = '.ink-auth-card, .ink-page, .ink-center-page';

/**
 * From now on, each load of `page` notes the paths at which a page was rendered (and whether
 * version 1's login shell showed), so a test can tell that no page of another version ever drew.
 */
async function watchRenderedPaths(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript((selector) => {
    const rendered: string[] = [];
    (window as unknown as { __renderedPaths: string[] }).__renderedPaths = rendered;
    new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      const shell = document.querySelector('.ink-auth-layout--v1') ? ' (v1 shell)' : '';
      const here = `${location.pathname}${shell}`;
      if (rendered[rendered.length - 1] !== here) rendered.push(here);
    }).observe(document, { childList: true, subtree: true });
  }, RENDERED_PAGE);
  return () =>
    page.evaluate(() => (window as unknown as { __renderedPaths?: string[] }).__renderedPaths ?? []);
}

/** The route guard of spec §2 in all four versions, /buffer-zone and the 404 notification. */
describe('routes and the guard', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await env.browser.context.newPage();
    // demo is version 1 unless a test switches it (a site serves its own version's pages only).
    await useDemoVersion(env.server, page, 1);
  });

  afterEach(async () => {
    await page.close();
  });

  it.each([
    {
      version: 1,
      wanted: '/user/order/1?page=2',
      login: '/login?redirect=%2Fuser%2Forder%2F1%3Fpage%3D2',
    },
    {
      version: 3,
      wanted: '/quotationCenter-v3/12/34',
      login: '/login-v3?redirect=%2FquotationCenter-v3%2F12%2F34',
    },
    {
      version: 4,
      wanted: '/user-v4/setting-v4/2',
      login: '/login-v4?redirect=%2Fuser-v4%2Fsetting-v4%2F2',
    },
  ] as const)(
    'sends a visitor from a version $version protected page to its login with ?redirect=',
    async ({ version, wanted, login }) => {
      await useDemoVersion(env.server, page, version);
      await open(page, env.server.url('demo') + wanted);
      await waitForPath(page, login);
      await page.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await accountName(page).count()).toBe(0);
    },
  );

  it('sends a version 2 visitor to /home-v2, which lands on /index-v2 keeping redirect; signing in there returns to the page', async () => {
    await useDemoVersion(env.server, page, 2);
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await open(page, env.server.url('demo') + '/user-v2/bill/3');
    await waitForPath(page, '/index-v2?redirect=%2Fuser-v2%2Fbill%2F3');
    // Version 2's login card sits on its home page.
    const card = page.locator('.ink-home__login .ink-auth-card');
    await card.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });

    await submitLogin(page, mobile, 'Print2026');
    await waitForPath(page, '/user-v2/bill/3');
    await accountName(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  });

  it("opens register and password reset in version 2's login card, each loaded when first opened, and comes back to the login", async () => {
    await useDemoVersion(env.server, page, 2);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await open(page, env.server.url('demo') + '/index-v2');
    const card = page.locator('.ink-home__login .ink-auth-card');
    await card.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByPlaceholder('手机号码 / 账号').waitFor({ timeout: STEP_TIMEOUT_MS });
    // The login card itself needs none of the antd forms.
    expect(scripts.filter((script) => /\/(register-form|forgot-password-form|form)-/.test(script))).toEqual(
      [],
    );

    await card.getByRole('button', { name: '立即注册' }).click();
    await waitForPath(page, '/index-v2?panel=register');
    await card.getByPlaceholder('手机号码（注册后作为登录账号）').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(scripts.some((script) => script.includes('/register-form-'))).toBe(true);
    await card.getByRole('button', { name: '立即登录' }).click();
    await waitForPath(page, '/index-v2');

    await card.getByRole('button', { name: '忘记密码？' }).click();
    await waitForPath(page, '/index-v2?panel=forgot');
    await card.getByRole('heading', { name: '找回密码' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.getByPlaceholder('再次输入新密码').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(scripts.some((script) => script.includes('/forgot-password-form-'))).toBe(true);
    await card.getByRole('button', { name: '返回登录' }).click();
    await card.getByPlaceholder('手机号码 / 账号').waitFor({ timeout: STEP_TIMEOUT_MS });
  });

  it('forwards /home-v2 to /index-v2 with its query', async () => {
    await useDemoVersion(env.server, page, 2);
    await open(page, env.server.url('demo') + '/home-v2?redirect=%2FquotationCenter');
    await waitForPath(page, '/index-v2?redirect=%2FquotationCenter');
  });

  it("serves a site switched to version 2 its own pages only: /login and /index-v4 land on version 2's login", async () => {
    await useDemoVersion(env.server, page, 2);
    const renderedPaths = await watchRenderedPaths(page);
    for (const path of ['/login', '/index-v4']) {
      await open(page, env.server.url('demo') + path);
      await waitForPath(page, '/index-v2');
      // Version 2's login card, on its home page …
      const card = page.locator('.ink-home__login .ink-auth-card');
      await card.getByRole('heading', { name: '账号登录' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      // … and no page of version 1 or 4 was drawn on the way.
      expect(await page.locator('.ink-auth-layout').count()).toBe(0);
      expect(await renderedPaths(), path).toEqual(['/index-v2']);
    }
  });

  it("sends a signed-in customer of a version 3 site from its login, register and forgot-password pages, and from /login, to version 3's quotation centre", async () => {
    await useDemoVersion(env.server, page, 3);
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await signIn(page, env.server.url('demo') + '/login-v3', mobile, 'Print2026');
    await waitForPathMatching(page, WORKSPACE[3]);
    const renderedPaths = await watchRenderedPaths(page);

    for (const path of ['/login-v3', '/register-v3', '/forgotpwd-v3', '/login']) {
      await open(page, env.server.url('demo') + path);
      await waitForPathMatching(page, WORKSPACE[3]);
      await accountName(page).waitFor({ timeout: STEP_TIMEOUT_MS });
      // Not a form, and nothing but version 3's quotation centre was drawn.
      expect(await page.locator('.ink-auth-card').count(), path).toBe(0);
      const rendered = await renderedPaths();
      expect(rendered.length, path).toBeGreaterThan(0);
      for (const at of rendered) expect(at, path).toMatch(WORKSPACE[3]);
    }
  });

  it('sends a signed-in customer from /login, /register and /forgotpwd to /index', async () => {
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await signIn(page, env.server.url('demo') + '/login', mobile, 'Print2026');
    await waitForPathMatching(page, WORKSPACE[1]);

    for (const path of ['/login', '/register', '/forgotpwd', '/login?redirect=%2Fuser%2Fbill%2F1']) {
      // A fresh load of the address (the guard runs after the session is restored) …
      await open(page, env.server.url('demo') + path);
      await waitForPathMatching(page, WORKSPACE[1]);
      await accountName(page).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await accountName(page).count()).toBe(1);
    }
    // … and a navigation inside the app (the back/forward path of the router).
    await page.evaluate(() => {
      history.pushState({}, '', '/register');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPathMatching(page, WORKSPACE[1]);
  });

  it('/buffer-zone forwards to the version the merchant configured', async () => {
    // demo is version 1: a visitor goes to its login.
    await open(page, env.server.url('demo') + '/buffer-zone');
    await waitForPath(page, '/login');
    // The site root goes through the buffer zone too.
    await open(page, env.server.url('demo') + '/');
    await waitForPath(page, '/login');

    // maple is version 4: its public home.
    await open(page, env.server.url('maple') + '/buffer-zone');
    await waitForPath(page, '/index-v4');
    // The header shows maple's own top menu of version 4 (docs/website.md).
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '报价中心' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });

    // A signed-in demo customer goes to the order centre.
    const mobile = freshMobile();
    await registerCustomer(env.server, 'demo', mobile, 'Print2026');
    await signIn(page, env.server.url('demo') + '/login', mobile, 'Print2026');
    await open(page, env.server.url('demo') + '/buffer-zone');
    await waitForPathMatching(page, WORKSPACE[1]);
  });

  it('shows a notification titled 404 for an unknown route', async () => {
    await open(page, env.server.url('demo') + '/no-such-page/42');
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '404' });
    await notice.waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await notice.locator('.ant-notification-notice-title').textContent()).toBe('404');
    expect(await notice.textContent()).toContain('页面不存在');
    // The address stays, so the visitor sees what they typed.
    expect(new URL(page.url()).pathname).toBe('/no-such-page/42');
    await page.getByRole('button', { name: /返回首页/ }).waitFor({ timeout: STEP_TIMEOUT_MS });

    // Also on another merchant and version.
    await open(page, env.server.url('maple') + '/user-v9/order/1');
    await page
      .locator('.ant-notification-notice')
      .filter({ hasText: '404' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  });
});
