import type { PriceRequestBody, ProductDetail, Quote, ShipDatePredictionWire } from '@inkstone/contracts';
import { calculationProductPriceToFixed } from './api/calculation-product-price-to-fixed.ts';
import { calculationProductPriceToFixedOrOffer } from './api/calculation-product-price-to-fixed-or-offer.ts';
import { calculationProductPriceToOffer } from './api/calculation-product-price-to-offer.ts';
import { getProductNumPedictTime } from './api/get-product-num-pedict-time.ts';
import { proCal } from './api/pro-cal.ts';

export type ProductPriceMode = ProductDetail['PriceMode'];

/** Where a quote screen gets its prices: the customer's calls, or the public ones of version 4. */
export interface QuoteSource {
  /** Part of every cache key, so the two sources never share an entry. */
  key: 'account' | 'public';
  quote(body: PriceRequestBody, mode: ProductPriceMode): Promise<Quote>;
  shipDate(body: PriceRequestBody): Promise<ShipDatePredictionWire>;
}

/** The price call of spec §7 for each product price mode (docs/pricing.md). */
const PRICE_CALLS: Record<ProductPriceMode, (body: PriceRequestBody) => Promise<Quote>> = {
  offer: calculationProductPriceToOffer,
  fixed: calculationProductPriceToFixed,
  fixedOrOffer: calculationProductPriceToFixedOrOffer,
};

/** The quotation centre: the price call of the product's mode, and the ship-date prediction. */
export const accountQuoteSource: QuoteSource = {
  key: 'account',
  quote: (body, mode) => PRICE_CALLS[mode](body),
  shipDate: getProductNumPedictTime,
};

/**
 * Version 4's product introduction, without login: pro-cal prices by the product's own mode. The
 * ship-date prediction needs only the app token every visitor holds after the start sequence.
 */
export const publicQuoteSource: QuoteSource = {
  key: 'public',
  quote: (body) => proCal(body),
  shipDate: getProductNumPedictTime,
};
