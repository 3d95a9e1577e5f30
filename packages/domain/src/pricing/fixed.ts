/**
 * 一口价 (fixed price) lookup by SKU binding and quantity, the fixed-or-offer combination, and
 * the product's default mode. Spec §7 CalculationProductPriceToFixed / ToFixedOrOffer.
 */
import type { CompiledProduct } from './compile.ts';
import { groupThousands } from './money.ts';
import { calculateOfferPrice, quoteOffer } from './offer.ts';
import { completeQuote, matchSkuCode } from './quote-assembly.ts';
import type { QuoteResult, QuoteSelection } from './quote.types.ts';
import { resolveSelection, type ResolvedSelection } from './selection.ts';

function quoteFixed(product: CompiledProduct, selection: ResolvedSelection): QuoteResult {
  const skuCode = matchSkuCode(product, selection);
  const table = skuCode === undefined ? undefined : product.fixedPrices.get(skuCode);
  if (skuCode === undefined || !table) return { ok: false, reason: '该规格组合暂无一口价' };
  const priceFen = table.get(selection.quantity);
  if (priceFen === undefined) {
    return { ok: false, reason: `该规格一口价只有以下数量：${[...table.keys()].join('、')}${product.unit}` };
  }
  return completeQuote({
    product,
    selection,
    method: 'fixed',
    lines: [
      {
        kind: 'fixed',
        label: '一口价',
        amountFen: priceFen,
        detail: `SKU ${skuCode}：${groupThousands(selection.quantity)}${product.unit}`,
      },
    ],
    breaks: [],
    minChargeFen: 0,
  });
}

/** True when the resolved selection has a 一口价 table entry. */
function hasFixedPrice(product: CompiledProduct, selection: ResolvedSelection): boolean {
  const skuCode = matchSkuCode(product, selection);
  return skuCode !== undefined && product.fixedPrices.get(skuCode)?.has(selection.quantity) === true;
}

/**
 * 一口价: the price listed for the selection's SKU and quantity, as one line. Refuses with a
 * Chinese reason when the combination has no SKU, or the quantity is not in its table.
 */
export function calculateFixedPrice(product: CompiledProduct, selection: QuoteSelection): QuoteResult {
  const resolved = resolveSelection(product, selection);
  return resolved.ok ? quoteFixed(product, resolved.value) : resolved;
}

/** 一口价 where the table has an entry for the selection, else 报价 by the offer rules. */
export function calculateFixedOrOfferPrice(product: CompiledProduct, selection: QuoteSelection): QuoteResult {
  const resolved = resolveSelection(product, selection);
  if (!resolved.ok) return resolved;
  if (hasFixedPrice(product, resolved.value) || !product.offer) return quoteFixed(product, resolved.value);
  return quoteOffer(product, resolved.value);
}

/** Prices `selection` by the product's own PriceMode (fixed, offer or fixedOrOffer). */
export function calculatePrice(product: CompiledProduct, selection: QuoteSelection): QuoteResult {
  switch (product.priceMode) {
    case 'fixed':
      return calculateFixedPrice(product, selection);
    case 'offer':
      return calculateOfferPrice(product, selection);
    case 'fixedOrOffer':
      return calculateFixedOrOfferPrice(product, selection);
  }
}

/**
 * The merchant SKU code bound to `selection` (spec §7 getcommonproductskucodebindrule), or
 * `{ ok: false, reason }` when the selection is invalid or no binding rule matches.
 */
export function findSkuCode(
  product: CompiledProduct,
  selection: QuoteSelection,
): { ok: true; skuCode: string } | { ok: false; reason: string } {
  const resolved = resolveSelection(product, selection);
  if (!resolved.ok) return resolved;
  const skuCode = matchSkuCode(product, resolved.value);
  return skuCode === undefined ? { ok: false, reason: '该规格组合没有绑定SKU' } : { ok: true, skuCode };
}
