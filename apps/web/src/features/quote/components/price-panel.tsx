import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LiveQuote } from '../hooks/use-live-quote.ts';
import { formatFen } from '../../../lib/format.ts';
import { PriceFacts, PriceLines, PriceProblem } from './price-panel-parts.tsx';

export interface PricePanelProps {
  id?: string;
  live: LiveQuote;
  unit: string;
  /** The merchant's daily cut-off, for the note before the first prediction arrives. */
  cutoffTime: string;
  /** 加入购物车 / 立即下单, and what they say. */
  actions: ReactNode;
}

const METHOD_NAMES = { fixed: '一口价', offer: '报价' } as const;

/** The live price: total, unit price, itemised lines, weight, production days and ship date. */
export function PricePanel({ id, live, unit, cutoffTime, actions }: PricePanelProps) {
  const priced = live.priced;
  const quote = priced?.quote ?? null;
  const hasPrice = quote !== null && live.status === 'ready';
  const isBusy = live.isBusy;
  const problem = live.status === 'refused' || live.status === 'failed' || live.status === 'invalid';
  // Kept here, so the choice outlives a price being asked again.
  const [showsDetail, setShowsDetail] = useState(false);

  return (
    <section
      id={id}
      className={`ink-price${isBusy ? ' is-busy' : ''}`}
      aria-label="报价明细"
      aria-busy={isBusy}
    >
      <header className="ink-price__head">
        <h2 className="ink-price__title">报价明细</h2>
        {quote && hasPrice && <span className="ink-price__method">{METHOD_NAMES[quote.Method]}</span>}
        <span className="ink-price__busy" aria-hidden="true">
          计算中…
        </span>
      </header>

      {problem && live.message && <PriceProblem live={live} />}

      {!quote && !problem ? (
        <div className="ink-price__skeleton" aria-label="正在计算价格">
          <span />
          <span />
          <span />
        </div>
      ) : (
        <>
          <div className="ink-price__total-row">
            <span className="ink-price__total-label">合计</span>
            <strong className={`ink-price__total${hasPrice ? '' : ' is-empty'}`} data-testid="quote-total">
              {hasPrice && quote ? formatFen(quote.TotalFen) : '—'}
            </strong>
          </div>
          {hasPrice && quote && (
            <>
              <p className="ink-price__unit" data-testid="quote-unit-price">
                单价 <b>{formatFen(quote.UnitPriceFen)}</b>/{quote.Unit || unit} · 共{' '}
                {quote.Quantity.toLocaleString('zh-CN')} {quote.Unit || unit}
              </p>
              <PriceLines
                quote={quote}
                showsDetail={showsDetail}
                onToggleDetail={() => setShowsDetail((shown) => !shown)}
              />
              <PriceFacts quote={quote} shipDate={priced?.shipDate ?? null} cutoffTime={cutoffTime} />
            </>
          )}
        </>
      )}
      <div className="ink-price__actions">{actions}</div>
    </section>
  );
}
