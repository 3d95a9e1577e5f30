import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FileAnalyser, type FileAnalyserLimits } from './file-analyser.ts';

// This file imports neither sharp nor pdf-lib at its top, so that the first test can show that
// analysing files leaves them out of the main thread; its files are written by hand.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-analyser-'));
const analysers: FileAnalyser[] = [];
afterAll(async () => {
  await Promise.all(analysers.map((analyser) => analyser.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function analyser(settings: { pdfCommand?: string } = {}, limits: FileAnalyserLimits = {}): FileAnalyser {
  const made = new FileAnalyser(
    { pdfjs: true, pdfCommand: settings.pdfCommand ?? '', maxPdfBytes: 10 * 1024 * 1024 },
    limits,
  );
  analysers.push(made);
  return made;
}

/** Whether this thread has loaded the package (sharp and pdf-lib are CommonJS packages). */
function hasLoaded(name: string): boolean {
  const cache = createRequire(import.meta.url).cache;
  return Object.keys(cache).some((file) =>
    file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`),
  );
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A `width`×`height` RGB PNG of one colour. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([26, 153, 77]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page 200×100 pt PDF with a trim box and a green rectangle. */
function pdf(): Buffer {
  const content = '0.1 0.6 0.3 rg 10 10 180 80 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /TrimBox [5 5 195 95] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

function write(name: string, content: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const isWebp = (picture: Buffer | null) =>
  picture !== null &&
  picture.subarray(0, 4).toString('latin1') === 'RIFF' &&
  picture.subarray(8, 12).toString('latin1') === 'WEBP';

describe('file analysis on a thread of its own', () => {
  it('analyses a picture and a PDF without loading sharp or pdf-lib here, and ends the thread when idle', async () => {
    expect([hasLoaded('sharp'), hasLoaded('pdf-lib')]).toEqual([false, false]);
    const idle = analyser({}, { idleMs: 50 });
    expect(idle.isRunning).toBe(false);
    const picture = await idle.analyse(write('a.png', png(800, 600)), 0, 'png');
    expect(picture.facts).toMatchObject({ kind: 'image', image: { width: 800, height: 600, format: 'png' } });
    expect(isWebp(picture.thumbnail)).toBe(true);
    const document = await idle.analyse(write('a.pdf', pdf()), 0, 'pdf');
    expect(document.facts).toEqual({
      kind: 'pdf',
      pdf: {
        pageCount: 1,
        encrypted: false,
        pages: [{ media: [0, 0, 200, 100], trim: [5, 5, 190, 90], bleed: null, rotate: 0 }],
      },
    });
    expect(isWebp(document.thumbnail)).toBe(true);
    expect(idle.isRunning).toBe(true);
    expect([hasLoaded('sharp'), hasLoaded('pdf-lib')]).toEqual([false, false]);
    await expect.poll(() => idle.isRunning, { timeout: 5_000 }).toBe(false);
    // The next file starts the thread again.
    expect((await idle.facts(write('b.png', png(30, 20)), 0, 'png')).image?.width).toBe(30);
    expect(idle.isRunning).toBe(true);
  });

  it('answers a file that is neither a PDF nor a picture without starting the thread', async () => {
    const idle = analyser({}, { idleMs: 50 });
    const archive = write('artwork.zip', Buffer.from('PK\u0003\u0004 not a picture', 'latin1'));
    expect(await idle.analyse(archive, 0, 'zip')).toEqual({ facts: { kind: 'other' }, thumbnail: null });
    expect(await idle.facts(write('logo.cdr', Buffer.from('RIFF....CDR', 'latin1')), 0, 'cdr')).toEqual({
      kind: 'other',
    });
    expect(idle.isRunning).toBe(false);
    // A PDF by its first bytes, whatever its name, still goes to the thread.
    expect((await idle.facts(write('named.zip', pdf()), 0, 'zip')).kind).toBe('pdf');
    expect(idle.isRunning).toBe(true);
  });

  it('gives the same facts and thumbnails as analysing in this thread', async () => {
    const { analyseFile } = await import('./file-facts.ts');
    const { makeThumbnail } = await import('./thumbnails.ts');
    const { renderPdfFirstPage } = await import('./pdf-page-renderer.ts');
    const threaded = analyser();
    for (const [name, content] of [
      ['c.png', png(640, 480)],
      ['c.pdf', pdf()],
      ['c.bin', Buffer.from('not a picture')],
    ] as const) {
      const file = write(name, content);
      const extension = name.split('.')[1]!;
      const facts = await analyseFile(file, content.length, extension, { maxPdfBytes: 10 * 1024 * 1024 });
      const thumbnail = await makeThumbnail(file, facts, {
        pdfjs: { firstPage: renderPdfFirstPage },
        pdfCommand: null,
      });
      expect(await threaded.analyse(file, content.length, extension)).toEqual({ facts, thumbnail });
      expect(await threaded.facts(file, content.length, extension)).toEqual(facts);
    }
    // Analysing here did load them: the first test's check sees what it looks for.
    expect([hasLoaded('sharp'), hasLoaded('pdf-lib')]).toEqual([true, true]);
  });

  it('ends a render that takes too long with its thread: facts kept, pdftoppm tried on a new thread', async () => {
    const file = write('slow.pdf', pdf());
    const withoutCommand = analyser({}, { renderTimeoutMs: 1 });
    const alone = await withoutCommand.analyse(file, 0, 'pdf');
    expect([alone.facts.pdf?.pageCount, alone.thumbnail]).toEqual([1, null]);
    expect(withoutCommand.isRunning).toBe(false);

    // Stands in for pdftoppm: copies a picture to <out>.png as `pdftoppm -singlefile -png in out` does.
    const page = write('page.png', png(200, 100));
    const stub = path.join(dir, 'fake-pdftoppm');
    fs.writeFileSync(stub, `#!/bin/sh\nfor last; do :; done\ncp "${page}" "$last.png"\n`, { mode: 0o755 });
    const withCommand = analyser({ pdfCommand: stub }, { renderTimeoutMs: 1 });
    const fallen = await withCommand.analyse(file, 0, 'pdf');
    expect(fallen.facts.pdf?.pageCount).toBe(1);
    expect(isWebp(fallen.thumbnail)).toBe(true);
  });

  it('a thread out of memory ends alone: the file is reported lost, the next one gets a new thread', async () => {
    const tiny = analyser({}, { maxHeapMb: 4 });
    const file = write('big.pdf', pdf());
    await expect(tiny.analyse(file, 0, 'pdf')).rejects.toThrow('analysis thread ended');
    expect(tiny.isRunning).toBe(false);
    await expect(tiny.facts(file, 0, 'pdf')).rejects.toThrow('analysis thread ended');
  });
});
