import { readPsd } from 'ag-psd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { buildCategoryTree, compileCatalog, findCategoryPath, getDemoCatalog } from '@inkstone/domain';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { calculateFromPrice } from '../products/from-price.ts';
import { addHelpArticle } from './content-store.ts';
import { seedDemoSiteContent } from './website.seed.ts';
import { insertAd, insertHelpArticle, insertHomeItem } from './website.repository.ts';

let server: TestServer;
let demo: TestClient;
let maple: TestClient;
let ids: { demo: number; maple: number };

beforeAll(async () => {
  server = await startTestServer();
  demo = new TestClient(server, 'demo.localhost');
  await demo.start();
  maple = new TestClient(server, 'maple.localhost');
  await maple.start();
  ids = { demo: await merchantIdOf(server, 'demo'), maple: await merchantIdOf(server, 'maple') };
});
afterAll(async () => server.close());

const MINUTE = 60_000;

/** Markup an attacker would like a page to run. */
const EVIL_HTML = `<h1>标题</h1><p onclick="steal()">正文<script>alert(1)</script></p>
<p><a href="javascript:alert(2)">坏链接</a> <a href="https://example.com/a" target="_self" onmouseover="x()">好链接</a>
<a href="/help-v4/1">站内</a> <a href="//evil.example/x">协议相对</a> <a href="&#x6A;avascript:alert(3)">编码</a>
<a href="\u0001javascript:alert(4)">控制字符</a></p>
<img src="x" onerror="alert(5)"><img src="data:image/png;base64,AAAA" alt="数据"><img src="https://cdn.example/a.webp" width="300" height="abc" style="position:fixed">
<iframe src="https://evil.example"></iframe><style>body{display:none}</style><svg onload="alert(6)"><text>svg</text></svg>
<table><tr><td colspan="2" onclick="y()">单元格</td></tr></table><form action="/x"><input name="a"></form>`;

/** Nothing in `html` can run script or leave the allow-list. */
function expectSanitised(html: string): void {
  expect(html).not.toMatch(/<script|<style|<iframe|<svg|<form|<input|<h1/i);
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/javascript:|data:|\/\/evil|style=/i);
  expect(html).not.toContain('alert(');
}

async function articleIds(client: TestClient): Promise<number[]> {
  const menu = await client.post('/api/website/QueryHelperMenu', {});
  return menu.data.flatMap((category: any) => category.Articles.map((article: any) => article.Id));
}

