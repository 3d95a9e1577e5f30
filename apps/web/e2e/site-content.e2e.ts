import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, backgroundColour, open, pathOf, signIn, waitForPath } from './support/ui.ts';

/** The public home of each version (spec §2). */
const HOMES = { 1: '/home', 2: '/index-v2', 3: '/index-v3', 4: '/index-v4' } as const;
type Version = keyof typeof HOMES;
/** What a page that is not finished, or not there, says; no navigation may lead to one. */
const PLACEHOLDER_TEXTS = ['功能建设中', '敬请期待', '文章不存在或已下线'];
/** A 起价 as the home page writes it: `¥15起`, `¥0.50起`, `¥1,280起`. */
const FROM_PRICE = /¥[\d,]+(\.\d+)?起/;
const MAPLE_CUSTOMER = { account: '13900139000', password: 'Maple1234' };
const RED = 'rgb(215, 38, 30)';
const GREEN = 'rgb(15, 157, 88)';

/** The addresses the header's top navigation and the footer menu lead to, in order, once drawn. */
async function menuLinks(page: Page): Promise<{ name: string; href: string }[]> {
  const top = page.getByRole('navigation', { name: '主导航' }).getByRole('link');
  const footer = page.getByRole('navigation', { name: '页脚导航' }).getByRole('link');
  await top.first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await footer.first().waitFor({ timeout: STEP_TIMEOUT_MS });
  const links = [...(await top.all()), ...(await footer.all())];
  return Promise.all(
    links.map(async (link) => ({
      name: (await link.innerText()).trim(),
      href: (await link.getAttribute('href')) ?? '',
    })),
  );
}

/** Fails when the page shows a placeholder, a 404 page or the 404 notification. */
async function expectRealPage(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
  const text = await page.locator('body').innerText();
  for (const placeholder of PLACEHOLDER_TEXTS) {
    expect(text, `${what} shows ${placeholder}`).not.toContain(placeholder);
  }
  expect(await page.locator('.ant-result-404').count(), `${what} is the 404 page`).toBe(0);
  expect(
    await page.locator('.ant-notification-notice').filter({ hasText: '404' }).count(),
    `${what} raised the 404 notification`,
  ).toBe(0);
}

/** The first picture of the carousel has loaded, at once (it is the page's largest first picture). */
async function expectCarouselImage(page: Page): Promise<void> {
  const image = page.locator('.ink-carousel img').first();
  await image.waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toBe(true);
  expect(await image.getAttribute('loading')).toBe('eager');
  expect(await image.getAttribute('fetchpriority')).toBe('high');
  expect(await image.getAttribute('width')).toMatch(/^\d+$/);
}

