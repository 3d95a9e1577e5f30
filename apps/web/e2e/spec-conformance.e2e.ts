/**
 * Spec conformance of the routes (spec §2), generated from the table in
 * packages/contracts/src/spec/spec-table.ts (docs/spec-coverage.md shows it). Each route is opened
 * on a site of its version — the demo merchant switched to versions 1–3, the maple merchant on
 * version 4 — signed out and signed in, with real category and help ids. It must render a page
 * (no 404 notification, no console error, no Content-Security-Policy violation, no placeholder
 * text) and land where spec §2's guard says: a protected route without a session on the version's
 * login with `?redirect=`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PLACEHOLDER_TEXTS,
  SPEC_LOGIN_PATHS,
  SPEC_ROUTES,
  type SpecRoute,
  type SpecVersion,
} from '../../../packages/contracts/src/spec/spec-table.ts';
import { useDemoVersion } from './support/api.ts';
import type { RunningServer } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, WORKSPACE, pathOf, signIn } from './support/ui.ts';

interface Site {
  merchant: 'demo' | 'maple';
  account: string;
  password: string;
}

const DEMO: Site = { merchant: 'demo', account: '13800138000', password: 'Demo1234' };
const MAPLE: Site = { merchant: 'maple', account: '13900139000', password: 'Maple1234' };
/** The site each version is opened on: demo switched to versions 1–3, maple (version 4). */
const SITES: Record<SpecVersion, Site> = { 1: DEMO, 2: DEMO, 3: DEMO, 4: MAPLE };

/** The signed-in start pages; with a catalogue they open its first product (WORKSPACE). */
const START_PAGES = new Set(['/index', '/quotationCenter', '/quotationCenter-v3', '/quotationCenter-v4']);

/** The elements of a rendered page (not the start screen), as the support's `open` waits for them. */
const RENDERED_PAGE = '.ink-auth-card, .ink-page, .ink-center-page';

/** Real ids of a merchant's seeded content for the route parameters. */
interface SiteIds {
  categoryPath: number[];
  helpId: number;
}

async function siteIds(server: RunningServer, merchant: string): Promise<SiteIds> {
  // The public product introduction lists every product with its three category ids.
  const response = await fetch(`http://127.0.0.1:${server.port}/api/public/pro-complexinfo`, {
    headers: { domainname: merchant },
  });
  const reply = (await response.json()) as { data: { Products: { CategoryPath: number[] }[] } | null };
  const categoryPath = reply.data?.Products[0]?.CategoryPath;
  const [help] = server.query<{ id: number }>(
    `SELECT a.id FROM help_articles a JOIN merchants m ON m.id = a.merchant_id
     WHERE m.code = ? AND a.is_published = 1 ORDER BY a.category_id, a.serial_number, a.id LIMIT 1`,
    merchant,
  );
  if (!categoryPath || categoryPath.length !== 3 || !help) {
    throw new Error(`${merchant} has no product or help article to open`);
  }
  return { categoryPath, helpId: help.id };
}

/** The row's address with its parameters filled in. */
function addressOf(row: SpecRoute, ids: SiteIds): string {
  const [first, second, third] = ids.categoryPath.map(String) as [string, string, string];
  return row.path
    .replace('{first_cid}', first)
    .replace('{second_cid}', second)
    .replace('{third_cid}', third)
    .replace('{id}', String(ids.helpId))
    .replace('{t}', '1');
}

/** `path` with `query` kept, as a forwarding route keeps it. */
function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/**
 * Where opening `address` (of a route of `version`) lands: spec §2's redirects and guard, and the
 * product's start pages. A RegExp where the start page picks the first product.
 */
