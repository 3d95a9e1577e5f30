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
let pictureId: number;
let pictureUrl: string;
const DAY = 24 * 3600 * 1000;

async function uploadPicture(staff: StaffClient): Promise<{ Id: number; Url: string }> {
  const file = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const boundary = `----ad${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="双十一.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/staff/UploadEditorImage',
    payload,
    headers: {
      host: staff.host,
      stafftoken: staff.token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return response.json().data;
}

const iso = (ms: number) => new Date(ms).toISOString();
const showing = async (position = 'home_carousel') =>
  (await visitor.post('/api/website/QueryAd', { Position: position })).data as Array<{
    Id: number;
    Title: string;
  }>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
  maple = await StaffClient.signIn(server, 'maple.localhost');
  visitor = new TestClient(server, 'demo.localhost');
  await visitor.start();
  ({ Id: pictureId, Url: pictureUrl } = await uploadPicture(admin));
});
afterAll(async () => server.close());

describe('editing ads from the console', () => {
  it("lists every ad of the merchant with its state by the server's clock", async () => {
    const reply = await admin.post('/api/staff/QueryAds', {});
    expect(reply.success, reply.message).toBe(true);
    const positions = new Set(reply.data.List.map((ad: { Position: string }) => ad.Position));
    expect(positions).toEqual(new Set(['home_carousel', 'home_side', 'login']));
    expect(reply.data.List[0]).toMatchObject({ IsActive: true, Status: 'showing', Revision: 1 });
    const carousel = await admin.post('/api/staff/QueryAds', { Position: 'home_carousel' });
    expect(carousel.data.List.map((ad: { Id: number }) => ad.Id)).toEqual(
      (await showing()).map((ad) => ad.Id),
    );
    const theirs = await maple.post('/api/staff/QueryAds', {});
    const ours = new Set(reply.data.List.map((ad: { Id: number }) => ad.Id));
    expect(theirs.data.List.some((ad: { Id: number }) => ours.has(ad.Id))).toBe(false);
  });

  it('adds a banner with a server picture, a link and a time window; the site shows it only inside the window', async () => {
    const now = server.context.clock.now();
    const added = await admin.post('/api/staff/SaveAd', {
      Position: 'home_carousel',
      Title: '双十一名片五折',
      ImageId: pictureId,
      Link: { Type: 'route', Target: '/template-v4' },
      SerialNumber: 0,
      StartTime: iso(now - DAY),
      EndTime: iso(now + DAY),
    });
    expect(added.success, added.message).toBe(true);
    expect(added.message).toBe('广告已保存');
    expect(added.data).toMatchObject({
      Status: 'showing',
      Image: { Url: pictureUrl, Width: 1200, Height: 400, Alt: '双十一名片五折' },
      Link: { Type: 'route', Target: '/template-v4' },
    });
    expect((await showing())[0]).toMatchObject({ Id: added.data.Id, Title: '双十一名片五折' });

    const later = await admin.post('/api/staff/SaveAd', {
      ...added.data,
      StartTime: iso(now + DAY),
      EndTime: iso(now + 2 * DAY),
    });
    expect(later.data.Status).toBe('scheduled');
    expect((await showing()).some((ad) => ad.Id === added.data.Id)).toBe(false);
    const off = await admin.post('/api/staff/SaveAd', {
      ...later.data,
      StartTime: null,
      EndTime: null,
      IsActive: false,
    });
    expect(off.data).toMatchObject({ Status: 'inactive', Image: { Url: pictureUrl } });
    expect((await showing()).some((ad) => ad.Id === added.data.Id)).toBe(false);

    const removed = await admin.post('/api/staff/DeleteAd', { Id: off.data.Id, Revision: off.data.Revision });
    expect(removed).toMatchObject({ success: true, message: '删除成功' });
    expect(
      (await admin.post('/api/staff/QueryAds', {})).data.List.some(
        (ad: { Id: number }) => ad.Id === off.data.Id,
      ),
    ).toBe(false);
  });

  it('refuses the second of two saves made from the same revision', async () => {
    const ad = (await admin.post('/api/staff/QueryAds', { Position: 'home_side' })).data.List[0];
    const [a, b] = await Promise.all([
      admin.post('/api/staff/SaveAd', { ...ad, Title: '甲改的标题' }),
      admin.post('/api/staff/SaveAd', { ...ad, Title: '乙改的标题' }),
    ]);
    expect([a, b].filter((reply) => reply.success)).toHaveLength(1);
    const refused = [a, b].find((reply) => !reply.success)!;
    expect(refused).toMatchObject({
      apiCode: ApiCode.EditConflict,
      message: '内容已被其他员工修改，请刷新后再保存',
    });
    const winner = [a, b].find((reply) => reply.success)!;
    expect((await showing('home_side')).find((entry) => entry.Id === ad.Id)!.Title).toBe(winner.data.Title);
  });

  it.each([
    ['no picture for a new ad', { ImageId: undefined }, '请选择广告图片'],
    ["another merchant's picture", { ImageId: 999_999 }, '所选的广告图片不存在或已被删除'],
    ['an unknown position', { Position: 'footer' }, '广告位置无效'],
    ['a blank title', { Title: ' ' }, '请填写广告标题'],
    [
      'a javascript: link',
      { Link: { Type: 'url', Target: 'javascript:alert(1)' } },
      '链接目标与链接类型不符',
    ],
    [
      'a route to another host',
      { Link: { Type: 'route', Target: '//evil.example' } },
      '链接目标与链接类型不符',
    ],
    [
      'a link to a missing article',
      { Link: { Type: 'help', Target: '999999' } },
      '链接的帮助文章（999999）不存在',
    ],
    [
      'an end before the start',
      { StartTime: '2026-12-02T00:00:00+08:00', EndTime: '2026-12-01T00:00:00+08:00' },
      '结束展示时间应晚于开始展示时间',
    ],
    ['a time without a zone', { StartTime: '2026-12-01' }, '开始展示时间应为带时区的时间'],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, change, message) => {
    const before = (await admin.post('/api/staff/QueryAds', {})).data.List.length;
    const reply = await admin.post('/api/staff/SaveAd', {
      Position: 'home_carousel',
      Title: '新广告',
      ImageId: pictureId,
      ...change,
    });
    expect(reply.success).toBe(false);
    expect(reply.message).toContain(message);
    expect((await admin.post('/api/staff/QueryAds', {})).data.List.length).toBe(before);
  });

  it("keeps each merchant's ads its own, and is the administrator's alone", async () => {
    const ad = (await admin.post('/api/staff/QueryAds', {})).data.List[0];
    expect((await maple.post('/api/staff/SaveAd', { ...ad, Title: '别家改的' })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    expect((await maple.post('/api/staff/DeleteAd', { Id: ad.Id, Revision: ad.Revision })).apiCode).toBe(
      ApiCode.ContentNotFound,
    );
    // Nor may a maple ad use a demo picture.
    const mapleAd = (await maple.post('/api/staff/QueryAds', {})).data.List[0];
    const borrowed = await maple.post('/api/staff/SaveAd', { ...mapleAd, ImageId: pictureId });
    expect(borrowed.message).toContain('所选的广告图片不存在或已被删除');
    const finance = await admin.hire('finance8', ['finance']);
    for (const [url, body] of [
      ['/api/staff/QueryAds', {}],
      ['/api/staff/SaveAd', { ...ad, Title: '财务改的' }],
      ['/api/staff/DeleteAd', { Id: ad.Id, Revision: ad.Revision }],
    ] as const) {
      expect((await finance.post(url, body)).apiCode, url).toBe(ApiCode.StaffForbidden);
    }
    expect((await admin.post('/api/staff/QueryAds', {})).data.List[0]).toEqual(ad);
  });
});
