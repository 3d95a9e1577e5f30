import { createRequire } from 'node:module';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Images in a PDF larger than this many pixels are not decoded for a thumbnail. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** The folder of pdfjs-dist's fonts, CMaps and decoders (ending in a separator); null when absent. */
function locateAssets(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs');
    return path.resolve(path.dirname(entry), '..', '..') + path.sep;
  } catch {
    return null;
  }
}

let assets: string | null | undefined;

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** pdfjs's Node canvas factory, which draws with @napi-rs/canvas. */
interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: NonNullable<RenderParameters['canvas']> & { toBuffer(type: 'image/png'): Buffer };
    context: NonNullable<RenderParameters['canvasContext']>;
  };
}

/**
 * Renders page 1 of a PDF with pdfjs-dist (legacy build for Node, which draws with
 * @napi-rs/canvas) to a PNG whose long side is `size` pixels; null when pdfjs is not installed.
 * Runs on the analysis thread (analysis-thread.ts), which limits its time and heap: pdfjs parses
 * on that same thread (its "fake worker"). Fonts, CMaps and decoders come from the package folder
 * on disk: nothing is fetched from the network and no font is installed in the process.
 */
export async function renderPdfFirstPage(pdfPath: string, size: number): Promise<Buffer | null> {
  if (assets === undefined) assets = locateAssets();
  if (!assets) return null;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await fsp.readFile(pdfPath));
  const document = await pdfjs.getDocument({
    data,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${assets}standard_fonts/`,
    cMapUrl: `${assets}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${assets}wasm/`,
    iccUrl: `${assets}iccs/`,
    useWorkerFetch: false,
    isEvalSupported: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = size / Math.max(natural.width, natural.height, 1);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.min(size, Math.round(viewport.width)));
    const height = Math.max(1, Math.min(size, Math.round(viewport.height)));
    const factory = document.canvasFactory as CanvasFactory;
    const { canvas, context } = factory.create(width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await document.destroy().catch(() => {});
  }
}
