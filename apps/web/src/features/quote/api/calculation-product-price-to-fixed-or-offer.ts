import type { PriceRequestBody, Quote } from '@inkstone/contracts';
import { productsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/product/CalculationProductPriceToFixedOrOffer (有一口价用一口价，否则报价). An impossible combination fails with apiCode
 * -1101 and the engine's reason, which the quote panel shows in place of the price (no toast).
 */
export function calculationProductPriceToFixedOrOffer(body: PriceRequestBody): Promise<Quote> {
  return api.call(productsCalls.CalculationProductPriceToFixedOrOffer, body, { ignoreAlert: true });
}
