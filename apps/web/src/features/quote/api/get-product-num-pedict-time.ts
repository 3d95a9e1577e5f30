import type { PriceRequestBody, ShipDatePredictionWire } from '@inkstone/contracts';
import { productsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/product/GetProductNumPedictTime: the predicted ship date of a selection (production
 * days by quantity and technologies, the merchant's cut-off time and calendar, China time).
 */
export function getProductNumPedictTime(body: PriceRequestBody): Promise<ShipDatePredictionWire> {
  return api.call(productsCalls.GetProductNumPedictTime, body, {
    ignoreAlert: true,
  });
}