describe('QueryAd', () => {
  it("lists the merchant's carousel in order with sized images it serves", async () => {
    const reply = await demo.post('/api/website/QueryAd', {});
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data).toHaveLength(3);
    expect(reply.data.map((ad: any) => ad.SerialNumber)).toEqual([10, 20, 30]);
    for (const ad of reply.data) {
      expect(ad.Position).toBe('home_carousel');
      expect(ad.Image).toMatchObject({ Width: 1600, Height: 500 });
      expect(ad.Image.Url).toMatch(/^\/site-assets\/images\/[\w-]+\.webp\?v=[0-9a-f]{10}$/);
      const image = await demo.request({ method: 'GET', url: ad.Image.Url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.rawPayload.length).toBeLessThanOrEqual(150 * 1024);
      const small = await demo.request({ method: 'GET', url: ad.Image.SmallUrl });
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(image.rawPayload.length);
    }
    expect(reply.data[0].Link).toEqual({ Type: 'product', Target: '1001' });
  });

  it('has side and login ads', async () => {
    const side = await demo.post('/api/website/QueryAd', { Position: 'home_side' });
    expect(side.data.map((ad: any) => ad.Title)).toEqual(['文件制作指南', '下单前必读']);
    const login = await maple.post('/api/website/QueryAd', { Position: 'login' });
    expect(login.data).toHaveLength(1);
    expect(login.data[0]).toMatchObject({ Position: 'login', Link: { Type: 'none', Target: '' } });
  });

  it('shows each merchant only its own ads', async () => {
    const demoAds = await demo.post('/api/website/QueryAd', {});
    const mapleAds = await maple.post('/api/website/QueryAd', {});
    expect(mapleAds.data.map((ad: any) => ad.Title)).toEqual([
      '文件打印 · 立等可取',
      '条幅 · KT板展板',
      '门票 · 代金券',
    ]);
    const demoIds = new Set(demoAds.data.map((ad: any) => ad.Id));
    expect(mapleAds.data.some((ad: any) => demoIds.has(ad.Id))).toBe(false);
  });

  it('shows an ad only inside its time window, by the server clock', async () => {
    const now = server.clock.now();
    const image = (await demo.post('/api/website/QueryAd', {})).data[0].Image;
    const id = await insertAd(server.context.db, {
      merchant_id: ids.demo,
      position: 'home_side',
      title: '限时活动',
      image_url: image.Url,
      image_small_url: image.SmallUrl,
      image_width: image.Width,
      image_height: image.Height,
      serial_number: 1,
      starts_at: now + 10 * MINUTE,
      ends_at: now + 20 * MINUTE,
      created_at: now,
      updated_at: now,
    });
    const showing = async () =>
      (await demo.post('/api/website/QueryAd', { Position: 'home_side' })).data.map((ad: any) => ad.Id);
    try {
      expect(await showing()).not.toContain(id);
      server.clock.advance(10 * MINUTE);
      expect(await showing()).toEqual([id, expect.any(Number), expect.any(Number)]);
      const shown = (await demo.post('/api/website/QueryAd', { Position: 'home_side' })).data[0];
      expect(shown.StartTime).toBe(new Date(now + 10 * MINUTE).toISOString());
      server.clock.advance(10 * MINUTE - 1);
      expect(await showing()).toContain(id);
      server.clock.advance(1);
      expect(await showing()).not.toContain(id);
    } finally {
      await server.context.db.deleteFrom('site_ads').where('id', '=', id).execute();
    }
  });

  it('refuses an unknown position in Chinese', async () => {
    const reply = await demo.post('/api/website/QueryAd', { Position: 'popup' });
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '广告位置无效',
    });
  });

  it('needs the app token', async () => {
    const bare = new TestClient(server, 'demo.localhost');
    expect((await bare.post('/api/website/QueryAd', {})).apiCode).toBe(ApiCode.AppTokenInvalid);
  });
});

