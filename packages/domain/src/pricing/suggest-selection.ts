import type { CompiledProduct } from './compile.ts';
import type { QuoteSelection } from './quote.types.ts';

/**
 * A first selection that the quote screen can price at once: the first preset size (else the
 * smallest custom size), first style (cover and inner for booklets, the smallest page count),
 * first colour, the first allowed technology of each required group and the first listed
 * quantity. The customer site's DefaultSelection and the console's quote preview start with it.
 */
export function suggestSelection(product: CompiledProduct): QuoteSelection {
  const source = product.source;
  const preset = source.Sizes.Presets[0];
  const custom = source.Sizes.Custom;
  const pages = source.Pages;
  const styleId = pages ? pages.CoverStyleIds[0] : source.Styles[0]?.Id;
  let pageCount: number | undefined;
  if (pages) {
    pageCount = Math.ceil(pages.Min / pages.Multiple) * pages.Multiple;
    if (pageCount > pages.Max) pageCount = pages.Min;
  }
  const chosen: string[] = [];
  let mask = 0;
  for (const group of product.requiredGroups) {
    const tech = product.technologies.find(
      (candidate) =>
        candidate.group === group.name &&
        (candidate.conflictMask & mask) === 0 &&
        !(styleId !== undefined && candidate.excludedStyleIds.has(styleId)) &&
        !(
          candidate.pageRange &&
          pageCount !== undefined &&
          (pageCount < candidate.pageRange.min || pageCount > candidate.pageRange.max)
        ),
    );
    if (!tech) continue;
    chosen.push(tech.id);
    mask |= tech.bit;
  }
  return {
    ...(preset
      ? { sizeId: preset.Id }
      : custom
        ? { widthMm: custom.MinWidthMm, heightMm: custom.MinHeightMm }
        : {}),
    styleId,
    ...(pages ? { innerStyleId: pages.InnerStyleIds[0], pageCount } : {}),
    colourId: source.Colours[0]?.Id,
    technologyIds: chosen,
    quantity: source.Quantity.Presets[0] ?? source.Quantity.Free?.Min ?? 1,
  };
}
