import fsp from 'node:fs/promises';
import type { PDFPage } from 'pdf-lib';
import type { FileFacts } from '@inkstone/contracts';

/** A page box in PDF points: x, y, width, height. */
export type PdfBox = [number, number, number, number];

export interface PdfPageFacts {
  media: PdfBox;
  trim: PdfBox | null;
  bleed: PdfBox | null;
  /** /Rotate in degrees: 0, 90, 180, 270. */
  rotate: number;
}

/**
 * What analysis learned about a content, stored with it (upload_blobs.facts_json) and kept for
 * orders: preflight for any finished size is computed from these facts.
 */
export interface StoredFacts {
  kind: 'pdf' | 'image' | 'other';
  /** Why the content could not be read; absent when it was. */
  problem?: 'unreadable' | 'too-large';
  pdf?: {
    pageCount: number;
    /** The first MAX_PAGES pages' boxes. */
    pages: PdfPageFacts[];
    encrypted: boolean;
  };
  image?: {
    width: number;
    height: number;
    format: string;
    /** sharp's colour space: cmyk, srgb, b-w, … */
    space: string;
    channels: number;
    /** Pixels per inch recorded in the file, if any. */
    density: number | null;
  };
}

const MAX_PAGES = 500;
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'tif', 'tiff', 'bmp', 'gif', 'webp']);

/** The content's kind by its first bytes (the extension only as a hint). */
export function detectKind(head: Buffer, extension: string): StoredFacts['kind'] {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  const isImageMagic =
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    head.subarray(0, 4).toString('latin1') === 'GIF8' ||
    head.subarray(0, 4).equals(Buffer.from([0x49, 0x49, 0x2a, 0x00])) ||
    head.subarray(0, 4).equals(Buffer.from([0x4d, 0x4d, 0x00, 0x2a])) ||
    (head.subarray(0, 4).toString('latin1') === 'RIFF' &&
      head.subarray(8, 12).toString('latin1') === 'WEBP') ||
    (head.subarray(0, 2).toString('latin1') === 'BM' && IMAGE_EXTENSIONS.has(extension));
  if (isImageMagic) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'other';
}

/** The kind of a stored file by its first KiB (and its extension): cheap, no parser loaded. */
export async function kindOfFile(filePath: string, extension: string): Promise<StoredFacts['kind']> {
  return detectKind(await readHead(filePath), extension);
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function boxOf(page: PDFPage, which: 'media' | 'trim' | 'bleed'): PdfBox | null {
  if (which === 'trim' && !page.node.TrimBox()) return null;
  if (which === 'bleed' && !page.node.BleedBox()) return null;
  const box =
    which === 'media' ? page.getMediaBox() : which === 'trim' ? page.getTrimBox() : page.getBleedBox();
  return [box.x, box.y, box.width, box.height];
}

async function pdfFacts(filePath: string, size: number, maxPdfBytes: number): Promise<StoredFacts> {
  // pdf-lib parses a whole document held in memory: bounded by PREFLIGHT_MAX_PDF_MB.
  if (size > maxPdfBytes) return { kind: 'pdf', problem: 'too-large' };
  try {
    // Loaded on first use: most server processes never parse a PDF.
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.load(await fsp.readFile(filePath), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    const pages = document.getPages();
    return {
      kind: 'pdf',
      pdf: {
        pageCount: pages.length,
        encrypted: document.isEncrypted,
        pages: pages.slice(0, MAX_PAGES).map((page) => ({
          media: boxOf(page, 'media')!,
          trim: boxOf(page, 'trim'),
          bleed: boxOf(page, 'bleed'),
          rotate: ((page.getRotation().angle % 360) + 360) % 360,
        })),
      },
    };
  } catch {
    return { kind: 'pdf', problem: 'unreadable' };
  }
}

async function imageFacts(filePath: string): Promise<StoredFacts> {
  try {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(filePath, { failOn: 'none' }).metadata();
    if (!meta.width || !meta.height) return { kind: 'image', problem: 'unreadable' };
    const isTurned = (meta.orientation ?? 1) >= 5;
    return {
      kind: 'image',
      image: {
        width: isTurned ? meta.height : meta.width,
        height: isTurned ? meta.width : meta.height,
        format: meta.format ?? '',
        space: meta.space ?? '',
        channels: meta.channels ?? 0,
        density: meta.density ?? null,
      },
    };
  } catch {
    return { kind: 'image', problem: 'unreadable' };
  }
}

/** Reads a stored file's facts: PDF page boxes, image pixels and colour space; other kinds as such. */
export async function analyseFile(
  filePath: string,
  size: number,
  extension: string,
  options: { maxPdfBytes: number },
): Promise<StoredFacts> {
  const kind = detectKind(await readHead(filePath), extension);
  switch (kind) {
    case 'pdf':
      return pdfFacts(filePath, size, options.maxPdfBytes);
    case 'image':
      return imageFacts(filePath);
    case 'other':
      return { kind: 'other' };
  }
}

const MM_PER_POINT = 25.4 / 72;

/** Points to millimetres, one decimal. */
export function pointsToMm(points: number): number {
  return Math.round(points * MM_PER_POINT * 10) / 10;
}

/** The width and height a page shows, in points: trim box if set, else media box, turned by /Rotate. */
export function pageSizePoints(page: PdfPageFacts): {
  width: number;
  height: number;
  box: 'TrimBox' | 'MediaBox';
} {
  const box = page.trim ?? page.media;
  const isTurned = page.rotate === 90 || page.rotate === 270;
  return {
    width: isTurned ? box[3] : box[2],
    height: isTurned ? box[2] : box[3],
    box: page.trim ? 'TrimBox' : 'MediaBox',
  };
}

/** Human colour-mode name of a sharp colour space. */
export function colourModeName(space: string): string {
  switch (space) {
    case 'cmyk':
      return 'CMYK';
    case 'srgb':
    case 'rgb':
    case 'rgb16':
    case 'scrgb':
      return 'RGB';
    case 'b-w':
    case 'grey16':
      return '灰度';
    case 'lab':
    case 'labs':
      return 'Lab';
    default:
      return space ? space.toUpperCase() : '未知';
  }
}

/** The facts shown on a file card (spec §3 server file, plus what analysis learned). */
export function summariseFacts(facts: StoredFacts): FileFacts {
  const firstPage = facts.pdf?.pages[0];
  const size = firstPage ? pageSizePoints(firstPage) : null;
  return {
    Kind: facts.kind,
    PageCount: facts.pdf?.pageCount ?? null,
    PageWidthMm: size ? pointsToMm(size.width) : null,
    PageHeightMm: size ? pointsToMm(size.height) : null,
    PixelWidth: facts.image?.width ?? null,
    PixelHeight: facts.image?.height ?? null,
    ColorMode: facts.image ? colourModeName(facts.image.space) : null,
  };
}
