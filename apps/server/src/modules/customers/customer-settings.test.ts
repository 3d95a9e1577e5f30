import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, NOTIFICATION_KINDS } from '@inkstone/contracts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { TestClient, startTestServer, type Envelope, type TestServer } from '../../test/harness.ts';
import { wantsNotification } from './index.ts';

const [demo, maple] = DEMO_ACCOUNTS;
const AVATAR_URL = /^\/api\/avatars\/[0-9a-f]{64}\.webp$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

let lastIp = 0;
async function clientOf(host: 'demo.localhost' | 'maple.localhost'): Promise<TestClient> {
  lastIp += 1;
  const client = new TestClient(server, host, `198.51.100.${lastIp}`);
  await client.start();
  return client;
}

async function signedIn(account: {
  merchant: string;
  account: string;
  password: string;
}): Promise<TestClient> {
  const client = await clientOf(`${account.merchant}.localhost` as 'demo.localhost');
  expect((await client.login(account.account, account.password)).success).toBe(true);
  return client;
}

let lastMobile = 0;
/** A newly registered customer of the demo merchant, signed in. */
async function freshCustomer(): Promise<TestClient> {
  lastMobile += 1;
  const mobileNo = `135000000${String(lastMobile).padStart(2, '0')}`;
  const client = await clientOf('demo.localhost');
  expect((await client.register(mobileNo)).success).toBe(true);
  expect((await client.login(mobileNo, 'Print2026')).success).toBe(true);
  return client;
}

