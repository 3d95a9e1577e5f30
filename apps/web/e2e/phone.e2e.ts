import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { launchBrowser, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { STEP_TIMEOUT_MS, WORKSPACE, open, signIn, waitForPath, waitForPathMatching } from './support/ui.ts';
import { docScreenshot } from './support/screenshots.ts';

/** An iPhone 12–15 screen, in CSS pixels. */
const PHONE = { width: 390, height: 844 };
type PageKey = 'quote' | 'cart' | 'orders' | 'bills' | 'account' | 'setting';

/** One version of a merchant's site as a phone customer sees it. */
interface PhoneSite {
  merchant: 'demo' | 'maple';
  version: 1 | 2 | 3 | 4;
  /** The website name the header shows, whole (apps/server/src/db/seed.ts). */
  siteName: string;
  customer: { account: string; password: string };
  home: string;
  /** The version's login address, and where it lands (version 2's login is its home page). */
  login: string;
  loginLanding: string;
  /** The signed-in pages, in the order visited; the account pages are reached by the side menu. */
  pages: Record<PageKey, string | null>;
  /**
   * The signed-in navigation of the version (lib/sites.ts), in order, with where each item leads;
   * the account pages are also the items of the account side menu.
   */
  nav: { label: string; path: RegExp; isAccount?: boolean }[];
}

const DEMO_NAME = '墨砚快印 · 在线印刷下单';
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };

/** The account pages of `user` (v1 `/user`, v2 `/user-v2`, …) as the navigation names them. */
function accountNav(user: string): PhoneSite['nav'] {
  return [
    { label: '我的订单', path: new RegExp(`^${user}/order/1$`), isAccount: true },
    { label: '我的账单', path: new RegExp(`^${user}/bill/1$`), isAccount: true },
    { label: '账户设置', path: new RegExp(`^${user}/sys/1$`), isAccount: true },
  ];
}

function accountPages(user: string): Omit<PhoneSite['pages'], 'quote' | 'setting'> {
  return {
    cart: `${user}/order/cart`,
    orders: `${user}/order/1`,
    bills: `${user}/bill/1`,
    account: `${user}/sys/1`,
  };
}

const SITES: PhoneSite[] = [
  {
    merchant: 'demo',
    version: 1,
    siteName: DEMO_NAME,
    customer: DEMO_CUSTOMER,
    home: '/home',
    login: '/login',
    loginLanding: '/login',
    pages: { quote: '/index', ...accountPages('/user'), setting: null },
    nav: [{ label: '在线下单', path: WORKSPACE[1] }, ...accountNav('/user')],
  },
  ...([2, 3] as const).map((version): PhoneSite => ({
    merchant: 'demo',
    version,
    siteName: DEMO_NAME,
    customer: DEMO_CUSTOMER,
    home: `/index-v${version}`,
    login: version === 2 ? '/home-v2' : '/login-v3',
    loginLanding: version === 2 ? '/index-v2' : '/login-v3',
    pages: {
      quote: version === 2 ? '/quotationCenter' : '/quotationCenter-v3',
      ...accountPages(`/user-v${version}`),
      setting: null,
    },
    nav: [
      { label: '报价中心', path: WORKSPACE[version] },
      { label: '批量上传', path: version === 2 ? /^\/batch-upload$/ : /^\/batch-upload-v3$/ },
      ...accountNav(`/user-v${version}`),
    ],
  })),
  {
    merchant: 'maple',
    version: 4,
    siteName: '红枫图文 · 图文快印',
    customer: { account: '13900139000', password: 'Maple1234' },
    home: '/index-v4',
    login: '/login-v4',
    loginLanding: '/login-v4',
    pages: { quote: '/quotationCenter-v4', ...accountPages('/user-v4'), setting: '/user-v4/setting-v4/1' },
    nav: [
      { label: '下单中心', path: WORKSPACE[4] },
      { label: '批量上传', path: /^\/batch-upload-v4$/ },
      ...accountNav('/user-v4'),
      { label: '个人设置', path: /^\/user-v4\/setting-v4\/1$/, isAccount: true },
    ],
  },
];

/** The item of the navigation each signed-in page stands under. */
const ACTIVE_ITEM: Record<PageKey, (site: PhoneSite) => string> = {
  quote: (site) => site.nav[0]!.label,
  cart: () => '我的订单',
  orders: () => '我的订单',
  bills: () => '我的账单',
  account: () => '账户设置',
  setting: () => '个人设置',
};

/**
 * Waits for the page's data, pictures, fonts and toasts to settle (the checks after it read the
 * settled page), then saves the screen as a small PNG when a run asks for the docs' pictures.
 */