describe('QueryHomeLayoutGroup and QueryHomeLayout', () => {
  it("answers the merchant's own interface version by default", async () => {
    const demoGroups = await demo.post('/api/website/QueryHomeLayoutGroup', {});
    expect(demoGroups.data.map((group: any) => group.Kind)).toEqual([
      'carousel',
      'category_grid',
      'hot_products',
      'notices',
    ]);
    const mapleGroups = await maple.post('/api/website/QueryHomeLayoutGroup', {});
    expect(mapleGroups.data.map((group: any) => group.Kind)).toEqual([
      'carousel',
      'category_grid',
      'hot_products',
      'new_products',
      'notices',
      'rich_text',
    ]);
    const v3 = await demo.post('/api/website/QueryHomeLayoutGroup', { Version: 3 });
    expect(v3.data.map((group: any) => group.Kind)).toEqual([
      'category_grid',
      'hot_products',
      'new_products',
    ]);
  });

  it('falls back to the groups kept for every version when a version has none of its own', async () => {
    const db = server.context.db;
    const now = server.clock.now();
    const own = await db
      .selectFrom('site_home_groups')
      .select('id')
      .where('merchant_id', '=', ids.demo)
      .where('version', '=', 3)
      .execute();
    const { id: shared } = await db
      .insertInto('site_home_groups')
      .values({
        merchant_id: ids.demo,
        version: null,
        kind: 'notices',
        title: '通用公告',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const v2 = await demo.post('/api/website/QueryHomeLayoutGroup', { Version: 2 });
      expect(v2.data.map((group: any) => group.Id)).not.toContain(shared);
      await db
        .updateTable('site_home_groups')
        .set({ is_active: 0 })
        .where(
          'id',
          'in',
          own.map((row) => row.id),
        )
        .execute();
      const v3 = await demo.post('/api/website/QueryHomeLayoutGroup', { Version: 3 });
      expect(v3.data).toEqual([
        { Id: shared, Kind: 'notices', Title: '通用公告', Subtitle: '', SerialNumber: 0 },
      ]);
    } finally {
      await db.deleteFrom('site_home_groups').where('id', '=', shared).execute();
      await db
        .updateTable('site_home_groups')
        .set({ is_active: 1 })
        .where(
          'id',
          'in',
          own.map((row) => row.id),
        )
        .execute();
    }
  });

  it('gives product items their from price from the engine and real catalogue links', async () => {
    const layout = await demo.post('/api/website/QueryHomeLayout', { Version: 4 });
    expect(layout.success, layout.message).toBe(true);
    const catalog = getDemoCatalog('demo');
    const compiled = compileCatalog(catalog);
    const tree = buildCategoryTree(catalog.Categories);
    const hot = layout.data.find((group: any) => group.Kind === 'hot_products');
    expect(hot.Items.map((item: any) => item.ProductId)).toEqual([1001, 2001, 2002, 3001]);
    for (const item of hot.Items) {
      const product = compiled.get(item.ProductId)!;
      expect(item.FromPriceFen).toBe(calculateFromPrice(product));
      expect(item.FromPriceFen).toBeGreaterThan(0);
      expect(item.Link).toEqual({ Type: 'product', Target: String(item.ProductId) });
      expect(item.Image).toMatchObject({ Width: 800, Height: 600 });
    }
    const grid = layout.data.find((group: any) => group.Kind === 'category_grid');
    expect(grid.Items).toHaveLength(5);
    for (const item of grid.Items) {
      const path = item.Link.Target.split('/').map(Number);
      expect(item.Link.Type).toBe('category');
      expect(findCategoryPath(tree, path.at(-1))).toEqual(path);
      expect(item.FromPriceFen).toBeNull();
    }
    const notices = layout.data.find((group: any) => group.Kind === 'notices');
    const helpIds = await articleIds(demo);
    for (const notice of notices.Items) {
      expect(notice.Link.Type).toBe('help');
      expect(helpIds).toContain(Number(notice.Link.Target));
      expect(Date.parse(notice.PublishedAt)).toBeLessThan(server.clock.now());
    }
    const richText = layout.data.find((group: any) => group.Kind === 'rich_text');
    expect(richText.Items[0].Html).toContain('<li><strong>价格透明</strong>');
  });

  it("prices maple's products from maple's catalogue", async () => {
    const layout = await maple.post('/api/website/QueryHomeLayout', {});
    const compiled = compileCatalog(getDemoCatalog('maple'));
    const hot = layout.data.find((group: any) => group.Kind === 'hot_products');
    expect(hot.Items.map((item: any) => [item.ProductId, item.FromPriceFen])).toEqual(
      [9101, 9201, 9202, 9301].map((id) => [id, calculateFromPrice(compiled.get(id)!)]),
    );
  });

  it('leaves out a product item whose product is not sold, and sanitises rich text', async () => {
    const db = server.context.db;
    const now = server.clock.now();
    const layout = await demo.post('/api/website/QueryHomeLayout', { Version: 4 });
    const hot = layout.data.find((group: any) => group.Kind === 'hot_products');
    const gone = await insertHomeItem(db, {
      merchant_id: ids.demo,
      group_id: hot.Id,
      title: '已下架',
      product_id: 999_999,
      link_type: 'product',
      link_target: '999999',
      created_at: now,
      updated_at: now,
    });
    const evil = await insertHomeItem(db, {
      merchant_id: ids.demo,
      group_id: hot.Id,
      title: '图文',
      html: EVIL_HTML,
      link_type: 'url',
      link_target: 'javascript:alert(1)',
      image_url: 'javascript:alert(1)',
      image_small_url: 'javascript:alert(1)',
      image_width: 10,
      image_height: 10,
      created_at: now,
      updated_at: now,
    });
    try {
      const group = await demo.post('/api/website/QueryHomeLayout', { GroupId: hot.Id });
      expect(group.data).toHaveLength(1);
      const items = group.data[0].Items;
      expect(items.map((item: any) => item.Id)).not.toContain(gone);
      const item = items.find((candidate: any) => candidate.Id === evil);
      expect(item).toMatchObject({ Link: { Type: 'none', Target: '' }, Image: null, FromPriceFen: null });
      expectSanitised(item.Html);
      expect(item.Html).toContain('正文');
    } finally {
      await db.deleteFrom('site_home_items').where('id', 'in', [gone, evil]).execute();
    }
  });

  it("answers not found for another merchant's group", async () => {
    const mapleGroups = await maple.post('/api/website/QueryHomeLayoutGroup', {});
    const reply = await demo.post('/api/website/QueryHomeLayout', { GroupId: mapleGroups.data[0].Id });
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ContentNotFound,
      message: '首页分组不存在或已停用',
    });
  });

  it.each([
    [{ Version: 5 }, '界面版本应为 1–4'],
    [{ Version: '2' }, '界面版本应为 1–4'],
    [{ Version: 1.5 }, '界面版本应为 1–4'],
    [{ GroupId: 'x' }, '分组无效'],
    [{ GroupId: 0 }, '分组无效'],
    [{ GroupId: 1e12 }, '分组无效'],
  ])('refuses %j with a Chinese message', async (body, message) => {
    const reply = await demo.post('/api/website/QueryHomeLayout', body);
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message, data: null });
  });
});

