/**
 * A configuration's two forms: the wire's Selection (PascalCase, '' or null for "not chosen") and
 * the engine's QuoteSelection. The price calls, the cart and checkout convert only here.
 */
import type { PriceRequestBody, Selection, SkuCodeBody } from '@inkstone/contracts';
import type { QuoteSelection } from '@inkstone/domain';

/** null, undefined and '' all mean "not chosen" on the wire. */
function chosenId(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

function chosenNumber(value: number | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : value;
}

/** The engine's selection from a price-call body. */
export function toQuoteSelection(
  body: Omit<PriceRequestBody, 'Quantity'> & { Quantity: number },
): QuoteSelection {
  return {
    sizeId: chosenId(body.SizeId),
    widthMm: chosenNumber(body.WidthMm),
    heightMm: chosenNumber(body.HeightMm),
    styleId: chosenId(body.StyleId),
    innerStyleId: chosenId(body.InnerStyleId),
    pageCount: chosenNumber(body.PageCount),
    colourId: chosenId(body.ColourId),
    technologyIds: body.TechnologyIds ?? undefined,
    quantity: body.Quantity,
  };
}

/** The engine's selection from a SKU-code body; a missing quantity is `quantity`. */
export function toSkuSelection(body: SkuCodeBody, quantity: number): QuoteSelection {
  return toQuoteSelection({ ...body, Quantity: body.Quantity ?? quantity });
}

/** The wire form of an engine selection. */
export function toSelection(selection: QuoteSelection): Selection {
  const isPreset = selection.sizeId !== undefined;
  return {
    SizeId: selection.sizeId ?? null,
    WidthMm: isPreset ? null : (selection.widthMm ?? null),
    HeightMm: isPreset ? null : (selection.heightMm ?? null),
    StyleId: selection.styleId ?? '',
    InnerStyleId: selection.innerStyleId ?? null,
    PageCount: selection.pageCount ?? null,
    ColourId: selection.colourId ?? '',
    TechnologyIds: [...(selection.technologyIds ?? [])],
    Quantity: selection.quantity,
  };
}
