import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ProductInfo } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { browserStorage } from '../../../lib/session.ts';
import type { OrderSelection } from '../components/order-actions.tsx';
import type { QuoteSource } from '../quote-source.ts';
import {
  loadExcludedTechnologies,
  loadSavedChoices,
  saveChoices,
  saveExcludedTechnologies,
} from '../utils/persisted-choices.ts';
import { orderStateOf } from '../utils/order-state.ts';
import type { AddOrderKind } from '../utils/order-state.ts';
import { requestKey, restoreDraft, technologyReasons, toPriceRequest } from '../utils/selection.ts';
import { useLiveQuote } from './use-live-quote.ts';
import { usePriceCurve } from './use-price-curve.ts';
import { useQuoteDraft } from './use-quote-draft.ts';

/** The order buttons' one request at a time (spec §3 add-order flag). */
export interface AddOrderControl {
  /** The button whose request is in flight, or null. */
  pending: AddOrderKind | null;
  /** Runs `send` unless a request is already in flight; false when it was refused for that. */
  submit(kind: AddOrderKind, send: () => Promise<void>): Promise<boolean>;
}

/** At most one 加入购物车 / 立即下单 request at a time, however fast the buttons are pressed. */
function useAddOrderControl(): AddOrderControl {
  const [pending, setPending] = useState<AddOrderKind | null>(null);
  // A ref as well as state: two presses in one frame both see the state of before the first.
  const inFlight = useRef(false);
  const submit = useCallback(async (kind: AddOrderKind, send: () => Promise<void>) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setPending(kind);
    try {
      await send();
    } finally {
      inFlight.current = false;
      setPending(null);
    }
    return true;
  }, []);
  return useMemo(() => ({ pending, submit }), [pending, submit]);
}

/**
 * The quote screen's state: the choices (restored from the last visit), the live price and the
 * unit-price curve, which technologies cannot be chosen now, and what the order buttons may add.
 * A priced selection is remembered for the next visit. `orderState` names it all as spec §3's
 * order state does.
 */
export function useQuoteWorkbench(info: ProductInfo, source: QuoteSource) {
  const product = info.Product;
  const storage = useMemo(() => browserStorage('localStorage'), []);
  const saved = useMemo(() => loadSavedChoices(storage, product.Id), [storage, product.Id]);
  const [draft, actions] = useQuoteDraft(
    product,
    () => restoreDraft(product, info.DefaultSelection, saved),
    saved,
  );
  const request = useMemo(() => toPriceRequest(product, draft), [product, draft]);
  const live = useLiveQuote(source, product.PriceMode, request);

  const priced = live.priced;
  const isCurrent = request.ok && priced !== null && requestKey(priced.body) === requestKey(request.body);
  const serverExcluded = useMemo(() => {
    if (isCurrent && live.status === 'ready') return priced.quote.ExcludedTechnologies;
    if (priced === null) return loadExcludedTechnologies(storage, product.Id) ?? info.ExcludedTechnologies;
    return null;
  }, [isCurrent, live.status, priced, storage, product.Id, info.ExcludedTechnologies]);
  const reasons = useMemo(
    () => technologyReasons(product, draft, serverExcluded),
    [product, draft, serverExcluded],
  );
  const curve = usePriceCurve(source, product, live.status === 'ready' && priced ? priced.body : null);

  useEffect(() => {
    if (live.status !== 'ready' || !priced) return;
    saveChoices(storage, priced.body);
    saveExcludedTechnologies(storage, product.Id, priced.quote.ExcludedTechnologies);
  }, [live.status, priced, storage, product.Id]);

  // Steady while a new price is asked, so the buttons do not blink on every change.
  const canOrder = priced !== null && live.status === 'ready';
  // What the order buttons put into the cart: the selection whose price is on screen.
  const selection: OrderSelection | null =
    canOrder && isCurrent
      ? { body: priced.body, totalFen: priced.quote.TotalFen, priceMode: product.PriceMode }
      : null;

  const addOrder = useAddOrderControl();
  const orderState = orderStateOf({
    product,
    request,
    live,
    currentQuote: selection && priced ? priced.quote : null,
    addingOrder: addOrder.pending,
  });

  return {
    draft,
    actions,
    request,
    live,
    reasons,
    curve,
    canOrder,
    selection,
    addOrder,
    orderState,
    total: priced && live.status === 'ready' ? formatFen(priced.quote.TotalFen) : '—',
  };
}
