/**
 * A product's "from" price (起价): the cheapest total the engine quotes for the product at its
 * smallest quantity, over its preset sizes (the smallest custom size when it has none), 款式 (for
 * a booklet: cover × inner paper at its smallest page count) and colours, choosing one technology
 * of each required group and no optional one. Computed once per product and catalogue version.
 */
import { calculatePrice, type CompiledProduct, type QuoteSelection } from '@inkstone/domain';

/** Combinations tried at most per product; a catalogue beyond it gets the cheapest of these. */
export const MAX_FROM_PRICE_COMBINATIONS = 4_096;

/** The smallest quantity a product's rule allows. */
export function smallestQuantity(product: CompiledProduct): number {
  const candidates = [...product.quantity.Presets];
  if (product.quantity.Free) candidates.push(product.quantity.Free.Min);
  return candidates.length > 0 ? Math.min(...candidates) : 1;
}

type Part = Partial<QuoteSelection>;

function sizeParts(product: CompiledProduct): Part[] {
  if (product.sizes.size > 0) return [...product.sizes.keys()].map((sizeId) => ({ sizeId }));
  const custom = product.customSize;
  return custom ? [{ widthMm: custom.MinWidthMm, heightMm: custom.MinHeightMm }] : [{}];
}

function styleParts(product: CompiledProduct): Part[] {
  const pages = product.pages;
  if (!pages) return [...product.styles.keys()].map((styleId) => ({ styleId }));
  let pageCount = Math.ceil(pages.min / pages.multiple) * pages.multiple;
  if (pageCount > pages.max) pageCount = pages.min;
  const parts: Part[] = [];
  for (const styleId of pages.coverStyleIds) {
    for (const innerStyleId of pages.innerStyleIds) parts.push({ styleId, innerStyleId, pageCount });
  }
  return parts;
}

/** One technology of each required group, every way of choosing them. */
function technologyChoices(product: CompiledProduct): string[][] {
  let choices: string[][] = [[]];
  for (const group of product.requiredGroups) {
    const members = product.technologies.filter((tech) => (tech.bit & group.mask) !== 0);
    choices = choices.flatMap((chosen) => members.map((tech) => [...chosen, tech.id]));
  }
  return choices;
}

/** The product's from price in fen, or null when no combination can be quoted. */
export function calculateFromPrice(product: CompiledProduct): number | null {
  const quantity = smallestQuantity(product);
  const colours = [...product.colours.keys()];
  const technologies = technologyChoices(product);
  let cheapest: number | null = null;
  let tried = 0;
  for (const size of sizeParts(product)) {
    for (const style of styleParts(product)) {
      for (const colourId of colours) {
        for (const technologyIds of technologies) {
          if (tried >= MAX_FROM_PRICE_COMBINATIONS) return cheapest;
          tried += 1;
          const quote = calculatePrice(product, { ...size, ...style, colourId, technologyIds, quantity });
          if (quote.ok && (cheapest === null || quote.totalFen < cheapest)) cheapest = quote.totalFen;
        }
      }
    }
  }
  return cheapest;
}