/** The routes of spec §2 each version's menus may link to. */
const ROUTES: Record<number, RegExp> = {
  1: /^\/(?:home|index|user\/(?:order|bill|sys)\/\w+)$/,
  2: /^\/(?:index-v2|about|quotationCenter|batch-upload|user-v2\/(?:order|bill|sys)\/\w+)$/,
  3: /^\/(?:index-v3|quotationCenter-v3|batch-upload-v3|user-v3\/(?:order|bill|sys)\/\w+)$/,
  4: /^\/(?:index-v4|productIntro-v4|template-v4|quotationCenter-v4|batch-upload-v4|user-v4\/(?:order|bill|sys|setting-v4)\/\w+)$/,
};

function flatten(entries: any[]): any[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.Children)]);
}

describe('queryhomemenu', () => {
  it('links only to spec §2 routes of its version and to real articles', async () => {
    for (const client of [demo, maple]) {
      const helpIds = await articleIds(client);
      for (const version of [1, 2, 3, 4]) {
        for (const position of ['top', 'side', 'footer']) {
          const menu = await client.post('/api/website/queryhomemenu', {
            Version: version,
            Position: position,
          });
          expect(menu.success, menu.message).toBe(true);
          expect(menu.data.length).toBeGreaterThan(0);
          for (const entry of flatten(menu.data)) {
            if (entry.Link.Type === 'route') expect(entry.Link.Target).toMatch(ROUTES[version]!);
            else if (entry.Link.Type === 'help') expect(helpIds).toContain(Number(entry.Link.Target));
            else expect(entry.Link).toEqual({ Type: 'none', Target: '' });
          }
        }
      }
    }
  });

  it('is a tree: footer sections hold their links, the side menu holds the help centre', async () => {
    const footer = await demo.post('/api/website/queryhomemenu', { Position: 'footer' });
    expect(footer.data.map((entry: any) => [entry.Title, entry.Children.length])).toEqual([
      ['新手指南', 3],
      ['配送与售后', 3],
      ['关于我们', 3],
    ]);
    const side = await maple.post('/api/website/queryhomemenu', { Position: 'side', Version: 2 });
    const helpMenu = await maple.post('/api/website/QueryHelperMenu', {});
    expect(
      side.data.map((entry: any) => [
        entry.Title,
        entry.Children.map((child: any) => Number(child.Link.Target)),
      ]),
    ).toEqual(
      helpMenu.data.map((category: any) => [
        category.Title,
        category.Articles.map((article: any) => article.Id),
      ]),
    );
  });

  it("answers the merchant's version by default: v4's top menu has the template centre", async () => {
    const top = await maple.post('/api/website/queryhomemenu', {});
    expect(top.data.map((entry: any) => entry.Title)).toEqual([
      '首页',
      '产品中心',
      '模板中心',
      '报价中心',
      '批量上传',
      '帮助中心',
      '我的订单',
    ]);
    const v2 = await maple.post('/api/website/queryhomemenu', { Version: 2 });
    expect(v2.data.at(-1)).toMatchObject({ Title: '关于我们', Link: { Type: 'route', Target: '/about' } });
  });

  it('refuses an unknown position in Chinese', async () => {
    const reply = await demo.post('/api/website/queryhomemenu', { Position: 'left' });
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '菜单位置无效',
    });
  });
});

