import { describe, expect, it } from 'vitest';
import {
  calculatePrice,
  compileCatalog,
  getDemoCatalog,
  type CompiledProduct,
  type Product,
  type QuoteSelection,
  suggestSelection,
} from '@inkstone/domain';
import { calculateFromPrice, smallestQuantity } from './from-price.ts';

/**
 * Every configuration the from price ranges over, built from the catalogue file (not the
 * compiled product): preset sizes, 款式 (cover × inner at the smallest page count), colours,
 * one technology of each required group, the smallest quantity.
 */
function configurations(source: Product, quantity: number): QuoteSelection[] {
  const sizes: Partial<QuoteSelection>[] =
    source.Sizes.Presets.length > 0
      ? source.Sizes.Presets.map((size) => ({ sizeId: size.Id }))
      : [{ widthMm: source.Sizes.Custom!.MinWidthMm, heightMm: source.Sizes.Custom!.MinHeightMm }];
  const pages = source.Pages;
  const styles: Partial<QuoteSelection>[] = pages
    ? pages.CoverStyleIds.flatMap((styleId) =>
        pages.InnerStyleIds.map((innerStyleId) => ({
          styleId,
          innerStyleId,
          pageCount: Math.ceil(pages.Min / pages.Multiple) * pages.Multiple,
        })),
      )
    : source.Styles.map((style) => ({ styleId: style.Id }));
  let technologies: string[][] = [[]];
  for (const group of source.RequiredGroups) {
    const members = (source.Technologies ?? []).filter((tech) => tech.Group === group);
    technologies = technologies.flatMap((chosen) => members.map((tech) => [...chosen, tech.Id]));
  }
  return sizes.flatMap((size) =>
    styles.flatMap((style) =>
      source.Colours.flatMap((colour) =>
        technologies.map((technologyIds) => ({
          ...size,
          ...style,
          colourId: colour.Id,
          technologyIds,
          quantity,
        })),
      ),
    ),
  );
}

const products: [string, CompiledProduct][] = (['demo', 'maple'] as const).flatMap((code) =>
  [...compileCatalog(getDemoCatalog(code)).values()].map((product): [string, CompiledProduct] => [
    `${code} ${product.id} ${product.title}`,
    product,
  ]),
);

describe('calculateFromPrice', () => {
  it.each(products)('%s: the cheapest configuration at the smallest quantity', (_name, product) => {
    const quantity = smallestQuantity(product);
    const totals = configurations(product.source, quantity).flatMap((selection) => {
      const quote = calculatePrice(product, selection);
      return quote.ok ? [quote.totalFen] : [];
    });
    expect(totals.length).toBeGreaterThan(0);
    const fromPrice = calculateFromPrice(product);
    expect(fromPrice).toBe(Math.min(...totals));
    expect(fromPrice).toBeGreaterThan(0);
  });

  it.each(products)('%s: no dearer than the quote screen’s first selection', (_name, product) => {
    const suggested = suggestSelection(product);
    const required = new Set(
      product.technologies
        .filter((tech) => product.requiredGroups.some((group) => (group.mask & tech.bit) !== 0))
        .map((tech) => tech.id),
    );
    const quote = calculatePrice(product, {
      ...suggested,
      technologyIds: suggested.technologyIds?.filter((id) => required.has(id)),
      quantity: smallestQuantity(product),
    });
    expect(quote.ok).toBe(true);
    if (quote.ok) expect(calculateFromPrice(product)).toBeLessThanOrEqual(quote.totalFen);
  });
});