/** A picture of `width`×`height` in three vertical bands: red, green, blue. */
async function bandedPicture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const band = Math.round(width / 3);
  const rect = (x: number, w: number, colour: string) =>
    `<rect x="${x}" y="0" width="${w}" height="${height}" fill="${colour}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect(0, band, '#f00')}${rect(band, width - 2 * band, '#0f0')}${rect(width - band, band, '#00f')}</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A plain picture of one colour. */
function plainPicture(colour: { r: number; g: number; b: number }, size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A multipart body with one file part (named `field`), as a browser's FormData sends it. */
function multipart(file: Buffer | null, field = 'file', fileName = 'avatar.png') {
  const boundary = `----avatar${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadAvatar(client: TestClient, file: Buffer | null, field = 'file'): Promise<Envelope> {
  const { payload, contentType } = multipart(file, field);
  const response = await client.request({
    method: 'POST',
    url: '/api/cust/UploadAvatar',
    payload,
    headers: { 'content-type': contentType },
  });
  return response.json();
}

async function fetchAvatar(client: TestClient, url: string) {
  return client.request({ method: 'GET', url });
}

/** What is stored of avatars: the pictures and which customer shows which. */
async function storedAvatars() {
  const pictures = await server.context.db
    .selectFrom('customer_avatars')
    .select(['merchant_id', 'sha256'])
    .orderBy('merchant_id')
    .orderBy('sha256')
    .execute();
  const shown = await server.context.db
    .selectFrom('customers')
    .select(['id', 'avatar_sha256'])
    .where('avatar_sha256', 'is not', null)
    .orderBy('id')
    .execute();
  return { pictures, shown };
}

/** Every stored picture is shown by a customer of its merchant, and every shown one is stored. */
async function expectNoOrphans(): Promise<void> {
  const rows = await server.context.db
    .selectFrom('customers as c')
    .leftJoin('customer_avatars as a', (join) =>
      join.onRef('a.merchant_id', '=', 'c.merchant_id').onRef('a.sha256', '=', 'c.avatar_sha256'),
    )
    .select(['c.id', 'a.sha256'])
    .where('c.avatar_sha256', 'is not', null)
    .execute();
  expect(rows.filter((row) => row.sha256 === null)).toEqual([]);
  const { pictures } = await storedAvatars();
  const shown = await server.context.db
    .selectFrom('customers')
    .select(['merchant_id', 'avatar_sha256'])
    .where('avatar_sha256', 'is not', null)
    .execute();
  const shownKeys = new Set(shown.map((row) => `${row.merchant_id}:${row.avatar_sha256}`));
  expect(pictures.filter((picture) => !shownKeys.has(`${picture.merchant_id}:${picture.sha256}`))).toEqual(
    [],
  );
}

describe('avatar', () => {
  it('centre-crops an upload to a 256×256 WebP, served on the merchant’s host and named in the profile', async () => {
    const client = await freshCustomer();
    const uploaded = await uploadAvatar(client, await bandedPicture(900, 300));
    expect(uploaded).toMatchObject({ success: true, message: '头像已更新' });
    const url = uploaded.data.Avatar as string;
    expect(url).toMatch(AVATAR_URL);

    const picture = await fetchAvatar(client, url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    const image = sharp(picture.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // The middle band (green) fills the square: the left and right thirds were cut away.
    const { data } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const x of [2, 128, 253]) {
      const [r, g, b] = [...data.subarray((128 * 256 + x) * 3, (128 * 256 + x) * 3 + 3)];
      expect(g, `pixel ${x}`).toBeGreaterThan(200);
      expect(r! + b!, `pixel ${x}`).toBeLessThan(60);
    }

    // The same session sees it at once, in LoginUserInfo and in info.
    expect((await client.get('/api/oauth/LoginUserInfo')).data.Avatar).toBe(url);
    expect((await client.post('/api/cust/info', {})).data.Avatar).toBe(url);
    // The address needs no headers (an <img> sends none).
    const anonymous = await clientOf('demo.localhost');
    expect((await anonymous.request({ method: 'GET', url, headers: {} })).statusCode).toBe(200);
  });

  it.each(['jpeg', 'webp'] as const)('accepts a %s picture', async (format) => {
    const client = await freshCustomer();
    const uploaded = await uploadAvatar(client, await bandedPicture(300, 500, format));
    expect(uploaded.success, uploaded.message).toBe(true);
    const picture = await fetchAvatar(client, uploaded.data.Avatar);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
  });

  it('replaces the previous picture and deletes it; removing leaves none', async () => {
    const client = await freshCustomer();
    const first = (await uploadAvatar(client, await plainPicture({ r: 200, g: 10, b: 10 }))).data.Avatar;
    const second = (await uploadAvatar(client, await plainPicture({ r: 10, g: 10, b: 200 }))).data.Avatar;
    expect(second).toMatch(AVATAR_URL);
    expect(second).not.toBe(first);
    expect((await fetchAvatar(client, first)).statusCode).toBe(403);
    expect((await fetchAvatar(client, second)).statusCode).toBe(200);

    const removed = await client.post('/api/cust/DeleteAvatar', {});
    expect(removed).toMatchObject({ success: true, message: '头像已移除', data: { Avatar: null } });
    expect((await fetchAvatar(client, second)).statusCode).toBe(403);
    expect((await client.get('/api/oauth/LoginUserInfo')).data.Avatar).toBeNull();
    // Removing again is no error.
    expect((await client.post('/api/cust/DeleteAvatar', {})).success).toBe(true);
    await expectNoOrphans();
  });

  it('keeps a picture two customers chose until neither shows it', async () => {
    const picture = await plainPicture({ r: 30, g: 160, b: 90 });
    const [one, two] = [await freshCustomer(), await freshCustomer()];
    const url = (await uploadAvatar(one, picture)).data.Avatar;
    expect((await uploadAvatar(two, picture)).data.Avatar).toBe(url);
    await one.post('/api/cust/DeleteAvatar', {});
    expect((await fetchAvatar(two, url)).statusCode).toBe(200);
    await two.post('/api/cust/DeleteAvatar', {});
    expect((await fetchAvatar(two, url)).statusCode).toBe(403);
  });

  it.each([
    [
      'a text file named .png',
      Buffer.from('这不是图片，只是一段文字。'),
      '所选文件不是有效的 JPG、PNG 或 WebP 图片',
    ],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      '所选文件是 GIF 图片，头像只支持 JPG、PNG 或 WebP 图片',
    ],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), '所选文件是 SVG 图片'],
    [
      'a PNG signature with nothing behind it',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      '所选文件不是有效的',
    ],
    ['an empty file', Buffer.alloc(0), '头像图片是空文件'],
  ])('refuses %s with a Chinese message and changes nothing', async (_name, file, message) => {
    const client = await signedIn(demo);
    expect((await uploadAvatar(client, await plainPicture({ r: 1, g: 2, b: 3 }))).success).toBe(true);
    const before = await storedAvatars();
    const refused = await uploadAvatar(client, file);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain(message);
    expect(refused.data).toBeNull();
    expect(await storedAvatars()).toEqual(before);
  });

  it('refuses a truncated picture', async () => {
    const client = await freshCustomer();
    const whole = await bandedPicture(600, 600, 'png');
    const refused = await uploadAvatar(client, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.UploadTypeNotAllowed });
    expect(refused.message).toContain('文件已损坏或不是图片');
    expect((await client.get('/api/oauth/LoginUserInfo')).data.Avatar).toBeNull();
  });

  it('refuses a file over 5 MB, a request without the file, and a JSON body', async () => {
    const client = await freshCustomer();
    const before = await storedAvatars();
    const big = Buffer.concat([await plainPicture({ r: 0, g: 0, b: 0 }), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await uploadAvatar(client, big)).toMatchObject({
      success: false,
      apiCode: ApiCode.UploadTooLarge,
      message: '头像图片不能超过 5 MB，请换一张较小的图片',
    });
    expect(await uploadAvatar(client, null)).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请选择头像图片（字段 file）',
    });
    const misnamed = await uploadAvatar(client, await plainPicture({ r: 0, g: 0, b: 0 }), 'picture');
    expect(misnamed.message).toBe('头像图片请放在字段 file 中，而不是 picture');
    const json = await client.post('/api/cust/UploadAvatar', {});
    expect(json).toMatchObject({ success: false, apiCode: ApiCode.UnsupportedMediaType });
    expect(json.message).toContain('multipart/form-data');
    expect(await storedAvatars()).toEqual(before);
  });

  it('needs a signed-in customer', async () => {
    const client = await clientOf('demo.localhost');
    const before = await storedAvatars();
    expect((await uploadAvatar(client, await plainPicture({ r: 9, g: 9, b: 9 }))).apiCode).toBe(
      ApiCode.LoginRequired,
    );
    expect((await client.post('/api/cust/DeleteAvatar', {})).apiCode).toBe(ApiCode.LoginRequired);
    expect((await client.post('/api/cust/UpdateCustomerInfo', { NickName: '路人' })).apiCode).toBe(
      ApiCode.LoginRequired,
    );
    expect(await storedAvatars()).toEqual(before);
  });

  it('keeps merchants apart: a picture is served on its own merchant’s host only', async () => {
    const demoClient = await signedIn(demo);
    const url = (await uploadAvatar(demoClient, await plainPicture({ r: 250, g: 200, b: 0 }))).data.Avatar;
    const mapleClient = await signedIn(maple);
    expect((await fetchAvatar(mapleClient, url)).statusCode).toBe(403);
    expect((await mapleClient.get('/api/oauth/LoginUserInfo')).data.Avatar).toBeNull();

    // Removing maple's avatar, or the same picture uploaded at maple, leaves demo's alone.
    const mapleUrl = (await uploadAvatar(mapleClient, await plainPicture({ r: 250, g: 200, b: 0 }))).data
      .Avatar;
    expect(mapleUrl).toBe(url);
    await mapleClient.post('/api/cust/DeleteAvatar', {});
    expect((await fetchAvatar(demoClient, url)).statusCode).toBe(200);
    expect((await demoClient.get('/api/oauth/LoginUserInfo')).data.Avatar).toBe(url);

    // Demo's session is no session at maple.
    const stolen = await clientOf('maple.localhost');
    stolen.accesstoken = demoClient.accesstoken;
    expect((await stolen.post('/api/cust/DeleteAvatar', {})).apiCode).toBe(ApiCode.LoginRevoked);
    expect((await fetchAvatar(demoClient, url)).statusCode).toBe(200);
  });

  it('leaves one consistent avatar after parallel uploads and removals', async () => {
    const client = await freshCustomer();
    const pictures = await Promise.all(
      Array.from({ length: 6 }, (_, index) => plainPicture({ r: 40 * index, g: 100, b: 200 - 30 * index })),
    );
    const results = await Promise.all([
      ...pictures.map((picture) => uploadAvatar(client, picture)),
      client.post('/api/cust/DeleteAvatar', {}),
    ]);
    for (const result of results) expect(result.success, result.message).toBe(true);
    const final = (await client.get('/api/oauth/LoginUserInfo')).data.Avatar as string | null;
    if (final) expect((await fetchAvatar(client, final)).statusCode).toBe(200);
    await expectNoOrphans();
  });
});