async function capture(page: Page, site: PhoneSite, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate('document.fonts.ready');
  await page
    .locator('.ant-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS })
    .catch(() => undefined);
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  await docScreenshot(page, `phone-${site.merchant}-v${site.version}-${name}`, { palette: true });
}

/**
 * Nothing runs off the side of the screen, and the shop is named whole: by its logo, loaded and
 * within the screen, with the name kept for screen readers; or, without a logo, by its name, whose
 * text is the full name and neither it nor its lines are cut (no ellipsis, no clipping).
 */
async function expectFitsPhone(page: Page, site: PhoneSite): Promise<void> {
  await page
    .locator('.ink-brand__logo')
    .first()
    .evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined))
    .catch(() => undefined);
  const layout = await page.evaluate(() => {
    const names = Array.from(document.querySelectorAll<HTMLElement>('.ink-brand__name'));
    const name = names.find((element) => element.getClientRects().length > 0);
    const logos = Array.from(document.querySelectorAll<HTMLImageElement>('.ink-brand__logo'));
    const logo = logos.find((element) => element.getClientRects().length > 0);
    const fits = (element: HTMLElement) => element.scrollWidth <= element.clientWidth;
    return {
      pageWidth: document.documentElement.scrollWidth,
      screenWidth: window.innerWidth,
      name: name && {
        text: name.textContent,
        fits: fits(name) && Array.from(name.children).every((part) => fits(part as HTMLElement)),
        right: name.getBoundingClientRect().right,
      },
      logo: logo && {
        isLoaded: logo.complete && logo.naturalWidth > 0,
        width: logo.getBoundingClientRect().width,
        right: logo.getBoundingClientRect().right,
      },
    };
  });
  expect(layout.pageWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(layout.screenWidth);
  expect(layout.name?.text).toBe(site.siteName);
  if (layout.logo) {
    expect(layout.logo.isLoaded, `the shop's logo did not load on ${page.url()}`).toBe(true);
    expect(layout.logo.width).toBeGreaterThan(40);
    expect(layout.logo.right).toBeLessThanOrEqual(layout.screenWidth);
    return;
  }
  expect(layout.name?.fits, `the shop's name is cut on ${page.url()}`).toBe(true);
  expect(layout.name?.right ?? Infinity).toBeLessThanOrEqual(layout.screenWidth);
}

/** Opens the header's menu (the desktop navigation is hidden on a phone) and returns the drawer. */
async function openMenu(page: Page): Promise<Locator> {
  const header = page.locator('.ink-header');
  expect(await header.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(false);
  await header.getByRole('button', { name: '导航菜单' }).click();
  const menu = page.locator('.ink-menu .ant-drawer-body');
  await menu.locator('.ink-menu__link').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  return menu;
}

/** The menu's items in order, and the one marked as the page shown. */
async function menuItems(menu: Locator): Promise<{ labels: string[]; current: string[] }> {
  return menu.locator('.ink-menu__link').evaluateAll((links) => ({
    labels: links.map((link) => link.firstElementChild?.textContent ?? ''),
    current: links
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.firstElementChild?.textContent ?? ''),
  }));
}

/** Clicks `label` in the menu and waits for its page; the menu closes. */
async function goByMenu(page: Page, label: string, target: RegExp): Promise<void> {
  const menu = await openMenu(page);
  await menu.locator('.ink-menu__link').filter({ hasText: label }).click();
  await waitForPathMatching(page, target);
  await menu.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
}

/** The account pages' side menu: on a phone a strip of tabs above the page, the page shown marked. */
async function expectAccountStrip(page: Page, site: PhoneSite, active: string): Promise<Locator> {
  const strip = page.getByRole('complementary', { name: '个人中心' });
  await strip.waitFor({ timeout: STEP_TIMEOUT_MS });
  const accountLabels = site.nav.filter((item) => item.isAccount).map((item) => item.label);
  expect(await strip.getByRole('link').allInnerTexts()).toEqual(accountLabels);
  // The strip is redrawn just after the address changes: wait for it to mark the new page.
  await expect
    .poll(() => strip.locator('[aria-current="page"]').innerText(), { timeout: STEP_TIMEOUT_MS })
    .toBe(active);
  const box = await strip.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  return strip;
}

