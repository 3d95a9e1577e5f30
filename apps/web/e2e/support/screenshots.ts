import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * The screenshots the browser tests take. A run takes none unless asked, so the suite neither
 * spends the time nor rewrites the docs' pictures:
 * - `E2E_SCREENSHOTS=docs` writes the pictures the docs show to docs/screenshots/ (refreshing them);
 * - `E2E_SCREENSHOTS=<directory>` writes those and a picture of each step the tests name there,
 *   to look at.
 */
const REQUESTED = process.env.E2E_SCREENSHOTS ?? '';
const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');
const DOC_PICTURES_DIR = REQUESTED === 'docs' ? DOCS_DIR : REQUESTED ? path.resolve(REQUESTED) : '';
const STEPS_DIR = REQUESTED && REQUESTED !== 'docs' ? path.resolve(REQUESTED) : '';

export interface ScreenshotOptions {
  fullPage?: boolean;
  /** Reduced to 256 colours, as scripts/screenshots.ts does, to keep the file small. */
  palette?: boolean;
}

/** A picture a doc shows, `<name>.png`; taken only when screenshots are asked for. */
export async function docScreenshot(
  page: Page,
  name: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!DOC_PICTURES_DIR) return;
  await save(page, path.join(DOC_PICTURES_DIR, `${name}.png`), options);
}

/** A picture of a step, to look at; taken only when E2E_SCREENSHOTS names a directory. */
export async function stepScreenshot(
  page: Page,
  name: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!STEPS_DIR) return;
  await save(page, path.join(STEPS_DIR, `${name}.png`), options);
}

async function save(page: Page, file: string, { fullPage, palette }: ScreenshotOptions): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!palette) {
    await page.screenshot({ path: file, fullPage });
    return;
  }
  await savePalettePng(await page.screenshot({ animations: 'disabled', fullPage }), file);
}

/** A screenshot reduced to a 256-colour palette: gradients stay smooth, the file well under 300 KB. */
export async function savePalettePng(shot: Buffer, file: string): Promise<void> {
  await sharp(shot)
    .png({ palette: true, colours: 256, dither: 0.5, compressionLevel: 9, effort: 10 })
    .toFile(file);
}