describe('nickname', () => {
  it('changes the nickname, seen at once by the session', async () => {
    const client = await freshCustomer();
    const saved = await client.post('/api/cust/UpdateCustomerInfo', { NickName: '  印刷小李  ' });
    expect(saved).toMatchObject({ success: true, message: '个人资料已保存', data: { NickName: '印刷小李' } });
    expect((await client.get('/api/oauth/LoginUserInfo')).data.NickName).toBe('印刷小李');
    expect((await client.post('/api/cust/info', {})).data.NickName).toBe('印刷小李');
  });

  it.each([
    ['', '请输入昵称'],
    ['   ', '请输入昵称'],
    ['字'.repeat(33), '昵称不能超过32个字'],
    ['第一行\n第二行', '昵称不能换行'],
    ['管理\u202e员', '昵称包含不可见的文字方向控制符（U+202E）'],
  ])('refuses %j with “%s”', async (nickName, message) => {
    const client = await freshCustomer();
    const before = (await client.post('/api/cust/info', {})).data.NickName;
    const refused = await client.post('/api/cust/UpdateCustomerInfo', { NickName: nickName });
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain(message);
    expect((await client.post('/api/cust/info', {})).data.NickName).toBe(before);
  });
});

describe('notification settings', () => {
  const defaults = NOTIFICATION_KINDS.map((entry) => ({
    Kind: entry.kind,
    Name: entry.name,
    Sms: entry.sms,
    Site: entry.site,
  }));

  it('starts at the defaults and keeps what is saved, kinds left out unchanged', async () => {
    const client = await freshCustomer();
    expect((await client.post('/api/cust/QueryNotificationSettings', {})).data).toEqual({ Items: defaults });

    const saved = await client.post('/api/cust/SaveNotificationSettings', {
      Items: [
        { Kind: 'coupon_expiring', Sms: true, Site: false },
        { Kind: 'order_paid', Sms: false, Site: true },
      ],
    });
    expect(saved).toMatchObject({ success: true, message: '通知设置已保存' });
    const expected = defaults.map((item) =>
      item.Kind === 'coupon_expiring'
        ? { ...item, Sms: true, Site: false }
        : item.Kind === 'order_paid'
          ? { ...item, Sms: false }
          : item,
    );
    expect(saved.data).toEqual({ Items: expected });
    expect((await client.post('/api/cust/QueryNotificationSettings', {})).data).toEqual({ Items: expected });
  });

  it('answers wantsNotification from the saved choice, or the default', async () => {
    const client = await freshCustomer();
    const info = await client.post('/api/cust/info', {});
    const merchant = await server.context.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const owner = { merchantId: merchant.id, customerId: info.data.CustomerId as number };
    expect(await wantsNotification(server.context, owner, 'order_shipped', 'sms')).toBe(true);
    expect(await wantsNotification(server.context, owner, 'coupon_expiring', 'sms')).toBe(false);
    await client.post('/api/cust/SaveNotificationSettings', {
      Items: [{ Kind: 'order_shipped', Sms: false, Site: true }],
    });
    expect(await wantsNotification(server.context, owner, 'order_shipped', 'sms')).toBe(false);
    expect(await wantsNotification(server.context, owner, 'order_shipped', 'site')).toBe(true);
    // Another merchant's id with the same customer finds no choice: the default again.
    expect(
      await wantsNotification(
        server.context,
        { ...owner, merchantId: owner.merchantId + 1 },
        'order_shipped',
        'sms',
      ),
    ).toBe(true);
  });

  it.each([
    [{ Items: [{ Kind: 'newsletter', Sms: true, Site: true }] }, '消息类型无效'],
    [
      {
        Items: [
          { Kind: 'order_paid', Sms: true, Site: true },
          { Kind: 'order_paid', Sms: false, Site: true },
        ],
      },
      '通知设置中「订单付款成功」重复出现',
    ],
    [{ Items: [{ Kind: 'order_paid', Sms: 'yes', Site: true }] }, '短信通知须为 true 或 false'],
    [{ Items: [] }, '请至少提供一项通知设置'],
    [{}, '请提供通知设置（Items）'],
  ])('refuses %j and saves nothing', async (body, message) => {
    const client = await freshCustomer();
    const refused = await client.post('/api/cust/SaveNotificationSettings', body);
    expect(refused).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(refused.message).toContain(message);
    expect((await client.post('/api/cust/QueryNotificationSettings', {})).data).toEqual({ Items: defaults });
  });

  it('needs a signed-in customer', async () => {
    const client = await clientOf('demo.localhost');
    expect((await client.post('/api/cust/QueryNotificationSettings', {})).apiCode).toBe(
      ApiCode.LoginRequired,
    );
    const save = await client.post('/api/cust/SaveNotificationSettings', {
      Items: [{ Kind: 'order_paid', Sms: false, Site: false }],
    });
    expect(save.apiCode).toBe(ApiCode.LoginRequired);
  });

  it('keeps merchants apart: maple’s customer changes only their own settings', async () => {
    const demoClient = await signedIn(demo);
    const mapleClient = await signedIn(maple);
    const demoBefore = (await demoClient.post('/api/cust/QueryNotificationSettings', {})).data;
    const allOff = NOTIFICATION_KINDS.map((entry) => ({ Kind: entry.kind, Sms: false, Site: false }));
    expect((await mapleClient.post('/api/cust/SaveNotificationSettings', { Items: allOff })).success).toBe(
      true,
    );
    expect((await demoClient.post('/api/cust/QueryNotificationSettings', {})).data).toEqual(demoBefore);
    const mapleItems = (await mapleClient.post('/api/cust/QueryNotificationSettings', {})).data.Items;
    expect(mapleItems.every((item: { Sms: boolean; Site: boolean }) => !item.Sms && !item.Site)).toBe(true);
  });

  it('leaves all of one save after parallel saves, never a mix', async () => {
    const client = await freshCustomer();
    const saves = Array.from({ length: 12 }, (_, index) =>
      NOTIFICATION_KINDS.map((entry) => ({ Kind: entry.kind, Sms: index % 2 === 0, Site: index % 3 === 0 })),
    );
    // Each save lists the kinds in another order.
    const results = await Promise.all(
      saves.map((items, index) =>
        client.post('/api/cust/SaveNotificationSettings', {
          Items: index % 2 ? [...items].reverse() : items,
        }),
      ),
    );
    for (const result of results) expect(result.success, result.message).toBe(true);
    const final = (await client.post('/api/cust/QueryNotificationSettings', {})).data.Items as {
      Sms: boolean;
      Site: boolean;
    }[];
    const first = final[0]!;
    expect(final.every((item) => item.Sms === first.Sms && item.Site === first.Site)).toBe(true);
    const rows = await server.context.db
      .selectFrom('customer_notification_preferences')
      .select('kind')
      .where('customer_id', '=', (await client.post('/api/cust/info', {})).data.CustomerId)
      .execute();
    expect(rows).toHaveLength(NOTIFICATION_KINDS.length);
  });
});