describe('QueryHelperMenu', () => {
  it('lists the help centre: six categories, the about category keyed, the topics a print customer needs', async () => {
    const menu = await demo.post('/api/website/QueryHelperMenu', {});
    expect(menu.data.map((category: any) => [category.Key, category.Title])).toEqual([
      ['', '新手指南'],
      ['', '文件制作'],
      ['', '印刷工艺'],
      ['', '配送与售后'],
      ['', '支付与发票'],
      ['about', '关于我们'],
    ]);
    const titles = menu.data.flatMap((category: any) =>
      category.Articles.map((article: any) => article.Title),
    );
    expect(titles.length).toBeGreaterThanOrEqual(15);
    for (const topic of [
      '出血',
      'CMYK',
      '分辨率',
      '转曲',
      '覆膜',
      '纸张',
      '交货周期',
      '运费',
      '付款',
      '发票',
      '售后',
      '上传',
      '常见问题',
    ]) {
      expect(
        titles.some((title: string) => title.includes(topic)),
        topic,
      ).toBe(true);
    }
  });

  it('searches titles and text in any letter case, and matches % and _ literally', async () => {
    const cmyk = await demo.post('/api/website/QueryHelperMenu', { Keyword: 'cmyk' });
    const found = cmyk.data.flatMap((category: any) =>
      category.Articles.map((article: any) => article.Title),
    );
    expect(found).toContain('色彩模式 CMYK');
    const bleed = await demo.post('/api/website/QueryHelperMenu', { Keyword: ' 出血 ' });
    expect(bleed.data.length).toBeGreaterThan(1);
    const percent = await demo.post('/api/website/QueryHelperMenu', { Keyword: '%' });
    const percentIds = percent.data.flatMap((category: any) =>
      category.Articles.map((article: any) => article.Id),
    );
    expect(percentIds.length).toBeGreaterThan(0);
    expect(percentIds.length).toBeLessThan((await articleIds(demo)).length);
    for (const id of percentIds) {
      expect((await demo.post('/api/website/HelperInfo', { Id: id })).data.Html).toContain('%');
    }
    const nothing = await demo.post('/api/website/QueryHelperMenu', { Keyword: '不存在的词汇xyz' });
    expect(nothing.data).toEqual([]);
  });

  it('shows each merchant only its own articles', async () => {
    const demoIds = new Set(await articleIds(demo));
    const mapleIds = await articleIds(maple);
    expect(mapleIds.length).toBeGreaterThanOrEqual(15);
    expect(mapleIds.some((id) => demoIds.has(id))).toBe(false);
  });

  it('refuses a keyword over 50 characters', async () => {
    const reply = await demo.post('/api/website/QueryHelperMenu', { Keyword: '字'.repeat(51) });
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '搜索词最多 50 个字',
    });
  });
});

