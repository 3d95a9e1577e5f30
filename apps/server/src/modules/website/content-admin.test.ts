import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let maple: StaffClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  maple = await StaffClient.signIn(server, 'maple.localhost');
  visitor = new TestClient(server, 'demo.localhost');
  await visitor.start();
});
afterAll(async () => server.close());

/** A multipart body with one file part (and fields before it), as a browser's FormData sends it. */
function multipart(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const boundary = `----img${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadImage(
  staff: StaffClient,
  file: Buffer,
  fileName = '工艺图.png',
  fields = { uploaderFileType: '16' },
) {
  const { payload, contentType } = multipart(file, fileName, fields);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/staff/UploadEditorImage',
    payload,
    headers: {
      host: staff.host,
      ...(staff.token ? { stafftoken: staff.token } : {}),
      'content-type': contentType,
    },
  });
  return response.json();
}

function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'gif' = 'png',
  red = 200,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

const get = (host: string, url: string) => server.app.inject({ method: 'GET', url, headers: { host } });

async function centre(staff: StaffClient) {
  const reply = await staff.post('/api/staff/HelpCentre', {});
  expect(reply.success, reply.message).toBe(true);
  return reply.data as {
    Categories: Array<{ Id: number; Key: string; Title: string; ArticleCount: number; Revision: number }>;
    Articles: Array<{
      Id: number;
      CategoryId: number;
      Title: string;
      Revision: number;
      IsPublished: boolean;
    }>;
  };
}

async function firstArticle(staff: StaffClient) {
  const { Articles } = await centre(staff);
  const detail = await staff.post('/api/staff/HelpArticleDetail', { Id: Articles[0]!.Id });
  expect(detail.success, detail.message).toBe(true);
  return detail.data;
}

describe('editing help articles from the console', () => {
  it("lists the merchant's own categories and articles, published or not, with revisions", async () => {
    const demo = await centre(admin);
    expect(demo.Categories.map((category) => category.Title)).toContain('新手指南');
    expect(demo.Articles.length).toBe(18);
    expect(demo.Articles[0]).toMatchObject({ Revision: 1, IsPublished: true });
    const other = await centre(maple);
    const demoIds = new Set(demo.Articles.map((article) => article.Id));
    expect(other.Articles.some((article) => demoIds.has(article.Id))).toBe(false);
  });

  it('saves an article sanitised and the customer help page shows it at once', async () => {
    const article = await firstArticle(admin);
    const saved = await admin.post('/api/staff/SaveHelpArticle', {
      ...article,
      Title: '下单流程（新版）',
      Html:
        '<p onclick="steal()">先选产品<script>alert(1)</script></p>' +
        '<img src="/api/site-images/abc.webp" onerror="alert(2)" alt="流程图">' +
        '<a href="javascript:alert(3)">链接</a><p style="color:red">完</p>',
    });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('文章已保存');
    expect(saved.data.Revision).toBe(article.Revision + 1);
    for (const html of [saved.data.Html as string]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=/);
      expect(html).toContain('先选产品');
      expect(html).toContain('src="/api/site-images/abc.webp"');
    }
    const shown = await visitor.post('/api/website/HelperInfo', { Id: article.Id });
    expect(shown.success, shown.message).toBe(true);
    expect(shown.data.Title).toBe('下单流程（新版）');
    expect(shown.data.Html).toContain('alt="流程图"');
    expect(shown.data.Html).not.toMatch(/script|onerror|onclick/);
    const menu = await visitor.post('/api/website/QueryHelperMenu', { Keyword: '先选产品' });
    expect(menu.data.flatMap((category: { Articles: { Id: number }[] }) => category.Articles)).toEqual([
      { Id: article.Id, Title: '下单流程（新版）' },
    ]);
  });

  it('refuses the second of two saves made from the same revision, and keeps the first', async () => {
    const article = await firstArticle(admin);
    const [first, second] = await Promise.all([
      admin.post('/api/staff/SaveHelpArticle', { ...article, Html: '<p>甲员工的版本</p>' }),
      admin.post('/api/staff/SaveHelpArticle', { ...article, Html: '<p>乙员工的版本</p>' }),
    ]);
    const results = [first, second];
    expect(results.filter((reply) => reply.success)).toHaveLength(1);
    const refused = results.find((reply) => !reply.success)!;
    expect(refused.apiCode).toBe(ApiCode.EditConflict);
    expect(refused.message).toBe('内容已被其他员工修改，请刷新后再保存');
    const winner = results.find((reply) => reply.success)!;
    const now = await admin.post('/api/staff/HelpArticleDetail', { Id: article.Id });
    expect(now.data.Html).toBe(winner.data.Html);
    expect(now.data.Revision).toBe(article.Revision + 1);
    // A delete from the old revision is refused too.
    const stale = await admin.post('/api/staff/DeleteHelpArticle', {
      Id: article.Id,
      Revision: article.Revision,
    });
    expect(stale.apiCode).toBe(ApiCode.EditConflict);
  });

  it('creates an unpublished draft the customer cannot see, then publishes it', async () => {
    const { Categories } = await centre(admin);
    const draft = await admin.post('/api/staff/SaveHelpArticle', {
      CategoryId: Categories[0]!.Id,
      Title: '春节放假通知',
      Html: '<p>2月1日至2月8日休息</p>',
      SerialNumber: 99,
      IsPublished: false,
    });
    expect(draft.success, draft.message).toBe(true);
    expect((await visitor.post('/api/website/HelperInfo', { Id: draft.data.Id })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    const published = await admin.post('/api/staff/SaveHelpArticle', { ...draft.data, IsPublished: true });
    expect(published.success, published.message).toBe(true);
    expect((await visitor.post('/api/website/HelperInfo', { Id: draft.data.Id })).data.Title).toBe(
      '春节放假通知',
    );
    const removed = await admin.post('/api/staff/DeleteHelpArticle', {
      Id: draft.data.Id,
      Revision: published.data.Revision,
    });
    expect(removed).toMatchObject({ success: true, message: '删除成功' });
    expect((await visitor.post('/api/website/HelperInfo', { Id: draft.data.Id })).success).toBe(false);
  });

  it.each([
    ['a blank title', { Title: '   ' }, '请填写文章标题'],
    ['a long title', { Title: '长'.repeat(101) }, '文章标题最多 100 个字'],
    ['a body of nothing but a script', { Html: '<script>alert(1)</script>' }, '请填写正文'],
    ['a body too long', { Html: `<p>${'字'.repeat(200_001)}</p>` }, '正文过长'],
    ['an unknown category', { CategoryId: 999_999 }, '帮助分类不存在或已被删除'],
    ['a negative order', { SerialNumber: -1 }, '排序应为 0–9999 的整数'],
    ['no revision', { Revision: undefined }, '请带上读取时的版本号'],
  ])('refuses %s with a Chinese message and changes nothing', async (_name, change, message) => {
    const before = await firstArticle(admin);
    const reply = await admin.post('/api/staff/SaveHelpArticle', { ...before, ...change });
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await admin.post('/api/staff/HelpArticleDetail', { Id: before.Id })).data).toEqual(before);
  });

  it("keeps each merchant's help centre its own", async () => {
    const article = await firstArticle(admin);
    const mapleCategory = (await centre(maple)).Categories[0]!;
    for (const [url, body] of [
      ['/api/staff/HelpArticleDetail', { Id: article.Id }],
      ['/api/staff/SaveHelpArticle', { ...article, Title: '别家改的' }],
      ['/api/staff/DeleteHelpArticle', { Id: article.Id, Revision: article.Revision }],
    ] as const) {
      const reply = await maple.post(url, body);
      expect(reply.apiCode, url).toBe(ApiCode.ContentNotFound);
    }
    // Nor may a demo article be moved into a maple category.
    const moved = await admin.post('/api/staff/SaveHelpArticle', {
      ...article,
      CategoryId: mapleCategory.Id,
    });
    expect(moved.message).toContain('帮助分类不存在或已被删除');
    const renamed = await admin.post('/api/staff/SaveHelpCategory', { ...mapleCategory, Title: '改名' });
    expect(renamed.apiCode).toBe(ApiCode.ContentNotFound);
    expect((await admin.post('/api/staff/HelpArticleDetail', { Id: article.Id })).data).toEqual(article);
  });

  it('lets only an administrator read or change the help centre', async () => {
    const article = await firstArticle(admin);
    const service = await admin.hire('service7', ['service']);
    const calls: Array<[string, unknown]> = [
      ['/api/staff/HelpCentre', {}],
      ['/api/staff/HelpArticleDetail', { Id: article.Id }],
      ['/api/staff/SaveHelpArticle', { ...article, Title: '客服改的' }],
      ['/api/staff/DeleteHelpArticle', { Id: article.Id, Revision: article.Revision }],
      ['/api/staff/SaveHelpCategory', { Title: '客服的分类' }],
      ['/api/staff/QueryEditorImages', {}],
      ['/api/staff/DeleteEditorImages', { ids: [1] }],
    ];
    for (const [url, body] of calls) {
      expect((await service.post(url, body)).apiCode, url).toBe(ApiCode.StaffForbidden);
      const anonymous = new StaffClient(server, 'demo.localhost');
      expect((await anonymous.post(url, body)).apiCode, url).toBe(ApiCode.StaffLoginRequired);
    }
    expect((await uploadImage(service, await picture(40, 40))).apiCode).toBe(ApiCode.StaffForbidden);
    expect((await admin.post('/api/staff/HelpArticleDetail', { Id: article.Id })).data).toEqual(article);
  });
});

describe('help categories', () => {
  it('adds, renames with a revision check, and deletes only an empty category without a key', async () => {
    const added = await admin.post('/api/staff/SaveHelpCategory', { Title: '设计服务', SerialNumber: 50 });
    expect(added.success, added.message).toBe(true);
    expect(added.data).toMatchObject({ Title: '设计服务', ArticleCount: 0, Revision: 1, Key: '' });
    const [a, b] = await Promise.all([
      admin.post('/api/staff/SaveHelpCategory', { ...added.data, Title: '设计与排版' }),
      admin.post('/api/staff/SaveHelpCategory', { ...added.data, Title: '设计代工' }),
    ]);
    expect([a, b].filter((reply) => reply.success)).toHaveLength(1);
    expect([a, b].find((reply) => !reply.success)!.message).toBe('内容已被其他员工修改，请刷新后再保存');
    const current = [a, b].find((reply) => reply.success)!.data;

    const article = await admin.post('/api/staff/SaveHelpArticle', {
      CategoryId: current.Id,
      Title: '设计收费',
      Html: '<p>名片设计 50 元起</p>',
    });
    const full = await admin.post('/api/staff/DeleteHelpCategory', {
      Id: current.Id,
      Revision: current.Revision,
    });
    expect(full.message).toBe(`分类「${current.Title}」下还有 1 篇文章，请先删除或移到其他分类`);
    const about = (await centre(admin)).Categories.find((category) => category.Key === 'about')!;
    const keyed = await admin.post('/api/staff/DeleteHelpCategory', {
      Id: about.Id,
      Revision: about.Revision,
    });
    expect(keyed.message).toContain('不能删除');

    await admin.post('/api/staff/DeleteHelpArticle', {
      Id: article.data.Id,
      Revision: article.data.Revision,
    });
    const deleted = await admin.post('/api/staff/DeleteHelpCategory', {
      Id: current.Id,
      Revision: current.Revision,
    });
    expect(deleted).toMatchObject({ success: true, data: { Deleted: 1 } });
    expect((await centre(admin)).Categories.some((category) => category.Id === current.Id)).toBe(false);
  });
});

describe("the editor's pictures (upload type 16)", () => {
  it('stores a picture as WebP within 1600 px with a thumbnail, served on its own host only', async () => {
    const reply = await uploadImage(admin, await picture(2400, 1200), '门店照片.png');
    expect(reply.success, reply.message).toBe(true);
    expect(reply.message).toBe('图片已上传');
    expect(reply.data).toMatchObject({
      OrgFileName: '门店照片.png',
      Width: 1600,
      Height: 800,
      UploadType: 16,
    });
    const image = await get('demo.localhost', reply.data.Url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);
    const thumb = await get('demo.localhost', reply.data.Thumbnail);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    expect((await get('maple.localhost', reply.data.Url)).statusCode).toBe(403);

    const page = await admin.post('/api/staff/QueryEditorImages', { pageindex: 1, limit: 10 });
    expect(page.data.List[0]).toMatchObject({ Id: reply.data.Id, OrgFileName: '门店照片.png' });
    expect((await maple.post('/api/staff/QueryEditorImages', {})).data.TotalCount).toBe(0);
  });

  it.each([
    ['a GIF', () => picture(20, 20, 'gif'), 'GIF 图片'],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n%…'), 'PDF 文件'],
    ['a broken PNG', async () => (await picture(50, 50)).subarray(0, 60), '不是有效的 JPG、PNG 或 WebP 图片'],
    ['an empty file', async () => Buffer.alloc(0), '空文件'],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, make, message) => {
    const before = (await admin.post('/api/staff/QueryEditorImages', {})).data.TotalCount;
    const reply = await uploadImage(admin, await make());
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await admin.post('/api/staff/QueryEditorImages', {})).data.TotalCount).toBe(before);
  });

  it('refuses a picture over 10 MB and another upload type', async () => {
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadImage(admin, big);
    expect(tooBig).toMatchObject({ success: false, apiCode: ApiCode.UploadTooLarge });
    expect(tooBig.message).toBe('图片不能超过 10 MB，请压缩后再上传');
    const otherType = await uploadImage(admin, await picture(10, 10), 'a.png', { uploaderFileType: '1' });
    expect(otherType.message).toContain('上传类型（uploaderFileType）应为 16');
  });

  it("pages the pictures, and deletes only the merchant's own", async () => {
    const uploads = [];
    for (const red of [10, 20, 30])
      uploads.push((await uploadImage(admin, await picture(30, 30, 'png', red))).data);
    const total = (await admin.post('/api/staff/QueryEditorImages', {})).data.TotalCount;
    const second = await admin.post('/api/staff/QueryEditorImages', { pageindex: 2, limit: 2 });
    expect(second.data).toMatchObject({ PageIndex: 2, Limit: 2, PageCount: Math.ceil(total / 2) });
    expect((await maple.post('/api/staff/DeleteEditorImages', { ids: [uploads[0].Id] })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    expect((await get('demo.localhost', uploads[0].Url)).statusCode).toBe(200);
    const deleted = await admin.post('/api/staff/DeleteEditorImages', {
      ids: [uploads[0].Id, uploads[1].Id],
    });
    expect(deleted).toMatchObject({ success: true, data: { Deleted: 2 }, message: '删除成功' });
    expect((await get('demo.localhost', uploads[0].Url)).statusCode).toBe(403);
    expect((await admin.post('/api/staff/QueryEditorImages', {})).data.TotalCount).toBe(total - 2);
    const tooMany = await admin.post('/api/staff/DeleteEditorImages', { ids: [] });
    expect(tooMany.message).toBe('请选择要删除的图片');
  });
});
