import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn } from './support/ui.ts';

/** Pages a visitor sees, per merchant (demo is version 1, maple version 4). */
const PUBLIC_PAGES = {
  demo: [
    '/login',
    '/register',
    '/forgotpwd',
    '/home',
    '/help/1',
    '/login-v3',
    '/register-v3',
    '/index-v2',
    '/about',
    '/index-v3',
  ],
  maple: ['/login-v4', '/register-v4', '/forgotpwd-v4', '/index-v4', '/productIntro-v4', '/template-v4'],
};
/** Pages a signed-in customer sees. */
const SIGNED_IN_PAGES = {
  demo: [
    '/index',
    '/proinfo/100/110/111',
    '/quotationCenter',
    '/batch-upload',
    '/user/order/1',
    '/user/bill/1',
    '/user/sys/1',
    '/user/sys/coupon',
    '/index-v3',
    '/quotationCenter-v3',
    '/batch-upload-v3',
  ],
  maple: [
    '/index-v4',
    '/quotationCenter-v4',
    '/batch-upload-v4',
    '/user-v4/order-v4/1',
    '/user-v4/bill-v4/1',
    '/user-v4/setting-v4/1',
    '/user-v4/setting-v4/display',
  ],
};
const ACCOUNTS = {
  demo: { login: '/login', account: '13800138000', password: 'Demo1234' },
  maple: { login: '/login-v4', account: '13900139000', password: 'Maple1234' },
};

/** Records every Content-Security-Policy violation the page reports, and console errors. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The Content-Security-Policy is on for every page of v1–v4 and none of them trips it. */
describe('security headers in the browser', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await env.browser.context.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  for (const merchant of ['demo', 'maple'] as const) {
    it(`loads ${merchant}'s pages, signed out and in, with no CSP violation or console error`, async () => {
      const problems = await watch(page);
      const first = await page.goto(env.server.url(merchant) + PUBLIC_PAGES[merchant][0]);
      expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
      for (const path of PUBLIC_PAGES[merchant]) {
        await open(page, env.server.url(merchant) + path);
        await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
      }
      const account = ACCOUNTS[merchant];
      await signIn(page, env.server.url(merchant) + account.login, account.account, account.password);
      for (const path of SIGNED_IN_PAGES[merchant]) {
        await open(page, env.server.url(merchant) + path);
        await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
      }
      expect(problems).toEqual([]);
    });
  }
});