describe('HelperInfo', () => {
  it('gives an article with the previous and next of its category', async () => {
    const menu = await demo.post('/api/website/QueryHelperMenu', {});
    const files = menu.data.find((category: any) => category.Title === '文件制作');
    const [first, second, third] = files.Articles;
    const middle = await demo.post('/api/website/HelperInfo', { Id: second.Id });
    expect(middle.data).toMatchObject({
      Id: second.Id,
      Title: second.Title,
      CategoryId: files.Id,
      CategoryTitle: '文件制作',
      Previous: first,
      Next: third,
    });
    expect(Date.parse(middle.data.UpdatedAt)).not.toBeNaN();
    const head = await demo.post('/api/website/HelperInfo', { Id: first.Id });
    expect(head.data.Previous).toBeNull();
    const last = files.Articles.at(-1);
    const tail = await demo.post('/api/website/HelperInfo', { Id: last.Id });
    expect(tail.data).toMatchObject({ Next: null, Previous: files.Articles.at(-2) });
  });

  it('gives the about page: the first article of the category keyed about', async () => {
    const menu = await maple.post('/api/website/QueryHelperMenu', {});
    const about = menu.data.find((category: any) => category.Key === 'about');
    const article = await maple.post('/api/website/HelperInfo', { Id: about.Articles[0].Id });
    expect(article.data.Title).toBe('关于红枫图文');
    expect(article.data.Html).toContain('上海市徐汇区漕溪北路 398 号');
    expect(article.data.Html).toMatch(
      /<img src="\/site-assets\/images\/about-workshop\.webp\?v=\w+" alt="[^"]+" width="1200" height="600" loading="lazy"/,
    );
  });

  it("answers not found for another merchant's article and for an unpublished one", async () => {
    const [mapleArticle] = await articleIds(maple);
    const reply = await demo.post('/api/website/HelperInfo', { Id: mapleArticle });
    expect(reply).toMatchObject({
      success: false,
      apiCode: ApiCode.ContentNotFound,
      message: '帮助文章不存在或已下线',
      data: null,
    });
    const menu = await demo.post('/api/website/QueryHelperMenu', {});
    const draft = await addHelpArticle(
      server.context.db,
      {
        merchantId: ids.demo,
        categoryId: menu.data[0].Id,
        title: '草稿',
        html: '<p>未发布</p>',
        serialNumber: 1,
        isPublished: false,
      },
      server.clock.now(),
    );
    expect((await demo.post('/api/website/HelperInfo', { Id: draft })).message).toBe(
      '帮助文章不存在或已下线',
    );
    expect(await articleIds(demo)).not.toContain(draft);
  });

  it('sends stored markup through the allow-list, however it was stored', async () => {
    const db = server.context.db;
    const now = server.clock.now();
    const menu = await demo.post('/api/website/QueryHelperMenu', {});
    const categoryId = menu.data[1].Id;
    // Written past the service: the reply is sanitised all the same.
    const raw = await insertHelpArticle(db, {
      merchant_id: ids.demo,
      category_id: categoryId,
      title: '未经净化',
      html: EVIL_HTML,
      body_text: '',
      serial_number: 999,
      created_at: now,
      updated_at: now,
    });
    // Written through the service: stored clean.
    const stored = await addHelpArticle(
      db,
      { merchantId: ids.demo, categoryId, title: '经过净化', html: EVIL_HTML, serialNumber: 1000 },
      now,
    );
    try {
      for (const id of [raw, stored]) {
        const reply = await demo.post('/api/website/HelperInfo', { Id: id });
        expect(reply.success, reply.message).toBe(true);
        const html: string = reply.data.Html;
        expectSanitised(html);
        expect(html).toContain('<h2>标题</h2>');
        expect(html).toContain(
          '<a rel="noopener noreferrer" href="https://example.com/a" target="_blank">好链接</a>',
        );
        expect(html).toContain('<a rel="noopener noreferrer" href="/help-v4/1">站内</a>');
        expect(html).toContain(
          '<img src="https://cdn.example/a.webp" alt="" width="300" loading="lazy" decoding="async" />',
        );
        expect(html).toContain('<td colspan="2">单元格</td>');
      }
      const row = await db
        .selectFrom('help_articles')
        .select(['html', 'body_text'])
        .where('id', '=', stored)
        .executeTakeFirstOrThrow();
      expectSanitised(row.html);
      expect(row.body_text).toContain('正文');
      expect(row.body_text).not.toContain('alert');
      const search = await demo.post('/api/website/QueryHelperMenu', { Keyword: 'alert' });
      const found = search.data.flatMap((category: any) =>
        category.Articles.map((article: any) => article.Id),
      );
      expect(found).not.toContain(stored);
    } finally {
      await db.deleteFrom('help_articles').where('id', 'in', [raw, stored]).execute();
    }
  });

  it.each([
    [{}, '请指定文章'],
    [{ Id: 'abc' }, '请指定文章'],
    [{ Id: 0 }, '文章无效'],
    [{ Id: 2.5 }, '文章无效'],
    [{ Id: 99_999_999_999 }, '文章无效'],
  ])('refuses %j with a Chinese message', async (body, message) => {
    const reply = await demo.post('/api/website/HelperInfo', body);
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message, data: null });
  });

  it('answers not found for an id no article has', async () => {
    const reply = await demo.post('/api/website/HelperInfo', { Id: 2_147_483_647 });
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.ContentNotFound });
  });
});

