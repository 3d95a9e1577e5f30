import type { FileFacts, PreflightReport } from '@inkstone/contracts';

const mm = (value: number) => String(Math.round(value * 10) / 10);

/** Colour modes as print shops name them. */
export function colourModeLabel(mode: string | null | undefined): string {
  if (!mode) return '未知';
  const upper = mode.toUpperCase();
  if (upper === 'CMYK') return 'CMYK（印刷色）';
  if (upper === 'RGB' || upper === 'SRGB') return 'RGB（屏幕色，印刷时转换）';
  if (upper.includes('GRAY') || upper.includes('GREY') || upper === 'B-W' || mode === '灰度') return '灰度';
  return mode;
}

/** A card's one-line summary: `2 页 · 210×297 mm`, `3000×2000 px · RGB`; '' before analysis. */
export function summariseFacts(facts: FileFacts | null): string {
  if (!facts) return '';
  if (facts.Kind === 'pdf' && facts.PageCount !== null) {
    const size =
      facts.PageWidthMm !== null && facts.PageHeightMm !== null
        ? ` · ${mm(facts.PageWidthMm)}×${mm(facts.PageHeightMm)} mm`
        : '';
    return `${facts.PageCount} 页${size}`;
  }
  if (facts.Kind === 'image' && facts.PixelWidth !== null && facts.PixelHeight !== null) {
    return `${facts.PixelWidth}×${facts.PixelHeight} px${facts.ColorMode ? ` · ${facts.ColorMode}` : ''}`;
  }
  return '';
}

/** The largest size an image prints sharp at 300 DPI: `254×169 mm`. */
export function printSizeAt300Dpi(image: NonNullable<PreflightReport['Image']>): string {
  const toMm = (pixels: number) => Math.round((pixels / 300) * 25.4);
  return `${toMm(image.WidthPx)}×${toMm(image.HeightPx)} mm`;
}

/** A PDF page size: `210×297 mm`. */
export function pageSizeText(page: { WidthMm: number; HeightMm: number }): string {
  return `${mm(page.WidthMm)}×${mm(page.HeightMm)} mm`;
}
