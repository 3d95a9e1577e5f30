import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { Shopper, StaffClient } from '../orders/orders.test-support.ts';

let server: TestServer;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer, field = 'file', fileName = 'logo.png') {
  const boundary = `----logo${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadLogo(staff: StaffClient, file: Buffer, field = 'file') {
  const { payload, contentType } = multipart(file, field);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/staff/UploadSiteLogo',
    payload,
    headers: { host: staff.host, stafftoken: staff.token, 'content-type': contentType },
  });
  return response.json();
}

function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();
}

const logoUrlOf = async (staff: StaffClient): Promise<string | null> =>
  (await staff.post('/api/staff/SiteSettings', {})).data.LogoUrl;

async function fetchLogo(host: string, url: string) {
  return server.app.inject({ method: 'GET', url, headers: { host } });
}

describe('the merchant logo', () => {
  it('gives the demo merchants a drawn logo at seed, served on their own host only', async () => {
    const url = await logoUrlOf(admin);
    expect(url).toMatch(/^\/api\/site-logo\/[0-9a-f]{64}\.webp$/);
    const reply = await fetchLogo('demo.localhost', url!);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/webp');
    const meta = await sharp(reply.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(meta.height).toBeLessThanOrEqual(160);
    // Another merchant's host does not serve it.
    expect((await fetchLogo('maple.localhost', url!)).statusCode).toBe(403);
  });

  it('stores an upload as a WebP inside 480×160, proportions kept, and shows it to the customer site', async () => {
    const saved = await uploadLogo(admin, await picture(1200, 300));
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe('Logo 已更新');
    const url: string = saved.data.LogoUrl;
    const image = await fetchLogo('demo.localhost', url);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 120]);
    expect(meta.hasAlpha).toBe(true);

    const site = new TestClient(server, 'demo.localhost');
    await site.start();
    expect((await site.post('/api/website/GetWebConfig', {})).data.LogoUrl).toBe(url);
    const company = await site.post('/api/common/CheckDomainName', { domainName: 'demo.localhost' });
    expect(company.data.Config.LogoUrl).toBe(url);

    // A small picture is not enlarged; JPG and WebP are taken too.
    const small = await uploadLogo(admin, await picture(100, 50, 'jpeg'));
    expect(small.success, small.message).toBe(true);
    const smallMeta = await sharp(
      (await fetchLogo('demo.localhost', small.data.LogoUrl)).rawPayload,
    ).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([100, 50]);
    expect((await uploadLogo(admin, await picture(300, 300, 'webp'))).success).toBe(true);
    // The replaced logo's address no longer answers.
    expect((await fetchLogo('demo.localhost', url)).statusCode).toBe(403);
  });

  it('refuses a file over 2 MB, one that is no picture, and SVG, in Chinese, changing nothing', async () => {
    const before = await logoUrlOf(admin);
    const big = await uploadLogo(admin, Buffer.concat([await picture(10, 10), randomBytes(2 * 1024 * 1024)]));
    expect(big.success).toBe(false);
    expect(big.apiCode).toBe(ApiCode.UploadTooLarge);
    expect(big.message).toBe('Logo 图片不能超过 2 MB，请换一张较小的图片');

    const text = await uploadLogo(admin, Buffer.from('这不是图片'));
    expect(text.success).toBe(false);
    expect(text.apiCode).toBe(ApiCode.UploadTypeNotAllowed);
    expect(text.message).toContain('不是有效的 JPG、PNG 或 WebP 图片');

    const broken = await uploadLogo(admin, (await picture(200, 80)).subarray(0, 60));
    expect(broken.success).toBe(false);
    expect(broken.message).toContain('不是有效的');

    const svg = await uploadLogo(
      admin,
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    );
    expect(svg.success).toBe(false);
    expect(svg.apiCode).toBe(ApiCode.UploadTypeNotAllowed);
    expect(svg.message).toBe(
      '不支持 SVG 格式的 Logo，请导出为 PNG（可带透明背景）、JPG 或 WebP 图片后再上传',
    );

    const gif = await uploadLogo(admin, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.message).toBe('所选文件是 GIF 图片，Logo 只支持 JPG、PNG 或 WebP 图片');

    const wrongField = await uploadLogo(admin, await picture(10, 10), 'image');
    expect(wrongField.success).toBe(false);
    expect(wrongField.message).toBe('Logo 图片请放在字段 file 中，而不是 image');

    expect(await logoUrlOf(admin)).toBe(before);
  });

  it('lets only an administrator change it, and only for their own merchant', async () => {
    const before = await logoUrlOf(admin);
    const reviewer = await StaffClient.signIn(server, 'demo.localhost', 'reviewer', 'DemoStaff2026');
    const denied = await uploadLogo(reviewer, await picture(200, 80));
    expect(denied.success).toBe(false);
    expect(denied.apiCode).toBe(ApiCode.StaffForbidden);
    expect((await reviewer.post('/api/staff/RemoveSiteLogo', {})).apiCode).toBe(ApiCode.StaffForbidden);
    expect(await logoUrlOf(admin)).toBe(before);

    const anonymous = new StaffClient(server, 'demo.localhost');
    expect((await uploadLogo(anonymous, await picture(200, 80))).apiCode).toBe(ApiCode.StaffLoginRequired);

    // demo's staff token on maple's host is no staff member of maple.
    const borrowed = new StaffClient(server, 'maple.localhost');
    borrowed.token = admin.token;
    expect((await uploadLogo(borrowed, await picture(200, 80))).success).toBe(false);

    const maple = await StaffClient.signIn(server, 'maple.localhost');
    const mapleBefore = await logoUrlOf(maple);
    const changed = await uploadLogo(maple, await picture(400, 100));
    expect(changed.success, changed.message).toBe(true);
    expect(changed.data.LogoUrl).not.toBe(mapleBefore);
    expect(await logoUrlOf(admin)).toBe(before);
    // Each host serves only its own merchant's logo.
    expect((await fetchLogo('demo.localhost', changed.data.LogoUrl)).statusCode).toBe(403);
    expect((await fetchLogo('maple.localhost', changed.data.LogoUrl)).statusCode).toBe(200);
  });

  it('prints the logo at the top of a sheet, and the text mark again once it is removed', async () => {
    const shopper = await Shopper.demo(server);
    const printBill = () =>
      shopper.client.request({
        method: 'POST',
        url: '/api/v1/post_print_html',
        payload: { bizcontent: { PrintType: 'bill_statement' } },
      });
    const url = await logoUrlOf(admin);
    const withLogo = await printBill();
    expect(withLogo.statusCode, withLogo.body.slice(0, 300)).toBe(200);
    expect(String(withLogo.headers['content-security-policy'])).toContain("img-src 'self'");
    expect(withLogo.body).toContain(`<img class="logo" src="${url}" alt="" />`);
    expect(withLogo.body).toContain('<strong>墨砚快印');

    const removed = await admin.post('/api/staff/RemoveSiteLogo', {});
    expect(removed.success, removed.message).toBe(true);
    expect(removed.data.LogoUrl).toBeNull();
    expect((await fetchLogo('demo.localhost', url!)).statusCode).toBe(403);
    const without = await printBill();
    expect(without.body).not.toContain('<img class="logo"');
    expect(without.body).toContain('<div class="mark" aria-hidden="true">墨</div>');
    const site = new TestClient(server, 'demo.localhost');
    await site.start();
    expect((await site.post('/api/website/GetWebConfig', {})).data.LogoUrl).toBeNull();
  });
});
