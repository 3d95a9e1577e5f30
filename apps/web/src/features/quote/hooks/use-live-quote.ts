import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiCode } from '@inkstone/contracts';
import type { PriceRequestBody, Quote, ShipDatePredictionWire } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import type { ProductPriceMode, QuoteSource } from '../quote-source.ts';
import { createLatestOnly } from '../utils/latest-only.ts';
import { requestKey } from '../utils/selection.ts';
import type { PriceRequestResult } from '../utils/selection.ts';
import { peekFresh, quoteQuery, shipDateQuery } from './quote-queries.ts';

/** Quiet time after a change before asking: short enough that a price shows within 100 ms. */
export const QUOTE_DEBOUNCE_MS = 25;

export interface PricedSelection {
  body: PriceRequestBody;
  quote: Quote;
  /** Null when the prediction failed; the price still stands. */
  shipDate: ShipDatePredictionWire | null;
}

export interface LiveQuote {
  /**
   * What the last answer said: `loading` none yet; `ready` a price; `refused` the engine cannot
   * make the combination; `failed` the call failed; `invalid` the draft has a problem shown
   * beside its field. It changes only when an answer arrives, so nothing flickers meanwhile.
   */
  status: 'loading' | 'ready' | 'refused' | 'failed' | 'invalid';
  /** A newer selection is being priced; the screen still shows the last answer. */
  isBusy: boolean;
  /** The last priced selection (kept while the next reply is awaited). */
  priced: PricedSelection | null;
  /** Why there is no price: the engine's reason, the failure, or the draft's problem. */
  message: string | null;
}

/** Why a price call failed, for the price panel: the refusal reason or the failure message. */
function describeFailure(error: unknown): { status: 'refused' | 'failed'; message: string } {
  if (error instanceof ApiError) {
    if (error.apiCode === ApiCode.QuoteRefused) return { status: 'refused', message: error.message };
    return { status: 'failed', message: error.message || '报价失败，请稍后重试' };
  }
  return { status: 'failed', message: '报价失败，请稍后重试' };
}

/**
 * The live price of the draft: requests debounced, replies to older selections dropped, cached
 * selections answered at once, and the last price kept on screen while the next one is asked.
 */
export function useLiveQuote(
  source: QuoteSource,
  mode: ProductPriceMode,
  request: PriceRequestResult,
): LiveQuote {
  const client = useQueryClient();
  const [state, setState] = useState<LiveQuote>({
    status: 'loading',
    isBusy: true,
    priced: null,
    message: null,
  });

  const runner = useMemo(
    () =>
      createLatestOnly<PriceRequestBody, PricedSelection>({
        delayMs: QUOTE_DEBOUNCE_MS,
        peek(body) {
          const quote = peekFresh<Quote>(client, quoteQuery(source, mode, body));
          const shipDate = peekFresh<ShipDatePredictionWire>(client, shipDateQuery(source, body));
          return quote && shipDate ? { body, quote, shipDate } : undefined;
        },
        async run(body) {
          const [quote, shipDate] = await Promise.all([
            client.fetchQuery(quoteQuery(source, mode, body)),
            client.fetchQuery(shipDateQuery(source, body)).catch(() => null),
          ]);
          return { body, quote, shipDate };
        },
        onStart: () => setState((current) => ({ ...current, isBusy: true })),
        onSettle(outcome) {
          if (outcome.ok) {
            setState({ status: 'ready', isBusy: false, priced: outcome.value, message: null });
          } else {
            setState((current) => ({ ...current, isBusy: false, ...describeFailure(outcome.error) }));
          }
        },
      }),
    [client, source, mode],
  );

  useEffect(() => () => runner.cancel(), [runner]);

  const key = request.ok ? requestKey(request.body) : `invalid:${request.message}`;
  useEffect(() => {
    if (request.ok) {
      runner.schedule(request.body);
    } else {
      runner.cancel();
      setState((current) => ({ ...current, status: 'invalid', isBusy: false, message: request.message }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the request: a re-render with an equal selection asks nothing.
  }, [runner, key]);

  return state;
}