describe('QueryTemplate', () => {
  it('pages through every template once, with page counts', async () => {
    const first = await demo.post('/api/Website/QueryTemplate', { pageindex: 0, limit: 5 });
    expect(first.success, first.message).toBe(true);
    const total = first.data.TotalCount;
    expect(total).toBeGreaterThanOrEqual(10);
    expect(first.data).toMatchObject({ PageIndex: 1, Limit: 5, PageCount: Math.ceil(total / 5) });
    const seen: number[] = [];
    for (let page = 1; page <= first.data.PageCount; page += 1) {
      const reply = await demo.post('/api/Website/QueryTemplate', { pageindex: page, limit: 5 });
      expect(reply.data.List.length).toBe(Math.min(5, total - (page - 1) * 5));
      seen.push(...reply.data.List.map((template: any) => template.Id));
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await demo.post('/api/Website/QueryTemplate', {
      pageindex: first.data.PageCount + 1,
      limit: 5,
    });
    expect(beyond.data).toMatchObject({ List: [], TotalCount: total });
    const sum = first.data.Categories.reduce((all: number, category: any) => all + category.Count, 0);
    expect(sum).toBe(total);
  });

  it('filters by category, product and keyword; category counts follow the other filters', async () => {
    const all = await demo.post('/api/Website/QueryTemplate', { limit: 60 });
    const cards = all.data.Categories.find((category: any) => category.Title === '名片');
    const byCategory = await demo.post('/api/Website/QueryTemplate', { CategoryId: cards.Id, limit: 60 });
    expect(byCategory.data.TotalCount).toBe(cards.Count);
    expect(byCategory.data.List.every((template: any) => template.CategoryId === cards.Id)).toBe(true);
    expect(byCategory.data.Categories).toEqual(all.data.Categories);

    const byProduct = await demo.post('/api/Website/QueryTemplate', { ProductId: 2002, limit: 60 });
    expect(byProduct.data.List.map((template: any) => template.Title)).toEqual([
      '海报 · A3 活动海报',
      '海报 · 大4开 420×570',
    ]);
    expect(byProduct.data.Categories.filter((category: any) => category.Count > 0)).toEqual([
      expect.objectContaining({ Title: '海报', Count: 2 }),
    ]);

    const byKeyword = await demo.post('/api/Website/QueryTemplate', { Keyword: '名片', limit: 60 });
    expect(byKeyword.data.TotalCount).toBe(3);
    const none = await demo.post('/api/Website/QueryTemplate', { Keyword: '_', limit: 60 });
    expect(none.data.TotalCount).toBe(0);
  });

  it('serves each template’s PDF (trim box set), the same document as AI, and its preview', async () => {
    const reply = await maple.post('/api/Website/QueryTemplate', { limit: 60 });
    for (const template of reply.data.List) {
      const formats = template.Files.map((file: any) => file.Format);
      expect(formats.slice(0, 2)).toEqual(['PDF', 'AI']);
      const [pdfFile, aiFile] = template.Files;
      expect(pdfFile.FileName).toMatch(/\.pdf$/);
      expect(aiFile.FileName).toBe(pdfFile.FileName.replace(/\.pdf$/, '.ai'));
      const pdf = await maple.request({ method: 'GET', url: pdfFile.Url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.length).toBe(pdfFile.SizeBytes);
      const text = pdf.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).toMatch(/\/TrimBox/);
      expect(text).toMatch(/\/BleedBox/);
      const ai = await maple.request({ method: 'GET', url: aiFile.Url });
      expect(ai.statusCode).toBe(200);
      expect(ai.rawPayload.equals(pdf.rawPayload)).toBe(true);
      const preview = await maple.request({ method: 'GET', url: template.Preview.SmallUrl });
      expect(preview.statusCode).toBe(200);
    }
    expect(reply.data.List.find((template: any) => template.Title === 'KT板展板 · A1 竖版')).toMatchObject({
      ProductId: 9202,
      FinishedWidthMm: 594,
      FinishedHeightMm: 841,
      BleedMm: 0,
    });
  });

  it('gives pieces up to A5 a layered 300 ppi Photoshop file whose canvas is the bleed box', async () => {
    const reply = await demo.post('/api/Website/QueryTemplate', { limit: 60 });
    const withPsd = reply.data.List.filter((template: any) =>
      template.Files.some((file: any) => file.Format === 'PSD'),
    );
    expect(withPsd.map((template: any) => template.Title)).toContain('商务名片 · 经典横版');
    for (const template of reply.data.List) {
      const longEdge = Math.max(template.FinishedWidthMm, template.FinishedHeightMm);
      expect(withPsd.includes(template)).toBe(longEdge <= 220);
    }
    const card = withPsd.find((template: any) => template.Title === '商务名片 · 经典横版');
    const file = card.Files.find((entry: any) => entry.Format === 'PSD');
    expect(file.FileName).toBe('商务名片-经典横版-90x54mm.psd');
    const download = await demo.request({ method: 'GET', url: file.Url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(file.SizeBytes);
    const psd = readPsd(download.rawPayload, {
      skipLayerImageData: true,
      skipCompositeImageData: true,
      skipThumbnail: true,
    });
    const px = (mm: number) => Math.round((mm * 300) / 25.4);
    // 90 × 54 mm with 2 mm bleed each side, at 300 ppi.
    expect([psd.width, psd.height]).toEqual([px(94), px(58)]);
    expect(psd.imageResources?.resolutionInfo?.horizontalResolution).toBe(300);
    const names = (psd.children ?? []).map((layer) => layer.name);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^在此图层设计/),
        expect.stringMatching(/^出血 2mm/),
        expect.stringMatching(/^裁切线/),
        expect.stringMatching(/^安全区 3mm/),
      ]),
    );
    const guides = psd.imageResources?.gridAndGuidesInformation?.guides ?? [];
    expect(guides.filter((guide) => guide.direction === 'vertical').map((guide) => guide.location)).toEqual([
      px(2),
      px(92),
    ]);
    // The trim layer's marks sit on the trim line, inside the bleed.
    const trim = psd.children?.find((layer) => layer.name?.startsWith('裁切线'));
    expect(trim?.left).toBeGreaterThan(0);
    expect(trim?.left).toBeLessThanOrEqual(px(2));
  });

  it('shows each merchant only its own templates and categories', async () => {
    const demoPage = await demo.post('/api/Website/QueryTemplate', { limit: 60 });
    const maplePage = await maple.post('/api/Website/QueryTemplate', { limit: 60 });
    const demoIds = new Set(demoPage.data.List.map((template: any) => template.Id));
    expect(maplePage.data.List.some((template: any) => demoIds.has(template.Id))).toBe(false);
    const mapleCategory = maplePage.data.Categories[0].Id;
    const foreign = await demo.post('/api/Website/QueryTemplate', { CategoryId: mapleCategory });
    expect(foreign.data).toMatchObject({ List: [], TotalCount: 0, PageCount: 0 });
  });

  it.each([
    [{ limit: 61 }, '每页最多 60 条'],
    [{ limit: 0 }, '每页至少 1 条'],
    [{ pageindex: -1 }, '页码应为整数'],
    [{ pageindex: 1e12 }, '页码过大'],
    [{ CategoryId: 'x' }, '模板分类无效'],
    [{ ProductId: 3_000_000_000 }, '商品无效'],
    [{ Keyword: 5 }, '搜索词应为文字'],
  ])('refuses %j with a Chinese message', async (body, message) => {
    const reply = await demo.post('/api/Website/QueryTemplate', body);
    expect(reply).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed, message, data: null });
  });
});

describe('site assets', () => {
  it('answers a missing file and the manifest with a plain 404', async () => {
    for (const url of [
      '/site-assets/images/none.webp',
      '/site-assets/manifest.json',
      '/site-assets/../package.json',
    ]) {
      const reply = await demo.request({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type']).not.toMatch(/html/);
    }
  });
});

describe('seedDemoSiteContent', () => {
  it('leaves a merchant that has site content alone', async () => {
    const count = async () =>
      Number(
        (
          await server.context.db
            .selectFrom('help_articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await seedDemoSiteContent(server.context.db, server.clock.now())).toEqual([]);
    expect(await count()).toBe(before);
  });
});
