import { describe, expect, it } from 'vitest';
import type { PdfBox, StoredFacts } from './file-facts.ts';
import { evaluatePreflight } from './preflight.ts';

const MM = 72 / 25.4;
const box = (width: number, height: number, inset = 0): PdfBox => [
  inset * MM,
  inset * MM,
  width * MM,
  height * MM,
];
const file = { id: 1, name: 'x', extension: 'pdf' };
const limits = { maxPdfMb: 200 };
const a4 = { widthMm: 210, heightMm: 297, bleedMm: 3 };

function pdf(pages: Array<{ media: PdfBox; trim?: PdfBox; rotate?: number }>): StoredFacts {
  return {
    kind: 'pdf',
    pdf: {
      pageCount: pages.length,
      encrypted: false,
      pages: pages.map((page) => ({
        media: page.media,
        trim: page.trim ?? null,
        bleed: null,
        rotate: page.rotate ?? 0,
      })),
    },
  };
}

function image(width: number, height: number, space = 'cmyk'): StoredFacts {
  return { kind: 'image', image: { width, height, format: 'jpeg', space, channels: 4, density: 300 } };
}

const levelOf = (facts: StoredFacts, code: string, finished = a4) =>
  evaluatePreflight(file, facts, finished, limits).Checks.find((check) => check.Code === code)?.Level;

describe('preflight of PDFs', () => {
  it.each([
    ['page = finished + bleed', [{ media: box(216, 303) }], 'ok'],
    ['landscape page for a portrait size', [{ media: box(303, 216) }], 'ok'],
    ['portrait page turned by /Rotate 90', [{ media: box(303, 216), rotate: 90 }], 'ok'],
    ['page = finished, no bleed', [{ media: box(210, 297) }], 'warning'],
    ['another size', [{ media: box(297, 420) }], 'error'],
    ['trim box = finished, 3 mm around it', [{ media: box(216, 303), trim: box(210, 297, 3) }], 'ok'],
    ['trim box = finished, 1 mm around it', [{ media: box(212, 299), trim: box(210, 297, 1) }], 'warning'],
    ['trim box of another size', [{ media: box(154, 216), trim: box(148, 210, 3) }], 'error'],
  ] as const)('%s', (_name, pages, expected) => {
    const facts = pdf(pages.map((page) => ({ ...page })));
    const report = evaluatePreflight(file, facts, a4, limits);
    expect(report.Level).toBe(expected);
    expect(report.Checks.every((check) => /[\u4e00-\u9fff]/.test(check.Message))).toBe(true);
  });

  it('warns when pages differ in size', () => {
    expect(levelOf(pdf([{ media: box(216, 303) }, { media: box(154, 216) }]), 'pdf.mixed-sizes')).toBe(
      'warning',
    );
  });

  it('reports a PDF too large to parse as unknown, and an unreadable one as an error', () => {
    expect(evaluatePreflight(file, { kind: 'pdf', problem: 'too-large' }, a4, limits).Level).toBe('unknown');
    expect(evaluatePreflight(file, { kind: 'pdf', problem: 'unreadable' }, a4, limits).Level).toBe('error');
  });
});

describe('preflight of images', () => {
  // 100×100 mm with 3 mm bleed prints over 106 mm = 4.173 in.
  const square = { widthMm: 100, heightMm: 100, bleedMm: 3 };
  it.each([
    [1252, 'ok'],
    [1251, 'warning'],
    [626, 'warning'],
    [625, 'error'],
  ] as const)('%i px over 106 mm is %s', (pixels, expected) => {
    expect(levelOf(image(pixels, pixels), 'image.dpi', square)).toBe(expected);
  });

  it('turns the finished size to the picture’s orientation', () => {
    const report = evaluatePreflight(file, image(3508, 2480), a4, limits);
    expect(report.Image?.EffectiveDpi).toBe(Math.floor(Math.min(3508 / (303 / 25.4), 2480 / (216 / 25.4))));
    // …but writes the size with bleed the way the product stands: 210×297 is 216×303, not 303×216.
    const dpi = report.Checks.find((check) => check.Code === 'image.dpi')!;
    expect(dpi.Message).toContain('按成品 210×297 mm（含出血 216×303 mm）');
  });

  it('names the colour mode: CMYK passes, RGB warns', () => {
    expect(levelOf(image(3000, 3000), 'image.color-mode')).toBe('ok');
    expect(levelOf(image(3000, 3000, 'srgb'), 'image.color-mode')).toBe('warning');
  });
});