/** Home pages, help centre, about page, template centre and personal settings (docs/website.md). */
describe('site content', () => {
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

  /** demo is switched to `version`; maple stays on its own, version 4. */
  const onVersion = async (merchant: 'demo' | 'maple', version: Version) => {
    if (merchant === 'demo') await useDemoVersion(env.server, page, version);
  };

  it.each([
    [1, 'demo'],
    [2, 'demo'],
    [3, 'demo'],
    [4, 'maple'],
  ] as const)(
    'version %s (%s): every link of the top navigation and the footer menu opens a real page',
    async (version: Version, merchant) => {
      await onVersion(merchant, version);
      await open(page, env.server.url(merchant) + HOMES[version]);
      await waitForPath(page, HOMES[version]);
      const links = await menuLinks(page);
      expect(links.length).toBeGreaterThan(8);
      for (const link of links) {
        expect(link.href, `${link.name} leads nowhere`).toMatch(/^\//);
        await open(page, env.server.url(merchant) + link.href);
        await expectRealPage(page, `${link.name} (${link.href})`);
      }
    },
  );

  it.each([
    [1, 'demo'],
    [2, 'demo'],
    [3, 'demo'],
    [4, 'demo'],
    [4, 'maple'],
  ] as const)(
    'the version %s home page of %s shows the carousel and products with their 起价 before login',
    async (version: Version, merchant) => {
      await onVersion(merchant, version);
      await open(page, env.server.url(merchant) + HOMES[version]);
      await waitForPath(page, HOMES[version]);
      await expectCarouselImage(page);
      const prices = page.locator('.ink-product-card .ink-from-price').filter({ hasText: FROM_PRICE });
      await prices.first().waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.getByText('登录后按您的客户价格报价').count()).toBeGreaterThan(0);
      // Pictures below the carousel load lazily, with their size and a smaller rendition.
      const card = page.locator('.ink-product-card img').first();
      expect(await card.getAttribute('loading')).toBe('lazy');
      expect(await card.getAttribute('height')).toMatch(/^\d+$/);
      expect(await card.getAttribute('srcset')).toContain('.small.webp');
      await expectRealPage(page, HOMES[version]);
    },
  );

  it('a product on the home page leads to its quote page (through login) and on v4 to its introduction', async () => {
    await open(page, env.server.url('demo') + HOMES[1]);
    await page.locator('.ink-product-card').first().click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: STEP_TIMEOUT_MS });
    expect(decodeURIComponent(pathOf(page))).toMatch(/redirect=\/proinfo\/\d+\/\d+\/\d+\?pid=\d+/);

    await open(page, env.server.url('maple') + HOMES[4]);
    await page.locator('.ink-product-card').first().click();
    await page.waitForURL((url) => url.pathname === '/productIntro-v4' && url.searchParams.has('pid'), {
      timeout: STEP_TIMEOUT_MS,
    });
  });

  it('a first visit draws the home page with the answers it was sent, asking the network for none of them', async () => {
    // A new visitor: a fresh profile, no company info, token or content cached.
    const visitor = await launchBrowser();
    try {
      const fresh = await visitor.context.newPage();
      const asked: string[] = [];
      fresh.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) asked.push(pathname);
      });
      await open(fresh, env.server.url('demo') + HOMES[1]);
      await expectCarouselImage(fresh);
      await fresh
        .getByRole('navigation', { name: '主导航' })
        .getByRole('link')
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await fresh.getByText(FROM_PRICE).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      // The start sequence, the header and the home page's content came with the page; only
      // pictures (the logo among them) were asked for.
      expect(asked.filter((pathname) => !pathname.startsWith('/api/site-logo/'))).toEqual([]);

      // A later page asks as before.
      await fresh
        .getByRole('navigation', { name: '页脚导航' })
        .getByRole('link', { name: '下单流程' })
        .click();
      await fresh.locator('.ink-help-article').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(asked.some((pathname) => /HelperInfo/i.test(pathname))).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it('a help article shows with its menu, previous and next; the search finds articles; an unknown id says so', async () => {
    await open(page, env.server.url('demo') + HOMES[1]);
    await page.getByRole('navigation', { name: '页脚导航' }).getByRole('link', { name: '下单流程' }).click();
    const article = page.locator('.ink-help-article');
    await article.getByRole('heading', { name: '下单流程与订单状态' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const menu = page.getByRole('navigation', { name: '帮助中心目录' });
    await menu
      .locator('[aria-current="page"]')
      .filter({ hasText: '下单流程与订单状态' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    const first = pathOf(page);

    // The first article of its category has a next one only.
    const pager = page.getByRole('navigation', { name: '上一篇与下一篇' });
    expect(await pager.getByRole('link', { name: /上一篇/ }).count()).toBe(0);
    await pager.getByRole('link', { name: /下一篇/ }).click();
    await article.getByRole('heading', { name: '上传文件说明' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await pager.getByRole('link', { name: /下一篇.*常见问题/ }).count()).toBe(1);
    await pager.getByRole('link', { name: /上一篇.*下单流程与订单状态/ }).click();
    await waitForPath(page, first);
    expect(await article.locator('.ink-rich-text').innerText()).not.toBe('');

    // Search narrows the menu to the articles holding the words.
    await menu.getByRole('searchbox').fill('出血');
    await menu.getByRole('status').filter({ hasText: '出血' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await menu.getByRole('link', { name: '文件要求与出血' }).click();
    await article.getByRole('heading', { name: '文件要求与出血' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // Pictures inside articles load lazily.
    for (const image of await article.locator('.ink-rich-text img').all()) {
      expect(await image.getAttribute('loading')).toBe('lazy');
    }

    for (const [version, missing] of [
      [1, '/help/999999'],
      [3, '/help-v3/not-an-id'],
    ] as const) {
      await useDemoVersion(env.server, page, version);
      await open(page, env.server.url('demo') + missing);
      await waitForPath(page, missing);
      await page.getByText('文章不存在或已下线').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
      await menu.getByRole('link').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    }
  });

  it('the about page of version 2 shows the article of the about category', async () => {
    await useDemoVersion(env.server, page, 2);
    await open(page, env.server.url('demo') + '/about');
    await page.getByRole('heading', { name: '关于墨砚快印' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const contact = page.getByRole('complementary', { name: '联系方式' });
    // The merchant's contact details (GetWebConfig) beside the article.
    await contact.getByText('客服电话').waitFor({ timeout: STEP_TIMEOUT_MS });
    await contact.getByRole('link', { name: '联系我们' }).click();
    await page.waitForURL((url) => /^\/help-v2\/\d+$/.test(url.pathname), { timeout: STEP_TIMEOUT_MS });
    await page
      .locator('.ink-help-article__title')
      .filter({ hasText: '联系我们' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  });

  it('the template centre lists, filters and pages templates, and a download answers with the PDF', async () => {
    await open(page, env.server.url('maple') + '/template-v4');
    const cards = page.locator('.ink-template-card');
    await cards.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await cards.count()).toBe(12);
    const preview = cards.first().locator('img');
    expect(await preview.getAttribute('loading')).toBe('lazy');

    // A category shows as many templates as its count says.
    const filter = page.getByRole('group', { name: '模板分类' });
    const businessCards = filter.getByRole('button', { name: /^名片/ });
    const count = Number(await businessCards.locator('.ink-template-filter__count').innerText());
    await businessCards.click();
    await page.waitForURL((url) => url.searchParams.has('category'), { timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => cards.count(), { timeout: STEP_TIMEOUT_MS }).toBe(count);
    expect(await businessCards.getAttribute('aria-pressed')).toBe('true');

    // Keyword and paging.
    await filter.getByRole('button', { name: /^全部/ }).click();
    await page.locator('.ant-pagination').getByTitle('2').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2', { timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => cards.count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: '搜索模板' }).fill('海报');
    await page.getByRole('searchbox', { name: '搜索模板' }).press('Enter');
    await page.waitForURL(
      (url) => url.searchParams.get('keyword') === '海报' && !url.searchParams.has('page'),
      {
        timeout: STEP_TIMEOUT_MS,
      },
    );
    await expect
      .poll(
        async () => (await cards.locator('h2').allInnerTexts()).every((title) => title.includes('海报')),
        {
          timeout: STEP_TIMEOUT_MS,
        },
      )
      .toBe(true);

    const download = cards.first().getByRole('link', { name: /下载 .*\.pdf/ });
    const href = await download.getAttribute('href');
    expect(await download.getAttribute('download')).toMatch(/\.pdf$/);
    // What the link answers, asked by the page as a click would ask it.
    const answer = await page.evaluate(async (address) => {
      const response = await fetch(address);
      const head = new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5));
      return { status: response.status, type: response.headers.get('content-type'), head };
    }, href!);
    expect(answer).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });
    // Clicking it downloads the file under its name.
    const downloading = page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
    await download.click();
    expect((await downloading).suggestedFilename()).toBe(await download.getAttribute('download'));
  });

  it('personal settings show the profile read-only, and a display template is kept and applied', async () => {
    await signIn(
      page,
      env.server.url('maple') + '/login-v4',
      MAPLE_CUSTOMER.account,
      MAPLE_CUSTOMER.password,
    );
    await open(page, env.server.url('maple') + '/user-v4/setting-v4/1');
    const profile = page.locator('.ant-descriptions');
    await profile.getByText(MAPLE_CUSTOMER.account).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await profile.innerText()).toMatch(/注册时间\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // The account facts are read-only; the avatar and nickname are changed in the editor above them.
    expect(await profile.locator('input').count()).toBe(0);
    await expectRealPage(page, '个人资料');

    await page.getByRole('tab', { name: '显示偏好' }).click();
    await waitForPath(page, '/user-v4/setting-v4/display');
    const choices = page.getByRole('radiogroup', { name: '配色与风格' });
    expect(await choices.getByRole('radio', { name: /商户默认/ }).isChecked()).toBe(true);
    const header = page.locator('.ink-header');

    await choices.getByText('清新绿', { exact: true }).click();
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ink-brand')),
      )
      .toBe('#0f9d58');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('inkstone_default_style_color'),
        localStorage.getItem('inkstone_style_color_template_index'),
      ]),
    ).toEqual(['0', '0']);

    // Kept across a new load, on every page.
    await open(page, env.server.url('maple') + '/index-v4');
    expect(await backgroundColour(header)).toBe(GREEN);
    await open(page, env.server.url('maple') + '/user-v4/setting-v4/display');
    await page.getByRole('radiogroup', { name: '配色与风格' }).getByText('商户默认').click();
    await open(page, env.server.url('maple') + '/index-v4');
    expect(await backgroundColour(header)).toBe(RED);

    // 自定义: the customer's own colour, kept under spec §3's custom colour and style keys.
    await open(page, env.server.url('maple') + '/user-v4/setting-v4/display');
    await page.getByRole('radiogroup', { name: '配色与风格' }).getByText('自定义', { exact: true }).click();
    const custom = page.getByRole('group', { name: '自定义配色与风格' });
    await custom.getByText('绿色', { exact: true }).click();
    await custom.getByText('紧凑', { exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('inkstone_custom_color')))
      .not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('inkstone_custom_style'))).not.toBeNull();
    await open(page, env.server.url('maple') + '/index-v4');
    expect(await backgroundColour(header)).toBe(GREEN);
    await open(page, env.server.url('maple') + '/user-v4/setting-v4/display');
    await page.getByRole('radiogroup', { name: '配色与风格' }).getByText('商户默认').click();
    await open(page, env.server.url('maple') + '/index-v4');
    expect(await backgroundColour(header)).toBe(RED);
  });

  it('the product introduction’s 不再显示 keeps its banner closed on the next visit (version 4)', async () => {
    const visitor = await launchBrowser();
    try {
      const intro = await visitor.context.newPage();
      await open(intro, env.server.url('maple') + '/productIntro-v4');
      const banner = intro.getByRole('region', { name: '产品介绍' });
      await banner.waitFor({ timeout: STEP_TIMEOUT_MS });
      await banner.getByRole('button', { name: /不再显示/ }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await open(intro, env.server.url('maple') + '/productIntro-v4');
      await intro.getByTestId('quote-total').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await intro.getByRole('region', { name: '产品介绍' }).count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