function landing(version: SpecVersion, address: string, isSignedIn: boolean): string | RegExp {
  const [pathname, query = ''] = address.split('?') as [string, string?];
  // /buffer-zone forwards to the entry of the version the merchant configured (version 1: its
  // login, or its start page with a session).
  if (pathname === '/buffer-zone') {
    if (version === 1) return isSignedIn ? WORKSPACE[1] : '/login';
    return landing(version, `/home-v${version}`, isSignedIn);
  }
  const row = SPEC_ROUTES.find((candidate) => candidate.version === version && candidate.path === pathname);
  if (row?.redirectsTo) return landing(version, withQuery(row.redirectsTo, query), isSignedIn);
  if (row?.guard === 'login' && !isSignedIn) {
    const redirect = new URLSearchParams({ redirect: address }).toString();
    return landing(version, `${SPEC_LOGIN_PATHS[version]}?${redirect}`, false);
  }
  if (isSignedIn && (row?.guestOnly || START_PAGES.has(pathname))) return WORKSPACE[version];
  return address;
}

function isAt(page: Page, expected: string | RegExp): boolean {
  const here = pathOf(page);
  return typeof expected === 'string' ? here === expected : expected.test(here);
}

/**
 * Console errors, uncaught exceptions and Content-Security-Policy violations of `page`, as they
 * happen (a violation is logged as a console error by the page itself, so none goes unseen).
 */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return problems;
}

describe('spec §2 routes (packages/contracts/src/spec/spec-table.ts)', () => {
  const env = useServerAndBrowser();

  for (const version of [1, 2, 3, 4] as const) {
    const site = SITES[version];
    const rows = SPEC_ROUTES.filter((row) => row.version === version);

    describe(`version ${version} on ${site.merchant}`, () => {
      let page: Page;
      let problems: string[];
      let ids: SiteIds;

      beforeAll(async () => {
        page = await env.browser.context.newPage();
        problems = await watchProblems(page);
        if (site.merchant === 'demo') await useDemoVersion(env.server, page, version);
        ids = await siteIds(env.server, site.merchant);
      });

      afterAll(async () => {
        await page?.close();
      });

      /** Opens the row's address and checks where it lands and what it shows. */
      async function check(row: SpecRoute, isSignedIn: boolean): Promise<void> {
        const address = addressOf(row, ids);
        const expected = landing(version, address, isSignedIn);
        problems.length = 0;
        await page.goto(env.server.url(site.merchant) + address, { timeout: STEP_TIMEOUT_MS });
        await page
          .waitForURL(() => isAt(page, expected), { timeout: STEP_TIMEOUT_MS })
          .catch(() => undefined);
        if (typeof expected === 'string') expect(pathOf(page), `${address} landed elsewhere`).toBe(expected);
        else expect(pathOf(page), `${address} landed elsewhere`).toMatch(expected);
        await page.locator(RENDERED_PAGE).first().waitFor({ timeout: STEP_TIMEOUT_MS });
        // Let the page's calls and lazy parts settle, so late errors and texts are seen.
        await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);

        const notFound = page.locator('.ant-notification-notice').filter({ hasText: '404' });
        expect(await notFound.count(), `${address} showed the 404 notification`).toBe(0);
        const text = await page.locator('body').innerText();
        const shownPlaceholders = PLACEHOLDER_TEXTS.filter((placeholder) => text.includes(placeholder));
        const isOwnPage = typeof expected === 'string' ? expected === address : expected.test(address);
        if (row.state.kind === 'partial' && isOwnPage) {
          // The table says the page still announces a part to come; when it no longer does, the
          // row is to be marked implemented.
          expect(shownPlaceholders, `${address}: update its row of spec-table.ts`).toEqual([
            row.state.placeholder,
          ]);
        } else {
          expect(shownPlaceholders, `${address} shows placeholder text`).toEqual([]);
        }
        expect(problems, `${address} logged errors`).toEqual([]);
      }

      it.each(rows)('signed out: $path', async (row) => {
        await check(row, false);
      });

      it('signs in', async () => {
        const login = landing(version, SPEC_LOGIN_PATHS[version], false) as string;
        await signIn(page, env.server.url(site.merchant) + login, site.account, site.password);
      });

      it.each(rows)('signed in: $path', async (row) => {
        await check(row, true);
      });
    });
  }
});
