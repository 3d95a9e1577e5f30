import type { PriceRequestBody, Quote } from '@inkstone/contracts';
import { productsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/product/CalculationProductPriceToOffer (报价：按拼版（或面积）规则计算). An impossible combination fails with apiCode
 * -1101 and the engine's reason, which the quote panel shows in place of the price (no toast).
 */
export function calculationProductPriceToOffer(body: PriceRequestBody): Promise<Quote> {
  return api.call(productsCalls.CalculationProductPriceToOffer, body, { ignoreAlert: true });
}
