import type { ReactNode } from 'react';
import type { ProductInfo } from '@inkstone/contracts';
import { useQuoteWorkbench } from '../hooks/use-quote-workbench.ts';
import type { AddOrderControl } from '../hooks/use-quote-workbench.ts';
import type { QuoteSource } from '../quote-source.ts';
import { BenchHead } from './bench-head.tsx';
import type { ProductLink } from './category-products.tsx';
import type { OrderSelection } from './order-actions.tsx';
import { PriceChart } from './price-chart.tsx';
import { PricePanel } from './price-panel.tsx';
import { QuoteChoices } from './quote-choices.tsx';

/** The price panel, which the phone bar scrolls to. */
const PRICE_PANEL_ID = 'ink-price-panel';

export interface QuoteWorkbenchProps {
  info: ProductInfo;
  source: QuoteSource;
  /** Category names above the product, outermost first. */
  trail: string[];
  /** The products of the same category, to switch between. */
  products: ProductLink[];
  /** Renders 加入购物车 / 立即下单 for the current total, sending one request at a time. */
  renderActions(context: {
    canOrder: boolean;
    selection: OrderSelection | null;
    addOrder: AddOrderControl;
  }): ReactNode;
}

/** The phone's bottom bar: the total, and a link to the itemised price. */
function BenchBar({ total }: { total: string }) {
  return (
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
  );
}

/**
 * The quote screen of one product, shared by every version's quotation page and version 4's
 * product introduction: choices on the left, the live itemised price and the unit-price chart on
 * the right (stacked on phones, with the total in a bar at the bottom).
 */
export function QuoteWorkbench({ info, source, trail, products, renderActions }: QuoteWorkbenchProps) {
  const product = info.Product;
  const { draft, actions, request, live, reasons, curve, canOrder, selection, addOrder, total } =
    useQuoteWorkbench(info, source);

  return (
    <article className="ink-bench" aria-labelledby="ink-bench-title">
      <BenchHead info={info} trail={trail} products={products} />

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
            actions={renderActions({ canOrder, selection, addOrder })}
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

      <BenchBar total={total} />
    </article>
  );
}
