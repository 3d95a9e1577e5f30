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

/** Selected technologies tried as 一口价 bases at most (2^n subsets). */
const MAX_BASE_TECHNOLOGIES = 8;

/**
 * The 一口价 base of a selection that has none itself: the same selection with fewer of its
 * technologies that does have one — the most technologies kept, and of those the highest price.
 */
function fixedBaseOf(product: CompiledProduct, selection: ResolvedSelection): ResolvedSelection | undefined {
  const techs = selection.technologies;
  if (techs.length === 0 || techs.length > MAX_BASE_TECHNOLOGIES) return undefined;
  let best: { base: ResolvedSelection; kept: number; priceFen: number } | undefined;
  for (let keep = 0; keep < (1 << techs.length) - 1; keep++) {
    const kept = techs.filter((_, index) => (keep & (1 << index)) !== 0);
    const base = {
      ...selection,
      technologies: kept,
      techMask: kept.reduce((mask, tech) => mask | tech.bit, 0),
    };
    const skuCode = matchSkuCode(product, base);
    const priceFen =
      skuCode === undefined ? undefined : product.fixedPrices.get(skuCode)?.get(selection.quantity);
    if (priceFen === undefined) continue;
    if (!best || kept.length > best.kept || (kept.length === best.kept && priceFen > best.priceFen)) {
      best = { base, kept: kept.length, priceFen };
    }
  }
  return best?.base;
}

/**
 * 一口价 of the base plus the added finishings (docs/pricing.md "一口价与报价"): the base's
 * 一口价 line, then one line per technology the base lacks, priced as the offer prices it.
 */
function quoteFixedPlusFinishing(
  product: CompiledProduct,
  selection: ResolvedSelection,
  base: ResolvedSelection,
): QuoteResult {
  const fixed = quoteFixed(product, base);
  const offer = quoteOffer(product, selection);
  if (!fixed.ok || !offer.ok) return fixed.ok ? offer : fixed;
  const added = new Set(
    selection.technologies.filter((tech) => !base.technologies.includes(tech)).map((t) => t.id),
  );
  const finishing = offer.lines.filter(
    (line) => line.technologyId !== undefined && added.has(line.technologyId),
  );
  return completeQuote({
    product,
    selection,
    method: 'fixed',
    lines: [...fixed.lines.filter((line) => line.kind === 'fixed'), ...finishing],
    breaks: [],
    minChargeFen: 0,
  });
}

/**
 * 一口价 where the table has an entry for the selection; otherwise 报价 by the offer rules — but
 * never less than the 一口价 of the same selection with fewer of its technologies plus the added
 * finishings, so ticking a finishing never lowers the price (docs/pricing.md "一口价与报价").
 */
export function calculateFixedOrOfferPrice(product: CompiledProduct, selection: QuoteSelection): QuoteResult {
  const resolved = resolveSelection(product, selection);
  if (!resolved.ok) return resolved;
  if (hasFixedPrice(product, resolved.value) || !product.offer) return quoteFixed(product, resolved.value);
  const offer = quoteOffer(product, resolved.value);
  const base = fixedBaseOf(product, resolved.value);
  if (!base || !offer.ok) return offer;
  const withFinishing = quoteFixedPlusFinishing(product, resolved.value, base);
  return withFinishing.ok && withFinishing.totalFen > offer.totalFen ? withFinishing : offer;
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
