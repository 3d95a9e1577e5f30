import { useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { PriceRequestBody, ProductDetail } from '@inkstone/contracts';
import type { QuoteSource } from '../quote-source.ts';
import type { CurvePoint } from '../utils/price-curve.ts';
import { quoteQuery } from './quote-queries.ts';

/** Most quantities the chart asks about at once. */
const MAX_CURVE_POINTS = 8;

/**
 * The quantities of the unit-price chart: the product's quantity presets, or — without enough
 * presets — round multiples of the free-entry minimum that the quantity rule allows, plus the
 * quantity being priced.
 */
export function curveQuantities(product: ProductDetail, current: number | null): number[] {
  const chosen = new Set(product.Quantity.Presets);
  const free = product.Quantity.Free;
  if (chosen.size < 3 && free) {
    for (const factor of [1, 2, 5, 10, 20, 50, 100, 200, 500]) {
      const quantity = free.Min * factor;
      if (quantity <= free.Max && (quantity - free.Min) % free.Step === 0) chosen.add(quantity);
    }
  }
  const sorted = [...chosen].sort((a, b) => a - b).slice(0, MAX_CURVE_POINTS);
  if (current !== null && current > 0 && !sorted.includes(current)) sorted.push(current);
  return sorted.sort((a, b) => a - b);
}

export interface PriceCurve {
  points: CurvePoint[];
  /** Some quantities are still being asked (the previous curve stays meanwhile). */
  isUpdating: boolean;
}

/**
 * Quotes of the priced selection at each chart quantity, asked in parallel once the price itself
 * has arrived, cached per selection (the current quantity shares the price's entry). The last
 * complete curve stays on screen while a new one is asked, so the chart does not flicker.
 */
export function usePriceCurve(
  source: QuoteSource,
  product: ProductDetail,
  body: PriceRequestBody | null,
): PriceCurve {
  const quantities = curveQuantities(product, body?.Quantity ?? null);
  const results = useQueries({
    queries: quantities.map((quantity) => ({
      ...quoteQuery(source, product.PriceMode, {
        ...(body ?? { ProductId: product.Id }),
        Quantity: quantity,
      }),
      enabled: body !== null,
    })),
  });
  const last = useRef<CurvePoint[]>([]);
  const isSettled = body !== null && results.every((result) => !result.isPending || result.isError);
  if (isSettled) {
    last.current = results.flatMap((result) =>
      result.data
        ? [
            {
              quantity: result.data.Quantity,
              totalFen: result.data.TotalFen,
              unitPriceFen: result.data.UnitPriceFen,
            },
          ]
        : [],
    );
  }
  return { points: last.current, isUpdating: !isSettled };
}
