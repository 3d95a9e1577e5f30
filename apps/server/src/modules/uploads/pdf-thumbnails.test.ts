import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestUploader } from './uploads.test-support.ts';

let server: TestServer;
let uploadDir: string;
let demo: TestUploader;

const MM = 72 / 25.4;
/** The colour of the rectangle drawn on the test page. */
const COLOUR = { r: 26, g: 153, b: 77 };

/** An A4 page with bleed (216×303 mm) covered by a big rectangle of COLOUR on white. */
async function colouredPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([216 * MM, 303 * MM]);
  page.drawRectangle({
    x: 20 * MM,
    y: 20 * MM,
    width: 176 * MM,
    height: 263 * MM,
    color: rgb(COLOUR.r / 255, COLOUR.g / 255, COLOUR.b / 255),
  });
  page.drawText('Inkstone', { x: 30 * MM, y: 280 * MM, size: 24 });
  document.addPage([216 * MM, 303 * MM]);
  return Buffer.from(await document.save());
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-pdf-thumbs-'));
  // Only the npm packages: no pdftoppm.
  server = await startTestServer({ UPLOAD_DIR: uploadDir, PDF_THUMBNAIL_COMMAND: '' });
  demo = await TestUploader.demo(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('PDF thumbnails rendered by pdfjs', () => {
  it('draws the first page, 400 px on its long side, as WebP', async () => {
    const uploaded = await demo.upload(await colouredPdf(), 'poster.pdf');
    expect(uploaded.data.File.ThumbnailStatus).toBe('pending');
    const { file, response } = await demo.thumbnailOf(uploaded.data.File.Id);
    expect(file.ThumbnailStatus).toBe('preview');
    expect(file.Facts).toMatchObject({ Kind: 'pdf', PageCount: 2, PageWidthMm: 216, PageHeightMm: 303 });
    expect(response.headers['content-type']).toBe('image/webp');
    const picture = sharp(response.rawPayload);
    const meta = await picture.metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([Math.round((400 * 216) / 303), 400]);
    const { data } = await picture
      .extract({ left: Math.floor(meta.width / 2), top: 200, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = [...data];
    expect(Math.abs(r! - COLOUR.r)).toBeLessThanOrEqual(8);
    expect(Math.abs(g! - COLOUR.g)).toBeLessThanOrEqual(8);
    expect(Math.abs(b! - COLOUR.b)).toBeLessThanOrEqual(8);
    const { data: corner } = await sharp(response.rawPayload)
      .extract({ left: 2, top: 397, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...corner)).toBeGreaterThan(240);
  });

  it('falls back to the typed icon for an unreadable PDF', async () => {
    const broken = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(4096, 'x'),
      Buffer.from('\n%%EOF\n'),
    ]);
    const uploaded = await demo.upload(broken, 'broken.pdf');
    const { file, response } = await demo.thumbnailOf(uploaded.data.File.Id);
    expect(file.ThumbnailStatus).toBe('icon');
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toContain('>PDF<');
  });
});