/** A visitor: the home page, the menu with the site's navigation and sign-in, the login page. */
async function visitSignedOut(page: Page, server: RunningServer, site: PhoneSite): Promise<void> {
  const base = server.url(site.merchant);
  await open(page, base + site.home);
  await expectFitsPhone(page, site);
  await capture(page, site, 'home');

  // Every item of the header's navigation is in the menu, and one of them leads to its page.
  const menu = await openMenu(page);
  const navLabels = await page
    .locator('.ink-header')
    .getByRole('navigation', { name: '主导航', includeHidden: true })
    .locator('a')
    .allTextContents();
  expect((await menuItems(menu)).labels).toEqual(navLabels);
  await expect(menu.getByRole('button', { name: '免费注册' }).isVisible()).resolves.toBe(true);
  await capture(page, site, 'menu-visitor');
  await menu.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === site.loginLanding, { timeout: STEP_TIMEOUT_MS });

  await open(page, base + site.login);
  await page.getByRole('heading', { name: '账号登录' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectFitsPhone(page, site);
  // Version 2's login card sits on its home page, under the carousel.
  await page.locator('.ink-auth-card').first().scrollIntoViewIfNeeded();
  await capture(page, site, 'login');
}

/** A customer: each main page, the account pages through their side menu, every menu item. */
async function visitSignedIn(page: Page, server: RunningServer, site: PhoneSite): Promise<void> {
  const base = server.url(site.merchant);
  await signIn(page, base + site.login, site.customer.account, site.customer.password);
  await open(page, base + site.pages.quote!);
  await waitForPathMatching(page, site.nav[0]!.path);
  await page.locator('.ink-quote, .ink-quote-shell, main').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectFitsPhone(page, site);
  await capture(page, site, 'quote');

  await open(page, base + site.pages.cart!);
  await expectAccountStrip(page, site, '我的订单');
  await expectFitsPhone(page, site);
  await capture(page, site, 'cart');

  // The side menu's tabs lead from one account page to the next.
  await open(page, base + site.pages.orders!);
  let strip = await expectAccountStrip(page, site, '我的订单');
  await expectFitsPhone(page, site);
  await capture(page, site, 'orders');
  const next: PageKey[] = site.pages.setting ? ['bills', 'account', 'setting'] : ['bills', 'account'];
  for (const key of next) {
    const label = ACTIVE_ITEM[key](site);
    await strip.getByRole('link', { name: label }).click();
    await waitForPath(page, site.pages[key]!);
    strip = await expectAccountStrip(page, site, label);
    await expectFitsPhone(page, site);
    await capture(page, site, key);
  }

  // The menu lists the version's whole navigation with the page shown marked; each item navigates.
  const menu = await openMenu(page);
  const items = await menuItems(menu);
  expect(items.labels).toEqual(site.nav.map((item) => item.label));
  expect(items.current).toEqual([ACTIVE_ITEM[next[next.length - 1]!](site)]);
  await expect(menu.getByRole('button', { name: '退出登录' }).isVisible()).resolves.toBe(true);
  await capture(page, site, 'menu');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  for (const item of [...site.nav].reverse()) {
    await goByMenu(page, item.label, item.path);
    await expectFitsPhone(page, site);
    // The item is marked as the page shown (the menu and the header share the marks). Like the
    // account strip, the header is redrawn just after the address changes: wait for the new mark.
    const marked = page
      .locator('.ink-header')
      .getByRole('navigation', { name: '主导航', includeHidden: true })
      .locator('[aria-current="page"]');
    await expect.poll(() => marked.allTextContents(), { timeout: STEP_TIMEOUT_MS }).toEqual([item.label]);
  }
}

describe('phone layout (390 × 844)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(PHONE);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(SITES.map((site) => [`${site.merchant} v${site.version}`, site] as const))(
    '%s: every main page fits the screen, names the shop whole and reaches every page by its menus',
    async (_, site) => {
      // A fresh tab: no session, so the visitor's pages come first.
      const page = await browser.context.newPage();
      try {
        if (site.merchant === 'demo') await useDemoVersion(server, page, site.version);
        await visitSignedOut(page, server, site);
        await visitSignedIn(page, server, site);
      } finally {
        await page.close();
      }
    },
    300_000,
  );

  it('keeps the desktop header at 992 px and wider: the navigation in the bar, no menu button', async () => {
    const page = await browser.context.newPage();
    try {
      await page.setViewportSize({ width: 992, height: 800 });
      await open(page, server.url('maple') + '/index-v4');
      const header = page.locator('.ink-header');
      await header.getByRole('navigation', { name: '主导航' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await header.getByRole('button', { name: '导航菜单' }).isVisible()).toBe(false);
      expect(await page.locator('.ink-brand__name').innerText()).toBe('红枫图文 · 图文快印');
    } finally {
      await page.close();
    }
  });
});
