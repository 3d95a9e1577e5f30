import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredFacts } from './file-facts.ts';
import { renderPdfFirstPage } from './pdf-page-renderer.ts';
import { makeThumbnail, PdfRasteriser } from './thumbnails.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-thumbs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('PDF first-page thumbnails', () => {
  it('uses pdftoppm when it is installed: first page, scaled, as WebP', async () => {
    // Stands in for pdftoppm: writes <out>.png like `pdftoppm -singlefile -png in out` does.
    const page = path.join(dir, 'page.png');
    await sharp({ create: { width: 283, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(page);
    const stub = path.join(dir, 'fake-pdftoppm');
    const argsLog = path.join(dir, 'args');
    fs.writeFileSync(
      stub,
      `#!/bin/sh\necho "$@" > "${argsLog}"\nfor last; do :; done\ncp "${page}" "$last.png"\n`,
      {
        mode: 0o755,
      },
    );
    const thumbnail = await new PdfRasteriser(stub).firstPage(path.join(dir, 'in.pdf'));
    expect(thumbnail).not.toBeNull();
    expect((await sharp(thumbnail!).metadata()).format).toBe('webp');
    expect(fs.readFileSync(argsLog, 'utf8')).toMatch(/^-f 1 -l 1 -singlefile -scale-to 400 -png /);
  });

  it('falls back (null: a typed icon) when the command is missing', async () => {
    const rasteriser = new PdfRasteriser(path.join(dir, 'no-such-command'));
    expect(await rasteriser.firstPage(path.join(dir, 'in.pdf'))).toBeNull();
  });
});

describe('PDF first-page thumbnails by pdfjs', () => {
  const renderer = { firstPage: renderPdfFirstPage };
  const pdfFacts: StoredFacts = {
    kind: 'pdf',
    pdf: {
      pageCount: 1,
      encrypted: false,
      pages: [{ media: [0, 0, 200, 100], trim: null, bleed: null, rotate: 0 }],
    },
  };

  async function landscapePdf(): Promise<string> {
    const document = await PDFDocument.create();
    document.addPage([200, 100]).drawRectangle({ x: 0, y: 0, width: 200, height: 100, color: rgb(1, 0, 0) });
    const file = path.join(dir, 'landscape.pdf');
    fs.writeFileSync(file, await document.save());
    return file;
  }

  it('renders page 1, scaled to the thumbnail size', async () => {
    const thumbnail = await makeThumbnail(await landscapePdf(), pdfFacts, {
      pdfjs: renderer,
      pdfCommand: null,
    });
    const meta = await sharp(thumbnail!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 200]);
  });

  it('falls back to pdftoppm, then to nothing (a typed icon), when pdfjs cannot draw the file', async () => {
    const broken = path.join(dir, 'broken.pdf');
    fs.writeFileSync(broken, '%PDF-1.4\nnot a PDF at all\n');
    await expect(renderer.firstPage(broken, 400)).rejects.toThrow();
    expect(await makeThumbnail(broken, pdfFacts, { pdfjs: renderer, pdfCommand: null })).toBeNull();
    const stub = path.join(dir, 'fake-pdftoppm'); // written by the pdftoppm test above
    const viaCommand = await makeThumbnail(broken, pdfFacts, {
      pdfjs: renderer,
      pdfCommand: new PdfRasteriser(stub),
    });
    expect((await sharp(viaCommand!).metadata()).format).toBe('webp');
  });
});
