import { useEffect, useMemo } from 'react';
import type { PriceRequestBody, ProductInfo, Selection } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { useQuoteDraft } from '../hooks/use-quote-draft.ts';
import { accountQuoteSource } from '../quote-source.ts';
import { draftFromSelection, requestKey, technologyReasons, toPriceRequest } from '../utils/selection.ts';
import { QuoteChoices } from './quote-choices.tsx';
import './quote.css';

/** A selection priced by the server, as the editor hands it back. */
export interface EditedSelection {
  body: PriceRequestBody;
  totalFen: number;
}

export interface QuoteEditorProps {
  info: ProductInfo;
  /** Where the controls start: a selection of this product, else its default selection. */
  initial: Selection | null;
  /** The selection whose server price is on screen, or null while there is none. */
  onPriced(selection: EditedSelection | null): void;
}

/**
 * The quote screen's controls for one configuration outside the quotation page (batch ordering
 * edits a row with them): the same choices, the same rules and greyed-out technologies, the live
 * server price under them.
 */
export function QuoteEditor({ info, initial, onPriced }: QuoteEditorProps) {
  const product = info.Product;
  const [draft, actions] = useQuoteDraft(
    product,
    () => draftFromSelection(initial ?? info.DefaultSelection),
    null,
  );
  const request = useMemo(() => toPriceRequest(product, draft), [product, draft]);
  const live = useLiveQuote(accountQuoteSource, product.PriceMode, request);
  const priced = live.priced;
  const isCurrent =
    request.ok &&
    priced !== null &&
    live.status === 'ready' &&
    requestKey(priced.body) === requestKey(request.body);
  const reasons = useMemo(
    () => technologyReasons(product, draft, isCurrent ? priced.quote.ExcludedTechnologies : null),
    [product, draft, isCurrent, priced],
  );

  useEffect(() => {
    if (!isCurrent || !priced) onPriced(null);
    else onPriced({ body: priced.body, totalFen: priced.quote.TotalFen });
  }, [isCurrent, priced, onPriced]);

  return (
    <div className="ink-quote-editor">
      <QuoteChoices
        product={product}
        draft={draft}
        actions={actions}
        problem={request.ok ? null : request}
        technologyReasons={reasons}
      />
      <p className="ink-quote-editor__price" role="status" aria-live="polite">
        {isCurrent && priced ? (
          <>
            合计 <strong>{formatFen(priced.quote.TotalFen)}</strong>
          </>
        ) : live.status === 'refused' || live.status === 'failed' || live.status === 'invalid' ? (
          <span className="ink-quote-editor__problem">{live.message}</span>
        ) : (
          '计算中…'
        )}
      </p>
    </div>
  );
}
