import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, WORKSPACE, open, signIn } from './support/ui.ts';

type Merchant = 'demo' | 'maple';
/** Pages of one interface version; demo is switched to `version` first (it serves its own only). */
interface PageGroup {
  version: 1 | 2 | 3 | 4;
  paths: string[];
}

/**
 * Every route of spec §2 is opened signed out and signed in by the route sweep
 * (spec-conformance.e2e.ts), which fails on any console error or Content-Security-Policy violation.
 * Here: the policy's header itself, and the pages the sweep does not reach (its route parameters
 * are filled with 1, so these tabs of the account pages are opened here).
 */
const PUBLIC_PAGES: Record<Merchant, PageGroup[]> = {
  demo: [{ version: 1, paths: ['/login'] }],
  maple: [{ version: 4, paths: ['/login-v4'] }],
};
/** Pages a signed-in customer sees that the route sweep does not open. */
const SIGNED_IN_PAGES: Record<Merchant, PageGroup[]> = {
  demo: [{ version: 1, paths: ['/user/sys/coupon'] }],
  maple: [{ version: 4, paths: ['/user-v4/setting-v4/display'] }],
};
const ACCOUNTS: Record<Merchant, { login: string; account: string; password: string }> = {
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

/** The Content-Security-Policy is sent, and the pages the route sweep does not open do not trip it. */
describe('security headers in the browser', () => {
  const env = useServerAndBrowser();
  let page: Page;

  beforeEach(async () => {
    page = await env.browser.context.newPage();
    await useDemoVersion(env.server, page, 1);
  });
  afterEach(async () => {
    await page.close();
  });

  for (const merchant of ['demo', 'maple'] as const) {
    it(`sends ${merchant}'s policy, and its pages beyond the route sweep load with no CSP violation or console error`, async () => {
      const problems = await watch(page);
      /** Switches demo to the group's version; what the switch itself logs is no page's problem. */
      const useVersionOf = async (group: PageGroup) => {
        if (merchant !== 'demo') return;
        const before = problems.length;
        await useDemoVersion(env.server, page, group.version);
        problems.splice(before);
      };
      /** Opens each page of the groups, on its version. */
      const visit = async (groups: PageGroup[]) => {
        for (const group of groups) {
          await useVersionOf(group);
          for (const path of group.paths) {
            await open(page, env.server.url(merchant) + path);
            await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
            // The page itself (or its version's start page), not another version's equivalent.
            const at = new URL(page.url()).pathname;
            expect(
              at === path || at.startsWith(`${path}/`) || WORKSPACE[group.version].test(at),
              `${path} went to ${at}`,
            ).toBe(true);
          }
        }
      };

      const [firstGroup] = PUBLIC_PAGES[merchant];
      await useVersionOf(firstGroup!);
      const first = await page.goto(env.server.url(merchant) + firstGroup!.paths[0]);
      expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
      await visit(PUBLIC_PAGES[merchant]);
      const account = ACCOUNTS[merchant];
      // The account signs in on its login page (demo's is version 1's); the session stays when
      // demo is switched to another version.
      await useVersionOf({ version: 1, paths: [] });
      await signIn(page, env.server.url(merchant) + account.login, account.account, account.password);
      await visit(SIGNED_IN_PAGES[merchant]);
      expect(problems).toEqual([]);
    });
  }
});
