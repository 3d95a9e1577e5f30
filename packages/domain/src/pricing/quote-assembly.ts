/**
 * Shared last steps of every quote: quantity-break discount, minimum charge, total, unit price,
 * weight, production days and SKU code. The total is the sum of the lines, by construction.
 */
import type { CompiledBreak, CompiledProduct } from './compile.ts';
import { divideHalfUp, formatYuan, mul3DivHalfUp, mulDivHalfUp } from './money.ts';
import type { ImpositionPart, QuoteLine, QuoteResult, QuoteSuccess } from './quote.types.ts';
import type { ResolvedSelection } from './selection.ts';

/** Largest total a quote may reach (¥1,000,000,000); above it the input is treated as absurd. */
export const MAX_QUOTE_FEN = 100_000_000_000;

/** The merchant SKU code bound to a resolved selection: the first matching rule, if any. */
export function matchSkuCode(product: CompiledProduct, selection: ResolvedSelection): string | undefined {
  for (const rule of product.skuRules) {
    if (rule.sizeId !== undefined && rule.sizeId !== selection.sizeId) continue;
    if (rule.styleId !== undefined && rule.styleId !== selection.style.id) continue;
    if (rule.innerStyleId !== undefined && rule.innerStyleId !== selection.innerStyle?.id) continue;
    if (rule.pageCount !== undefined && rule.pageCount !== selection.pageCount) continue;
    if (rule.colourId !== undefined && rule.colourId !== selection.colour.id) continue;
    if (rule.techMask !== undefined && rule.techMask !== selection.techMask) continue;
    return rule.skuCode;
  }
  return undefined;
}

/**
 * Paper weight in grams: gsm × finished area × pieces, rounded half-up once. A booklet copy
 * weighs its cover spread plus (pages − 4) / 4 inner spreads, each spread 2 × width × height.
 */
export function weightGrams(selection: ResolvedSelection): number {
  const { widthMm, heightMm, pieces, style, innerStyle, pageCount } = selection;
  if (innerStyle && pageCount !== undefined) {
    const spreadMm2 = 2 * widthMm * heightMm;
    const perCopy = style.paper.gsm * spreadMm2 + innerStyle.paper.gsm * spreadMm2 * ((pageCount - 4) / 4);
    return mulDivHalfUp(perCopy, pieces, 1_000_000);
  }
  return mul3DivHalfUp(style.paper.gsm, widthMm * heightMm, pieces, 1_000_000);
}

/** Working days of production: the quantity's tier plus every chosen technology's extra days. */
export function productionDaysFor(product: CompiledProduct, selection: ResolvedSelection): number {
  let days = product.productionDays[0]?.days ?? 0;
  for (const tier of product.productionDays) {
    if (tier.minQuantity <= selection.quantity) days = tier.days;
  }
  for (const tech of selection.technologies) days += tech.extraDays;
  return days;
}

/** The break in force for `quantity`: the one with the highest MinQuantity not above it. */
export function breakFor(breaks: readonly CompiledBreak[], quantity: number): CompiledBreak | undefined {
  let found: CompiledBreak | undefined;
  for (const row of breaks) if (row.minQuantity <= quantity) found = row;
  return found;
}

/** What `completeQuote` needs beyond the component lines. */
export interface QuoteAssembly {
  product: CompiledProduct;
  selection: ResolvedSelection;
  method: 'fixed' | 'offer';
  lines: QuoteLine[];
  breaks: readonly CompiledBreak[];
  minChargeFen: number;
  imposition?: ImpositionPart[];
}

/**
 * Adds the discount line (subtotal × percent, rounded half-up, negated) and the minimum-charge
 * top-up line, then totals. Refuses a total above `MAX_QUOTE_FEN`.
 */
export function completeQuote(assembly: QuoteAssembly): QuoteResult {
  const { product, selection, lines } = assembly;
  let total = 0;
  for (const line of lines) total += line.amountFen;
  const active = breakFor(assembly.breaks, selection.quantity);
  if (active) {
    const discountFen = mulDivHalfUp(total, active.discountPercent, 100);
    lines.push({
      kind: 'discount',
      label: '数量优惠',
      amountFen: -discountFen,
      detail: active.detailPrefix + formatYuan(total) + active.detailSuffix,
    });
    total -= discountFen;
  }
  if (total < assembly.minChargeFen) {
    lines.push({
      kind: 'minimum',
      label: '起步价补差',
      amountFen: assembly.minChargeFen - total,
      detail: `不足起步价 ${formatYuan(assembly.minChargeFen)}，按起步价计`,
    });
    total = assembly.minChargeFen;
  }
  if (total > MAX_QUOTE_FEN) return { ok: false, reason: '报价金额超出上限，请联系商家人工报价' };
  const skuCode = matchSkuCode(product, selection);
  const quote: QuoteSuccess = {
    ok: true,
    method: assembly.method,
    productId: product.id,
    quantity: selection.quantity,
    totalFen: total,
    unitPriceFen: divideHalfUp(total, selection.quantity),
    lines,
    weightGrams: weightGrams(selection),
    productionDays: productionDaysFor(product, selection),
  };
  // Set after, in this order, rather than spread in: the same keys without two objects a quote.
  if (skuCode !== undefined) quote.skuCode = skuCode;
  if (assembly.imposition) quote.imposition = assembly.imposition;
  return quote;
}
