import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
let maple: StaffClient;
let service: StaffClient;
let visitor: TestClient;
let pictureId: number;

async function multipart(staff: StaffClient, url: string, name: string, bytes: Buffer, type: string) {
  const boundary = `----lay${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      host: staff.host,
      ...(staff.token ? { stafftoken: staff.token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return response.json();
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Group {
  Id: number;
  Kind: string;
  Version: number | null;
  Title: string;
  Revision: number;
  Items: Array<{ Id: number; Title: string; Revision: number; [key: string]: unknown }>;
}

const groups = async (staff = admin): Promise<Group[]> =>
  (await staff.post('/api/staff/QueryHomeGroups', {})).data.List;
const homePage = async () =>
  (await visitor.post('/api/website/QueryHomeLayout', {})).data as Array<{
    Id: number;
    Kind: string;
    Items: Array<{ Id: number; Title: string; Summary: string; PublishedAt: string | null }>;
  }>;
const templateCentre = async (body: object = {}) =>
  (await visitor.post('/api/Website/QueryTemplate', { limit: 60, ...body })).data as {
    List: Array<{
      Id: number;
      Title: string;
      Files: Array<{ Format: string; Url: string; FileName: string }>;
    }>;
    Categories: Array<{ Id: number; Title: string; Count: number }>;
    TotalCount: number;
  };

/** The merchant's interface version's notices group (the one its home page shows). */
async function noticesGroup(): Promise<Group> {
  const shown = (await homePage()).find((group) => group.Kind === 'notices')!;
  return (await groups()).find((group) => group.Id === shown.Id)!;
}

/** Saves a new notice first in the notices group; the group, and the call's answer once it succeeded. */
async function addNotice(fields: Record<string, unknown>) {
  const group = await noticesGroup();
  const added = await admin.post('/api/staff/SaveHomeItem', {
    GroupId: group.Id,
    SerialNumber: 0,
    ...fields,
  });
  expect(added.success, added.message).toBe(true);
  return { group, added };
}

/** What the home page shows of `group`. */
async function shownOnHomePage(group: { Id: number }) {
  return (await homePage()).find((entry) => entry.Id === group.Id)!;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  maple = await StaffClient.signIn(server, 'maple.localhost');
  service = await StaffClient.signIn(server, 'demo.localhost', 'service', 'DemoStaff2026');
  visitor = new TestClient(server, 'demo.localhost');
  await visitor.start();
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const picture = await multipart(admin, '/api/staff/UploadEditorImage', '封面.png', png, 'image/png');
  pictureId = picture.data.Id;
});
afterAll(async () => server.close());

describe('editing the home page from the console', () => {
  it('lists every group of every version with its items and revisions, the merchant its own', async () => {
    const list = await groups();
    expect(new Set(list.map((group) => group.Version))).toEqual(new Set([1, 2, 3, 4]));
    expect(list.find((group) => group.Kind === 'notices')).toMatchObject({ IsActive: true, Revision: 1 });
    expect(list.find((group) => group.Kind === 'notices')!.Items.length).toBeGreaterThan(0);
    const theirs = new Set((await groups(maple)).map((group) => group.Id));
    expect(list.some((group) => theirs.has(group.Id))).toBe(false);
  });

  it('adds a notice to the notices group; the home page shows it at the next request', async () => {
    const { group, added } = await addNotice({
      Title: '春节放假通知',
      Summary: '2月9日至2月17日暂停发货，期间订单节后依次生产。',
    });
    expect(added.message).toBe('首页内容已保存');
    expect(added.data).toMatchObject({
      Title: '春节放假通知',
      PublishedAt: new Date(server.context.clock.now()).toISOString(),
      Revision: 1,
    });
    expect((await shownOnHomePage(group)).Items[0]).toMatchObject({
      Id: added.data.Id,
      Title: '春节放假通知',
    });

    const edited = await admin.post('/api/staff/SaveHomeItem', { ...added.data, Title: '春节放假安排' });
    expect(edited.data).toMatchObject({ Title: '春节放假安排', Revision: 2 });
    const row = await server.context.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call_name', '=', 'SaveHomeItem')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target_type: 'home-item', target_label: '春节放假安排' });
    expect(JSON.parse(row.before!)).toEqual({ Title: '春节放假通知' });
    expect(JSON.parse(row.after!)).toEqual({ Title: '春节放假安排' });

    const hidden = await admin.post('/api/staff/SaveHomeItem', { ...edited.data, IsActive: false });
    expect(hidden.success, hidden.message).toBe(true);
    expect((await shownOnHomePage(group)).Items.map((item) => item.Id)).not.toContain(added.data.Id);
    const removed = await admin.post('/api/staff/DeleteHomeItem', {
      Id: hidden.data.Id,
      Revision: hidden.data.Revision,
    });
    expect(removed).toMatchObject({ success: true, message: '删除成功' });
    expect((await noticesGroup()).Items.some((item) => item.Id === added.data.Id)).toBe(false);
  });

  it("stores a notice's rich-text body sanitised; the home page lists its text", async () => {
    const { group, added } = await addNotice({
      Title: '端午放假通知',
      Html: '<p>6月19日<strong>休息</strong>一天。<script>alert(1)</script></p><p onclick="x()">照常接单。</p>',
    });
    expect(added.data.Html).toBe('<p>6月19日<strong>休息</strong>一天。</p><p>照常接单。</p>');
    expect(added.data.Summary).toBe('6月19日休息一天。 照常接单。');
    expect((await shownOnHomePage(group)).Items[0]).toMatchObject({
      Id: added.data.Id,
      Summary: '6月19日休息一天。 照常接单。',
    });

    const empty = await admin.post('/api/staff/SaveHomeItem', {
      ...added.data,
      Html: '<p><script>alert(1)</script></p>',
      Summary: '',
    });
    expect(empty).toMatchObject({ success: false, message: '请填写公告正文，或设置公告链接' });
    expect((await noticesGroup()).Items.find((item) => item.Id === added.data.Id)).toEqual(added.data);
  });

  it('adds, reorders and removes a group with its items on one version only', async () => {
    const before = await homePage();
    const added = await admin.post('/api/staff/SaveHomeGroup', {
      Version: 1,
      Kind: 'hot_products',
      Title: '本周特惠',
      SerialNumber: 0,
    });
    expect(added.success, added.message).toBe(true);
    const product = (await groups()).find((group) => group.Kind === 'hot_products' && group.Items.length > 0)!
      .Items[0]!;
    const item = await admin.post('/api/staff/SaveHomeItem', {
      GroupId: added.data.Id,
      Title: '特惠名片',
      ProductId: product.ProductId,
      ImageId: pictureId,
    });
    expect(item.success, item.message).toBe(true);
    expect(item.data).toMatchObject({ Link: { Type: 'product', Target: String(product.ProductId) } });
    const page = await homePage();
    expect(page[0]).toMatchObject({ Id: added.data.Id, Items: [{ Id: item.data.Id, Title: '特惠名片' }] });
    expect((page[0]!.Items[0] as { FromPriceFen?: number }).FromPriceFen).toBeGreaterThan(0);
    // Version 2 has groups of its own: the new group is version 1's only.
    const v2 = (await visitor.post('/api/website/QueryHomeLayout', { Version: 2 })).data as Group[];
    expect(v2.some((group) => group.Id === added.data.Id)).toBe(false);

    const last = await admin.post('/api/staff/SaveHomeGroup', { ...added.data, SerialNumber: 9999 });
    expect((await homePage()).at(-1)!.Id).toBe(added.data.Id);
    const kindChange = await admin.post('/api/staff/SaveHomeGroup', { ...last.data, Kind: 'notices' });
    expect(kindChange.message).toContain('分组类型不能修改');

    const removed = await admin.post('/api/staff/DeleteHomeGroup', {
      Id: last.data.Id,
      Revision: last.data.Revision,
    });
    expect(removed).toMatchObject({ success: true, message: '删除成功' });
    expect((await homePage()).map((group) => group.Id)).toEqual(before.map((group) => group.Id));
    const gone = await admin.post('/api/staff/SaveHomeItem', { ...item.data, Title: '再改' });
    expect(gone.apiCode).toBe(ApiCode.ContentNotFound);
  });

  it('refuses the second of two saves made from the same revision', async () => {
    const group = await noticesGroup();
    const [a, b] = await Promise.all([
      admin.post('/api/staff/SaveHomeGroup', { ...group, Title: '甲改的公告' }),
      admin.post('/api/staff/SaveHomeGroup', { ...group, Title: '乙改的公告' }),
    ]);
    expect([a, b].filter((reply) => reply.success)).toHaveLength(1);
    expect([a, b].find((reply) => !reply.success)).toMatchObject({
      apiCode: ApiCode.EditConflict,
      message: '内容已被其他员工修改，请刷新后再保存',
    });
    const winner = [a, b].find((reply) => reply.success)!;
    expect((await homePage()).find((entry) => entry.Id === group.Id)).toMatchObject({
      Title: winner.data.Title,
    });

    const item = (await noticesGroup()).Items[0]!;
    const [c, d] = await Promise.all([
      admin.post('/api/staff/SaveHomeItem', { ...item, Title: '丙改的' }),
      admin.post('/api/staff/DeleteHomeItem', { Id: item.Id, Revision: item.Revision }),
    ]);
    expect([c, d].filter((reply) => reply.success)).toHaveLength(1);
    // A save after the delete finds the item gone; a delete after the save finds it changed.
    expect(c.success ? d.apiCode : c.apiCode).toBe(
      c.success ? ApiCode.EditConflict : ApiCode.ContentNotFound,
    );
  });

  it.each([
    ['a notice without body or link', { Summary: '' }, '请填写公告正文，或设置公告链接'],
    ['a blank title', { Title: '  ' }, '请填写标题'],
    ['a title too long', { Title: '长'.repeat(101) }, '标题最多 100 个字'],
    [
      'a javascript: link',
      { Link: { Type: 'url', Target: 'javascript:alert(1)' } },
      '链接目标与链接类型不符',
    ],
    ['a time without a zone', { PublishedAt: '2026-12-01' }, '发布时间应为带时区的时间'],
    ["another merchant's picture", { ImageId: 999_999 }, '所选的图片不存在或已被删除'],
    ['a missing group', { GroupId: 999_999 }, '首页分组不存在或已被删除'],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, change, message) => {
    const group = await noticesGroup();
    const reply = await admin.post('/api/staff/SaveHomeItem', {
      GroupId: group.Id,
      Title: '新公告',
      Summary: '正文',
      ...change,
    });
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await noticesGroup()).Items.length).toBe(group.Items.length);
  });

  it('refuses a product the catalogue does not sell, and a group of an unknown kind', async () => {
    const group = (await groups()).find((entry) => entry.Kind === 'new_products')!;
    const reply = await admin.post('/api/staff/SaveHomeItem', {
      GroupId: group.Id,
      Title: '没有的',
      ProductId: 987_654,
    });
    expect(reply.message).toBe('商品（987654）不在当前商品目录中，请选择在售的商品');
    const kind = await admin.post('/api/staff/SaveHomeGroup', { Kind: 'banner', Title: '横幅' });
    expect(kind).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: expect.stringContaining('分组类型无效'),
    });
  });

  it("is the administrator's alone, and another merchant's groups are not found", async () => {
    const group = await noticesGroup();
    for (const [url, body] of [
      ['/api/staff/QueryHomeGroups', {}],
      ['/api/staff/SaveHomeGroup', { ...group, Title: '客服改的' }],
      ['/api/staff/DeleteHomeGroup', { Id: group.Id, Revision: group.Revision }],
      ['/api/staff/SaveHomeItem', { GroupId: group.Id, Title: '客服加的', Summary: '正文' }],
      ['/api/staff/DeleteHomeItem', { Id: group.Items[0]!.Id, Revision: group.Items[0]!.Revision }],
    ] as const) {
      expect((await service.post(url, body)).apiCode, url).toBe(ApiCode.StaffForbidden);
    }
    expect((await maple.post('/api/staff/SaveHomeGroup', { ...group, Title: '别家改的' })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    expect(
      (await maple.post('/api/staff/DeleteHomeGroup', { Id: group.Id, Revision: group.Revision })).apiCode,
    ).toBe(ApiCode.ContentNotFound);
    expect(
      (await maple.post('/api/staff/SaveHomeItem', { GroupId: group.Id, Title: '别家', Summary: 'x' }))
        .message,
    ).toContain('首页分组不存在或已被删除');
    expect(await noticesGroup()).toEqual(group);
  });
});

describe('editing the template centre from the console', () => {
  it('adds a category and a template with an uploaded file; the template centre lists it at once', async () => {
    const category = await admin.post('/api/staff/SaveTemplateCategory', {
      Title: '婚庆请柬',
      SerialNumber: 0,
    });
    expect(category.success, category.message).toBe(true);
    const upload = await multipart(
      admin,
      '/api/staff/UploadTemplateFile',
      '请柬模板.pdf',
      PDF,
      'application/pdf',
    );
    expect(upload.success, upload.message).toBe(true);
    expect(upload.data).toMatchObject({ Format: 'PDF', FileName: '请柬模板.pdf', SizeBytes: PDF.length });

    const saved = await admin.post('/api/staff/SaveTemplate', {
      CategoryId: category.data.Id,
      Title: '中式请柬',
      FinishedWidthMm: 185,
      FinishedHeightMm: 130,
      BleedMm: 3,
      ImageId: pictureId,
      Files: [{ UploadId: upload.data.UploadId }],
    });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('模板已保存');
    const listed = await templateCentre({ CategoryId: category.data.Id });
    expect(listed.List).toEqual([
      expect.objectContaining({
        Id: saved.data.Id,
        Title: '中式请柬',
        Files: [expect.objectContaining({ Format: 'PDF', FileName: '请柬模板.pdf', Url: upload.data.Url })],
      }),
    ]);
    expect(listed.Categories.find((entry) => entry.Id === category.data.Id)).toMatchObject({ Count: 1 });

    const download = await server.app.inject({
      method: 'GET',
      url: upload.data.Url,
      headers: { host: 'demo.localhost' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('请柬模板.pdf'));
    const elsewhere = await server.app.inject({
      method: 'GET',
      url: upload.data.Url,
      headers: { host: 'maple.localhost' },
    });
    expect(elsewhere.statusCode).toBe(403);

    // A category holding a template is not deleted; the template disabled leaves the site.
    const refused = await admin.post('/api/staff/DeleteTemplateCategory', {
      Id: category.data.Id,
      Revision: category.data.Revision,
    });
    expect(refused.message).toBe('分类「婚庆请柬」下还有 1 个模板，请先删除或移到其他分类');
    const off = await admin.post('/api/staff/SaveTemplate', {
      ...saved.data,
      Files: [{ Id: saved.data.Files[0].Id }],
      IsActive: false,
    });
    expect(off.success, off.message).toBe(true);
    expect(off.data.Files).toHaveLength(1);
    expect((await templateCentre({ CategoryId: category.data.Id })).TotalCount).toBe(0);
    const noted = await server.context.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call_name', '=', 'SaveTemplate')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(noted).toMatchObject({ target_type: 'template', target_label: '中式请柬' });
    expect(JSON.parse(noted.before!)).toEqual({ IsActive: true });
    expect(JSON.parse(noted.after!)).toEqual({ IsActive: false });

    const removed = await admin.post('/api/staff/DeleteTemplate', {
      Id: off.data.Id,
      Revision: off.data.Revision,
    });
    expect(removed).toMatchObject({ success: true, message: '删除成功' });
    const renamed = await admin.post('/api/staff/SaveTemplateCategory', { ...category.data, Title: '请柬' });
    expect(renamed.data).toMatchObject({ Title: '请柬', Revision: 2, TemplateCount: 0 });
    const emptied = await admin.post('/api/staff/DeleteTemplateCategory', {
      Id: category.data.Id,
      Revision: 2,
    });
    expect(emptied.success, emptied.message).toBe(true);
    expect((await templateCentre()).Categories.some((entry) => entry.Id === category.data.Id)).toBe(false);
  });

  it('refuses the second of two saves made from the same revision', async () => {
    const centre = (await admin.post('/api/staff/TemplateCentre', {})).data;
    const template = centre.Templates[0];
    const files = template.Files.map((file: { Id: number }) => ({ Id: file.Id }));
    const [a, b] = await Promise.all([
      admin.post('/api/staff/SaveTemplate', { ...template, Files: files, Title: '甲改的模板' }),
      admin.post('/api/staff/SaveTemplate', { ...template, Files: files, Title: '乙改的模板' }),
    ]);
    expect([a, b].filter((reply) => reply.success)).toHaveLength(1);
    expect([a, b].find((reply) => !reply.success)).toMatchObject({
      apiCode: ApiCode.EditConflict,
      message: '内容已被其他员工修改，请刷新后再保存',
    });
    const winner = [a, b].find((reply) => reply.success)!;
    const shown = (await templateCentre()).List.find((entry) => entry.Id === template.Id)!;
    expect(shown.Title).toBe(winner.data.Title);
    expect(shown.Files).toHaveLength(template.Files.length);

    const category = centre.Categories[0];
    const [c, d] = await Promise.all([
      admin.post('/api/staff/SaveTemplateCategory', { ...category, Title: '丙' }),
      admin.post('/api/staff/SaveTemplateCategory', { ...category, Title: '丁' }),
    ]);
    expect([c, d].filter((reply) => reply.success)).toHaveLength(1);
    expect([c, d].find((reply) => !reply.success)!.apiCode).toBe(ApiCode.EditConflict);
  });

  it.each([
    [
      'a file of another type',
      '说明.docx',
      Buffer.from('PK\u0003\u0004xx'),
      '模板文件只能是 PDF、AI、CDR 或 PSD',
    ],
    ['a PDF that is not one', '假的.pdf', Buffer.from('hello world'), '文件内容不是 PDF 格式'],
    ['an empty file', '空.psd', Buffer.alloc(0), '模板文件是空文件'],
  ])('refuses %s with a Chinese message', async (_name, fileName, bytes, message) => {
    const reply = await multipart(
      admin,
      '/api/staff/UploadTemplateFile',
      fileName,
      bytes,
      'application/octet-stream',
    );
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
  });

  it.each([
    ['no cover for a new template', { ImageId: undefined }, '请选择模板封面图'],
    ['a width of zero', { FinishedWidthMm: 0 }, '成品宽应为 1–5000 毫米'],
    ['a bleed too large', { BleedMm: 30 }, '出血应为 0–20 毫米'],
    ['a blank title', { Title: '' }, '请填写模板标题'],
    ['a missing category', { CategoryId: 999_999 }, '模板分类不存在或已被删除'],
    ['an upload that does not exist', { Files: [{ UploadId: 999_999 }] }, '上传的模板文件不存在'],
    [
      'a file naming neither',
      { Files: [{}] },
      '每个模板文件应为已有文件（Id）或新上传的文件（UploadId）之一',
    ],
    ['a product not sold', { ProductId: 987_654 }, '商品（987654）不在当前商品目录中'],
  ])('refuses %s and stores nothing', async (_name, change, message) => {
    const centre = (await admin.post('/api/staff/TemplateCentre', {})).data;
    const reply = await admin.post('/api/staff/SaveTemplate', {
      CategoryId: centre.Categories[0].Id,
      Title: '新模板',
      FinishedWidthMm: 90,
      FinishedHeightMm: 54,
      ImageId: pictureId,
      ...change,
    });
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await admin.post('/api/staff/TemplateCentre', {})).data.Templates).toHaveLength(
      centre.Templates.length,
    );
  });

  it("is the administrator's alone, and another merchant's templates are not found", async () => {
    const centre = (await admin.post('/api/staff/TemplateCentre', {})).data;
    const template = centre.Templates[0];
    const category = centre.Categories[0];
    for (const [url, body] of [
      ['/api/staff/TemplateCentre', {}],
      ['/api/staff/SaveTemplateCategory', { Title: '客服加的' }],
      ['/api/staff/DeleteTemplateCategory', { Id: category.Id, Revision: category.Revision }],
      ['/api/staff/SaveTemplate', { ...template, Files: [] }],
      ['/api/staff/DeleteTemplate', { Id: template.Id, Revision: template.Revision }],
    ] as const) {
      expect((await service.post(url, body)).apiCode, url).toBe(ApiCode.StaffForbidden);
    }
    const upload = await multipart(service, '/api/staff/UploadTemplateFile', 'a.pdf', PDF, 'application/pdf');
    expect(upload.apiCode).toBe(ApiCode.StaffForbidden);
    expect(
      (await maple.post('/api/staff/DeleteTemplate', { Id: template.Id, Revision: template.Revision }))
        .apiCode,
    ).toBe(ApiCode.ContentNotFound);
    expect(
      (await maple.post('/api/staff/SaveTemplateCategory', { ...category, Title: '别家改的' })).apiCode,
    ).toBe(ApiCode.ContentNotFound);
    expect((await admin.post('/api/staff/TemplateCentre', {})).data).toEqual(centre);
  });
});
