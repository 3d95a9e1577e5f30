import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, UploadType } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { randomContent, TestUploader } from './uploads.test-support.ts';

let server: TestServer;
let uploadDir: string;
let demo: TestUploader;
let maple: TestUploader;
let neighbour: TestUploader;

const MM = 72 / 25.4;

/** A PDF with pages of these sizes in mm, optionally with a trim box inset by `trimInsetMm`. */
async function makePdf(pages: Array<[number, number]>, trimInsetMm?: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (const [width, height] of pages) {
    const page = document.addPage([width * MM, height * MM]);
    if (trimInsetMm !== undefined) {
      const inset = trimInsetMm * MM;
      page.setTrimBox(inset, inset, width * MM - 2 * inset, height * MM - 2 * inset);
    }
  }
  return Buffer.from(await document.save());
}

function makeImage(width: number, height: number, format: 'png' | 'cmyk-jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } } });
  return format === 'png' ? image.png().toBuffer() : image.toColourspace('cmyk').jpeg().toBuffer();
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-files-'));
  // No PDF renderer here (PDFs get typed icons); pdf-thumbnails.test.ts renders them.
  server = await startTestServer({
    UPLOAD_DIR: uploadDir,
    PDF_THUMBNAIL_PDFJS: false,
    PDF_THUMBNAIL_COMMAND: '',
  });
  demo = await TestUploader.demo(server);
  maple = await TestUploader.maple(server);
  neighbour = await TestUploader.newDemoCustomer(server, '13700137101', '203.0.113.81');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('the file library (get_service_files, post_service_file_delete)', () => {
  it('lists the customer’s own files newest first in the spec §3 pager, 10 to a page by default', async () => {
    const customer = await TestUploader.newDemoCustomer(server, '13700137102', '203.0.113.82');
    const ids: number[] = [];
    for (let index = 0; index < 12; index++) {
      ids.push((await customer.upload(randomContent(100 + index), `file-${index}.pdf`)).data.File.Id);
    }
    const first = await customer.get('/api/v1/get_service_files');
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ PageIndex: 1, Limit: 10, PageCount: 2, TotalCount: 12 });
    expect(first.data.Attach).toEqual({ SumAmount: 0, TotalSize: 12 * 100 + 66 });
    expect(first.data.List.map((file: { Id: number }) => file.Id)).toEqual(ids.slice(2).reverse());
    expect(Object.keys(first.data.List[0])).toEqual(
      expect.arrayContaining(['Id', 'Thumbnail', 'OrgFileName', 'SavePath', 'FilePath']),
    );
    const second = await customer.get('/api/v1/get_service_files', { pageindex: '2', limit: '10' });
    expect(second.data.List.map((file: { Id: number }) => file.Id)).toEqual(ids.slice(0, 2).reverse());
    const found = await customer.get('/api/v1/get_service_files', { Keyword: 'FILE-1' });
    expect(found.data.TotalCount).toBe(3);
  });

  it('deletes the customer’s files with 删除成功 and keeps them out of the list', async () => {
    const a = await demo.upload(randomContent(300), 'del-a.pdf');
    const b = await demo.upload(randomContent(301), 'del-b.pdf');
    const result = await demo.call('/api/v1/post_service_file_delete', {
      ids: `${a.data.File.Id},${b.data.File.Id}`,
    });
    expect(result).toMatchObject({ success: true, message: '删除成功', data: { Deleted: 2 } });
    const list = await demo.get('/api/v1/get_service_files', { limit: '1000' });
    const ids = list.data.List.map((file: { Id: number }) => file.Id);
    expect(ids).not.toContain(a.data.File.Id);
    expect((await demo.raw(a.data.FilePath)).statusCode).toBe(404);
  });

  it('refuses to delete another customer’s file, and deletes nothing of a mixed request', async () => {
    const mine = await demo.upload(randomContent(400), 'mine.pdf');
    const theirs = await neighbour.upload(randomContent(401), 'theirs.pdf');
    const attempt = await demo.call('/api/v1/post_service_file_delete', {
      ids: [mine.data.File.Id, theirs.data.File.Id],
    });
    expect(attempt).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    const other = await maple.call('/api/v1/post_service_file_delete', { ids: [theirs.data.File.Id] });
    expect(other.apiCode).toBe(ApiCode.FileNotFound);
    const neighbourList = await neighbour.get('/api/v1/get_service_files');
    expect(neighbourList.data.List.map((file: { Id: number }) => file.Id)).toContain(theirs.data.File.Id);
    const mapleList = await maple.get('/api/v1/get_service_files', { limit: '1000' });
    expect(mapleList.data.TotalCount).toBe(0);
    const demoList = await demo.get('/api/v1/get_service_files', { limit: '1000' });
    expect(demoList.data.List.map((file: { Id: number }) => file.Id)).toContain(mine.data.File.Id);
    expect(demoList.data.List.map((file: { Id: number }) => file.Id)).not.toContain(theirs.data.File.Id);
  });

  it('names a bad ids field in Chinese', async () => {
    const empty = await demo.call('/api/v1/post_service_file_delete', { ids: [] });
    expect(empty).toMatchObject({
      success: false,
      apiCode: ApiCode.ValidationFailed,
      message: '请选择要删除的文件编号',
    });
  });
});

