import type { PriceRequestBody, ProCalBody, Quote } from '@inkstone/contracts';
import { productsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/public/pro-cal (login-free, no token): a price for version 4's product introduction,
 * by the product's own price mode (`Mode: 'auto'`). Refusals come back as -1101 with the reason.
 */
export function proCal(body: PriceRequestBody): Promise<Quote> {
  const request: ProCalBody = { ...body, Mode: 'auto' };
  return api.call(productsCalls.ProCal, request, { useToken: false, ignoreAlert: true });
}
