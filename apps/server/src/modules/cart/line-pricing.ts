/**
 * Prices one configuration with a catalogue version, the way the price calls do (docs/pricing.md),
 * and describes it in words. The cart and checkout use it: a price from the client is never
 * trusted, every line is priced here from the stored catalogue.
 */
import type { PriceMode, Selection } from '@inkstone/contracts';
import type { CompiledProduct, QuoteSelection } from '@inkstone/domain';
import type { CatalogSnapshot } from '../products/index.ts';
import { toQuoteSelection, toSelection, PRICERS } from '../products/index.ts';

/** A stored price line (the quote's breakdown as the wire shows it). */
export interface StoredPriceLine {
  Kind: 'paper' | 'printing' | 'setup' | 'area' | 'technology' | 'fixed' | 'discount' | 'minimum';
  Label: string;
  AmountFen: number;
  /** What the customer is shown (no cost model: see QuoteLine.publicDetail). */
  Detail: string;
  TechnologyId: string | null;
  /** The merchant's working behind the amount (吨价, 放数, rates): kept, never sent to customers. */
  CostDetail?: string;
}

/** Kinds of line whose working reveals the merchant's costs (吨价, 放数, press rates). */
const COST_LINE_KINDS: ReadonlySet<StoredPriceLine['Kind']> = new Set(['paper', 'printing', 'setup']);

/**
 * A stored price line as a customer sees it: without the merchant's working. Lines stored before
 * the working was kept apart show no detail on cost lines.
 */
export function customerPriceLine(line: StoredPriceLine): StoredPriceLine {
  const detail = line.CostDetail === undefined && COST_LINE_KINDS.has(line.Kind) ? '' : line.Detail;
  return {
    Kind: line.Kind,
    Label: line.Label,
    AmountFen: line.AmountFen,
    Detail: detail,
    TechnologyId: line.TechnologyId,
  };
}

/** A configuration priced with one catalogue version. */
export interface PricedLine {
  catalogVersion: number;
  productId: number;
  productTitle: string;
  unit: string;
  priceMode: PriceMode;
  /** The selection in wire form, as stored with the line. */
  selection: Selection;
  specText: string;
  quantity: number;
  amountFen: number;
  unitPriceFen: number;
  weightGrams: number;
  productionDays: number;
  skuCode: string | null;
  priceLines: StoredPriceLine[];
  /** Finished size in mm with the bleed per side (for artwork preflight); null without a size. */
  finishedSize: { widthMm: number; heightMm: number; bleedMm: number } | null;
}

export type PriceOutcome =
  { ok: true; line: PricedLine } | { ok: false; reason: string; code: 'ProductNotFound' | 'QuoteRefused' };

/** The engine's selection from a stored (wire) selection. */
export function toEngineSelection(selection: Selection): QuoteSelection {
  return toQuoteSelection({ ...selection, ProductId: 0 });
}

/** A stored line's selection (kept as wire JSON with the line), as the engine reads it. */
export function storedEngineSelection(line: { selection_json: string }): QuoteSelection {
  return toEngineSelection(JSON.parse(line.selection_json) as Selection);
}

/** Words for a configuration: `90×54mm · 300g铜版纸 · 双面四色 · 覆哑膜`. */
export function describeSelection(product: CompiledProduct, selection: QuoteSelection): string {
  const parts: string[] = [];
  const size = selection.sizeId === undefined ? undefined : product.sizes.get(selection.sizeId);
  if (size) {
    const dims = `${size.widthMm}×${size.heightMm}mm`;
    parts.push(
      size.name.includes(`${size.widthMm}×${size.heightMm}`) ? size.name : `${size.name}（${dims}）`,
    );
  } else if (selection.widthMm !== undefined && selection.heightMm !== undefined)
    parts.push(`自定义 ${selection.widthMm}×${selection.heightMm}mm`);
  const style = selection.styleId === undefined ? undefined : product.styles.get(selection.styleId);
  if (style) parts.push(product.pages ? `封面 ${style.name}` : style.name);
  const inner = selection.innerStyleId === undefined ? undefined : product.styles.get(selection.innerStyleId);
  if (inner) parts.push(`内页 ${inner.name}`);
  if (product.pages && selection.pageCount !== undefined) parts.push(`${selection.pageCount}页`);
  const colour = selection.colourId === undefined ? undefined : product.colours.get(selection.colourId);
  if (colour) parts.push(colour.name);
  for (const id of selection.technologyIds ?? []) {
    const tech = product.technologyById.get(id);
    if (tech) parts.push(tech.name);
  }
  return parts.join(' · ');
}

/** Bleed per side when the product's rules name none (docs/uploads.md preflight default). */
const DEFAULT_BLEED_MM = 3;

export function finishedSizeOf(
  product: CompiledProduct,
  selection: QuoteSelection,
): { widthMm: number; heightMm: number; bleedMm: number } | null {
  const bleedMm = product.offer?.kind === 'sheet' ? product.offer.bleedMm : DEFAULT_BLEED_MM;
  const size = selection.sizeId === undefined ? undefined : product.sizes.get(selection.sizeId);
  if (size) return { widthMm: size.widthMm, heightMm: size.heightMm, bleedMm };
  if (selection.widthMm !== undefined && selection.heightMm !== undefined)
    return { widthMm: selection.widthMm, heightMm: selection.heightMm, bleedMm };
  return null;
}

/** Prices `selection` of a product in `snapshot` by `mode`; the engine's Chinese reason when it cannot. */
export function priceLine(
  snapshot: CatalogSnapshot,
  productId: number,
  selection: QuoteSelection,
  mode: PriceMode,
): PriceOutcome {
  const product = snapshot.products.get(productId);
  if (!product) return { ok: false, reason: '商品不存在或已下架', code: 'ProductNotFound' };
  const result = PRICERS[mode](product, selection);
  if (!result.ok) return { ok: false, reason: result.reason, code: 'QuoteRefused' };
  const priced: QuoteSelection = { ...selection, quantity: result.quantity };
  return {
    ok: true,
    line: {
      catalogVersion: snapshot.version,
      productId: product.id,
      productTitle: product.title,
      unit: product.unit,
      priceMode: mode,
      selection: toSelection(priced),
      specText: describeSelection(product, priced),
      quantity: result.quantity,
      amountFen: result.totalFen,
      unitPriceFen: result.unitPriceFen,
      weightGrams: result.weightGrams,
      productionDays: result.productionDays,
      skuCode: result.skuCode ?? null,
      priceLines: result.lines.map((line) => ({
        Kind: line.kind,
        Label: line.label,
        AmountFen: line.amountFen,
        Detail: line.publicDetail ?? line.detail,
        TechnologyId: line.technologyId ?? null,
        CostDetail: line.detail,
      })),
      finishedSize: finishedSizeOf(product, priced),
    },
  };
}