describe('downloads: the owner, or a signed link', () => {
  it('lets the owner download by id with headers, with byte ranges', async () => {
    const content = randomContent(5000);
    const uploaded = await demo.upload(content, '样稿.pdf');
    const id = String(uploaded.data.File.Id);
    const whole = await demo.raw(`/api/v1/get_service_file_download?id=${id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toContain("filename*=UTF-8''%E6%A0%B7%E7%A8%BF.pdf");
    const part = await demo.raw(`/api/v1/get_service_file_download?id=${id}`, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload.equals(content.subarray(100, 200))).toBe(true);
    const tail = await demo.raw(`/api/v1/get_service_file_download?id=${id}`, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(content.subarray(4990))).toBe(true);
    const bad = await demo.raw(`/api/v1/get_service_file_download?id=${id}`, { range: 'bytes=6000-' });
    expect(bad.statusCode).toBe(416);
  });

  it('refuses another customer and another merchant, as if the file did not exist', async () => {
    const uploaded = await demo.upload(randomContent(700), 'secret.pdf');
    const id = String(uploaded.data.File.Id);
    const neighbourTry = await neighbour.raw(`/api/v1/get_service_file_download?id=${id}`);
    expect(neighbourTry.statusCode).toBe(404);
    expect(neighbourTry.json()).toMatchObject({ success: false, apiCode: ApiCode.FileNotFound });
    expect((await maple.raw(`/api/v1/get_service_file_download?id=${id}`)).statusCode).toBe(404);
    const preflight = await neighbour.get('/api/v1/get_service_file_preflight', { id });
    expect(preflight.apiCode).toBe(ApiCode.FileNotFound);
  });

  it('serves a signed link without headers until it expires, on the merchant’s hosts only', async () => {
    const content = randomContent(900);
    const uploaded = await demo.upload(content, 'link.pdf');
    const link: string = uploaded.data.FilePath;
    expect(link).toMatch(/^\/api\/files\/\d+\/link\.pdf\?expires=\d+&sign=[\w-]+$/);
    const plain = await server.app.inject({ method: 'GET', url: link, headers: { host: 'demo.localhost' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(content)).toBe(true);

    const elsewhere = await server.app.inject({
      method: 'GET',
      url: link,
      headers: { host: 'maple.localhost' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ success: false, apiCode: ApiCode.FileLinkInvalid });
    const forged = link.replace(/sign=[\w-]+/, 'sign=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(
      (await server.app.inject({ method: 'GET', url: forged, headers: { host: 'demo.localhost' } }))
        .statusCode,
    ).toBe(403);
    const otherFile = link.replace(/\/api\/files\/\d+\//, `/api/files/${uploaded.data.File.Id + 1}/`);
    expect(
      (await server.app.inject({ method: 'GET', url: otherFile, headers: { host: 'demo.localhost' } }))
        .statusCode,
    ).toBe(403);

    server.clock.advance(2 * server.context.config.FILE_LINK_TTL_SECONDS * 1000 + 1000);
    const expired = await server.app.inject({
      method: 'GET',
      url: link,
      headers: { host: 'demo.localhost' },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('文件链接已失效，请刷新后重试');
    await demo.signInAgain();
    const fresh = await demo.get('/api/v1/get_service_files', { limit: '1000' });
    const renewed = fresh.data.List.find(
      (file: { Id: number }) => file.Id === uploaded.data.File.Id,
    ).FilePath;
    expect(
      (await server.app.inject({ method: 'GET', url: renewed, headers: { host: 'demo.localhost' } }))
        .statusCode,
    ).toBe(200);
  });

  it('serves a signed link on the merchant’s ReaderPreviewDomain', async () => {
    await server.context.db
      .updateTable('merchants')
      .set({ reader_preview_domain: 'https://preview.demo-print.test' })
      .where('code', '=', 'demo')
      .execute();
    const uploaded = await demo.upload(randomContent(333), 'preview.pdf');
    const onPreview = await server.app.inject({
      method: 'GET',
      url: uploaded.data.FilePath,
      headers: { host: 'preview.demo-print.test' },
    });
    expect(onPreview.statusCode).toBe(200);
    const stranger = await server.app.inject({
      method: 'GET',
      url: uploaded.data.FilePath,
      headers: { host: 'preview.someone-else.test' },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('gives editor images links that do not expire', async () => {
    const image = await makeImage(40, 30, 'png');
    const uploaded = await demo.upload(image, 'inline.png', UploadType.Editor);
    expect(uploaded.data.FilePath).toContain('expires=0&');
    server.clock.advance(400 * 86_400_000);
    await demo.signInAgain();
    const later = await server.app.inject({
      method: 'GET',
      url: uploaded.data.FilePath,
      headers: { host: 'demo.localhost' },
    });
    expect(later.statusCode).toBe(200);
    expect(later.headers['content-disposition']).toMatch(/^inline;/);
  });
});

describe('thumbnails', () => {
  it('makes a WebP preview of an image in the background', async () => {
    const uploaded = await demo.upload(await makeImage(1200, 800, 'png'), 'banner.png');
    expect(uploaded.data.File.ThumbnailStatus).toBe('pending');
    const { file, response } = await demo.thumbnailOf(uploaded.data.File.Id);
    expect(file.ThumbnailStatus).toBe('preview');
    expect(file.Facts).toMatchObject({ Kind: 'image', PixelWidth: 1200, PixelHeight: 800, ColorMode: 'RGB' });
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 267]);
  });

  it('gives a PDF a typed icon with its pages and size when no renderer is enabled', async () => {
    const uploaded = await demo.upload(
      await makePdf([
        [216, 303],
        [216, 303],
      ]),
      'brochure.pdf',
    );
    const { file, response } = await demo.thumbnailOf(uploaded.data.File.Id);
    expect(file.ThumbnailStatus).toBe('icon');
    expect(file.Facts).toMatchObject({ Kind: 'pdf', PageCount: 2, PageWidthMm: 216, PageHeightMm: 303 });
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toContain('>PDF<');
    expect(response.body).toContain('2 页 · 216×303 mm');
  });

  it('gives a file type without a preview its typed icon', async () => {
    const uploaded = await demo.upload(randomContent(2048), 'artwork.cdr');
    const { file, response } = await demo.thumbnailOf(uploaded.data.File.Id);
    expect(file.ThumbnailStatus).toBe('icon');
    expect(file.Facts).toMatchObject({ Kind: 'other' });
    expect(response.body).toContain('>CDR<');
    expect(response.body).toContain('2 KB');
  });
});

describe('preflight (get_service_file_preflight)', () => {
  async function preflight(content: Buffer, name: string, size?: { width: number; height: number }) {
    const uploaded = await demo.upload(content, name);
    return demo.get('/api/v1/get_service_file_preflight', {
      id: String(uploaded.data.File.Id),
      ...(size ? { width: String(size.width), height: String(size.height) } : {}),
    });
  }

  it('passes an A4 PDF with 3 mm bleed and says why', async () => {
    const result = await preflight(await makePdf([[216, 303]]), 'a4-bleed.pdf', { width: 210, height: 297 });
    expect(result.data).toMatchObject({ Kind: 'pdf', Level: 'ok', Summary: '符合印刷要求' });
    expect(result.data.Pdf).toMatchObject({
      PageCount: 1,
      Pages: [{ WidthMm: 216, HeightMm: 303, Box: 'MediaBox' }],
    });
    expect(result.data.Checks).toContainEqual({
      Code: 'pdf.size-match',
      Level: 'ok',
      Message: '页面 216×303 mm = 成品 210×297 mm + 四边各 3 mm 出血',
    });
  });

  it('warns about an A4 PDF without bleed and refuses a wrong size', async () => {
    const noBleed = await preflight(await makePdf([[210, 297]]), 'a4.pdf', { width: 210, height: 297 });
    expect(noBleed.data.Level).toBe('warning');
    expect(noBleed.data.Summary).toContain('未留出血');
    const wrong = await preflight(await makePdf([[148, 210]]), 'a5.pdf', { width: 210, height: 297 });
    expect(wrong.data.Level).toBe('error');
    expect(wrong.data.Summary).toContain('页面尺寸 148×210 mm 与成品尺寸不符');
  });

  it('reads the trim box and measures the bleed around it', async () => {
    const result = await preflight(await makePdf([[216, 303]], 3), 'trimmed.pdf', {
      width: 210,
      height: 297,
    });
    expect(result.data.Level).toBe('ok');
    expect(result.data.Pdf.Pages[0]).toMatchObject({
      Box: 'TrimBox',
      WidthMm: 210,
      HeightMm: 297,
      BleedMm: 3,
    });
  });

  it('reports an image’s print resolution and colour mode for the finished size', async () => {
    const sharpEnough = await preflight(await makeImage(1300, 1300, 'cmyk-jpeg'), 'cmyk.jpg', {
      width: 100,
      height: 100,
    });
    expect(sharpEnough.data).toMatchObject({ Kind: 'image', Level: 'ok' });
    expect(sharpEnough.data.Image).toMatchObject({ WidthPx: 1300, ColorMode: 'CMYK', EffectiveDpi: 311 });
    const soft = await preflight(await makeImage(1000, 1000, 'png'), 'soft.png', { width: 100, height: 100 });
    expect(soft.data.Level).toBe('warning');
    expect(soft.data.Checks.find((check: { Code: string }) => check.Code === 'image.dpi').Level).toBe(
      'warning',
    );
    expect(
      soft.data.Checks.find((check: { Code: string }) => check.Code === 'image.color-mode').Message,
    ).toContain('RGB');
    const blurred = await preflight(await makeImage(500, 500, 'png'), 'tiny.png', {
      width: 100,
      height: 100,
    });
    expect(blurred.data.Level).toBe('error');
    expect(blurred.data.Summary).toContain('低于 150 DPI');
  });

  it('says a file it cannot check will be checked by a person, never passing it silently', async () => {
    const result = await preflight(randomContent(100), 'design.psd', { width: 100, height: 100 });
    expect(result.data).toMatchObject({ Kind: 'other', Level: 'unknown' });
    expect(result.data.Checks[0].Message).toContain('.psd 文件无法自动检查');
  });

  it('reports facts without a finished size and says what it did not check', async () => {
    const result = await preflight(await makePdf([[90, 54]]), 'card.pdf');
    expect(result.data.Checks).toContainEqual({
      Code: 'size.not-given',
      Level: 'info',
      Message: '未提供成品尺寸，未核对页面尺寸和出血',
    });
  });

  it('asks for both width and height', async () => {
    const uploaded = await demo.upload(randomContent(10), 'x.pdf');
    const result = await demo.get('/api/v1/get_service_file_preflight', {
      id: String(uploaded.data.File.Id),
      width: '100',
    });
    expect(result).toMatchObject({ success: false, message: '请同时提供成品宽和成品高' });
  });
});
