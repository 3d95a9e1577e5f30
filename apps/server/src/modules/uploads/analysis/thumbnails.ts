import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StoredFacts } from './file-facts.ts';

/** Longest side of a thumbnail, in pixels (the picker card is 202 wide; 2× for sharp screens). */
export const THUMBNAIL_SIZE = 400;
/** Larger images are not decoded for a thumbnail (sharp's default guard against pixel bombs). */
const MAX_INPUT_PIXELS = 268_402_689;

/** Draws a PDF's first page as a PNG whose long side is `size` pixels; null when it cannot. */
export interface PdfFirstPage {
  firstPage(pdfPath: string, size: number): Promise<Buffer | null>;
}

/** How PDFs get their first page drawn, in order of preference; either may be absent. */
export interface PdfRenderers {
  /** pdfjs-dist (pdf-page-renderer.ts), on the analysis thread. */
  pdfjs: PdfFirstPage | null;
  /** pdftoppm, when configured and installed. */
  pdfCommand: PdfRasteriser | null;
}

/**
 * A picture preview of a stored file as WebP, or null when its kind has none (a typed icon then).
 * A PDF too large to parse (facts.problem 'too-large') or unreadable gets no picture either.
 */
export async function makeThumbnail(
  filePath: string,
  facts: StoredFacts,
  options: PdfRenderers,
): Promise<Buffer | null> {
  if (facts.problem) return null;
  if (facts.kind === 'image') return imageThumbnail(filePath);
  if (facts.kind === 'pdf') return pdfThumbnail(filePath, options);
  return null;
}

/** pdfjs render, else pdftoppm, else null (a typed icon); a failure never fails the upload. */
async function pdfThumbnail(filePath: string, options: PdfRenderers): Promise<Buffer | null> {
  if (options.pdfjs) {
    const png = await options.pdfjs.firstPage(filePath, THUMBNAIL_SIZE).catch(() => null);
    const picture = png ? await imageThumbnail(png).catch(() => null) : null;
    if (picture) return picture;
  }
  if (options.pdfCommand) return options.pdfCommand.firstPage(filePath).catch(() => null);
  return null;
}

async function imageThumbnail(input: string | Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(input, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Renders a PDF's first page with pdftoppm (Debian's poppler-utils) when it is installed: the
 * alternative when pdfjs cannot draw a page. When neither renders, a PDF gets a typed icon that
 * states page count and size.
 */
export class PdfRasteriser {
  private isMissing = false;

  constructor(private readonly command: string) {}

  async firstPage(pdfPath: string): Promise<Buffer | null> {
    if (this.isMissing) return null;
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'inkstone-pdf-'));
    const outBase = path.join(dir, 'page');
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          this.command,
          [
            '-f',
            '1',
            '-l',
            '1',
            '-singlefile',
            '-scale-to',
            String(THUMBNAIL_SIZE),
            '-png',
            pdfPath,
            outBase,
          ],
          { timeout: 60_000, maxBuffer: 1024 * 1024 },
          (error) => (error ? reject(error) : resolve()),
        );
      });
      return await imageThumbnail(`${outBase}.png`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.isMissing = true;
      return null;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }
}
