import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductInfo } from '@inkstone/contracts';
import { browserStorage } from '../../../lib/session.ts';
import { useLiveQuote } from '../hooks/use-live-quote.ts';
import { usePriceCurve } from '../hooks/use-price-curve.ts';
import { useQuoteDraft } from '../hooks/use-quote-draft.ts';
import type { QuoteSource } from '../quote-source.ts';
import { formatFen } from '../../../lib/format.ts';
import {
  loadExcludedTechnologies,
  loadSavedChoices,
  saveChoices,
  saveExcludedTechnologies,
} from '../utils/persisted-choices.ts';
import { requestKey, restoreDraft, technologyReasons, toPriceRequest } from '../utils/selection.ts';
import { PriceChart } from './price-chart.tsx';
import type { OrderSelection } from './order-actions.tsx';
import { PricePanel } from './price-panel.tsx';
import { QuoteChoices } from './quote-choices.tsx';

/** The price panel, which the phone bar scrolls to. */
const PRICE_PANEL_ID = 'ink-price-panel';

export interface ProductLink {
  id: number;
  title: string;
  href: string;
}

export interface QuoteWorkbenchProps {
  info: ProductInfo;
  source: QuoteSource;
  /** Category names above the product, outermost first. */
  trail: string[];
  /** The products of the same category, to switch between. */
  products: ProductLink[];
  /** Renders 加入购物车 / 立即下单 for the current total. */
  renderActions(context: { canOrder: boolean; selection: OrderSelection | null }): ReactNode;
}

/** Production days as a range over the product's quantity tiers. */
function productionRange(info: ProductInfo): string | null {
  const days = info.Product.ProductionDays.map((tier) => tier.Days);
  if (days.length === 0) return null;
  const min = Math.min(...days);
  const max = Math.max(...days);
  return min === max ? `${min} 个工作日` : `${min}–${max} 个工作日`;
}

/**
 * The quote screen of one product, shared by every version's quotation page and version 4's
 * product introduction: choices on the left, the live itemised price and the unit-price chart on
 * the right (stacked on phones, with the total in a bar at the bottom).
 */
export function QuoteWorkbench({ info, source, trail, products, renderActions }: QuoteWorkbenchProps) {
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
  const total = priced && live.status === 'ready' ? formatFen(priced.quote.TotalFen) : '—';
  // What the order buttons put into the cart: the selection whose price is on screen.
  const selection: OrderSelection | null =
    canOrder && isCurrent
      ? { body: priced.body, totalFen: priced.quote.TotalFen, priceMode: product.PriceMode }
      : null;
  const production = productionRange(info);
  const facts = [
    {
      label: '计价',
      value:
        product.PriceMode === 'fixed'
          ? '一口价'
          : product.PriceMode === 'offer'
            ? '按工艺报价'
            : '一口价 / 报价',
    },
    production && { label: '生产周期', value: production },
    { label: '截单时间', value: `每日 ${info.CutoffTime}` },
    product.MinChargeFen > 0 && { label: '起步价', value: formatFen(product.MinChargeFen) },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact));

  return (
    <article className="ink-bench" aria-labelledby="ink-bench-title">
      <header className="ink-bench__head">
        {trail.length > 0 && (
          <p className="ink-bench__trail" aria-label="所在分类">
            {trail.join(' / ')}
          </p>
        )}
        <h1 className="ink-bench__title" id="ink-bench-title">
          {product.Title}
        </h1>
        {product.Summary && <p className="ink-bench__summary">{product.Summary}</p>}
        <ul className="ink-bench__facts">
          {facts.map((fact) => (
            <li key={fact.label}>
              <span>{fact.label}</span>
              {fact.value}
            </li>
          ))}
        </ul>
        {products.length > 1 && (
          <nav className="ink-bench__products" aria-label="同类产品">
            {products.map((item) => (
              <Link
                key={item.id}
                to={item.href}
                className={`ink-bench__product${item.id === product.Id ? ' is-active' : ''}`}
                aria-current={item.id === product.Id ? 'page' : undefined}
              >
                {item.title}
              </Link>
            ))}
          </nav>
        )}
      </header>

      <div className="ink-bench__body">
        <section className="ink-bench__choices" aria-label="选择规格">
          <QuoteChoices
            product={product}
            draft={draft}
            actions={actions}
            problem={request.ok ? null : request}
            technologyReasons={reasons}
          />
        </section>
        <aside className="ink-bench__side">
          <PricePanel
            id={PRICE_PANEL_ID}
            live={live}
            unit={product.Unit}
            cutoffTime={info.CutoffTime}
            actions={renderActions({ canOrder, selection })}
          />
        </aside>
        <div className="ink-bench__chart">
          {live.status === 'ready' && (
            <PriceChart
              curve={curve}
              unit={product.Unit}
              currentQuantity={request.ok ? request.body.Quantity : null}
              breaks={product.Breaks}
              onChooseQuantity={actions.setQuantity}
            />
          )}
        </div>
      </div>

      <div className="ink-bench__bar">
        <div className="ink-bench__bar-sum">
          <span className="ink-bench__bar-label">合计</span>
          <strong className="ink-bench__bar-total">{total}</strong>
        </div>
        <button
          type="button"
          className="ink-bench__bar-link"
          onClick={() => document.getElementById(PRICE_PANEL_ID)?.scrollIntoView({ behavior: 'smooth' })}
        >
          查看明细
        </button>
      </div>
    </article>
  );
}
