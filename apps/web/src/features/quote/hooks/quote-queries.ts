import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { PriceRequestBody } from '@inkstone/contracts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ProductPriceMode, QuoteSource } from '../quote-source.ts';
import { requestKey } from '../utils/selection.ts';

/** A price depends only on the selection and the catalogue, which changes rarely. */
const QUOTE_FRESH_MS = 5 * 60_000;
/** A ship date moves at the cut-off time, so it is asked again after a minute. */
const SHIP_DATE_FRESH_MS = 60_000;

/** The quote of one selection, cached per selection (the chart and the price share entries). */
export function quoteQuery(source: QuoteSource, mode: ProductPriceMode, body: PriceRequestBody) {
  return queryOptions({
    queryKey: queryKeys.quote(source.key, mode, requestKey(body)),
    queryFn: () => source.quote(body, mode),
    staleTime: QUOTE_FRESH_MS,
  });
}

export function shipDateQuery(source: QuoteSource, body: PriceRequestBody) {
  return queryOptions({
    queryKey: queryKeys.shipDate(source.key, requestKey(body)),
    queryFn: () => source.shipDate(body),
    staleTime: SHIP_DATE_FRESH_MS,
  });
}

/** Cached data that is still fresh, else undefined (so nothing needs to be sent). */
export function peekFresh<T>(
  client: QueryClient,
  options: { queryKey: readonly unknown[]; staleTime?: unknown },
): T | undefined {
  const state = client.getQueryState(options.queryKey);
  const freshMs = typeof options.staleTime === 'number' ? options.staleTime : 0;
  if (!state || state.status !== 'success' || Date.now() - state.dataUpdatedAt > freshMs) return undefined;
  return state.data as T;
}
