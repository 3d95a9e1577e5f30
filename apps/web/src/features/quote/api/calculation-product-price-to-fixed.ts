import type { PriceRequestBody, Quote } from '@inkstone/contracts';
import { productsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/product/CalculationProductPriceToFixed (一口价：按 SKU 与数量查一口价表). An impossible combination fails with apiCode
 * -1101 and the engine's reason, which the quote panel shows in place of the price (no toast).
 */
export function calculationProductPriceToFixed(body: PriceRequestBody): Promise<Quote> {
  return api.call(productsCalls.CalculationProductPriceToFixed, body, { ignoreAlert: true });
}
