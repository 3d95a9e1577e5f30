import { useState } from 'react';
import type { ReactNode } from 'react';
import { CalendarOutlined, DownOutlined, ExclamationCircleFilled, UpOutlined } from '@ant-design/icons';
import type { ShipDatePredictionWire } from '@inkstone/contracts';
import type { LiveQuote } from '../hooks/use-live-quote.ts';
import { formatFen, formatShipDate, formatWeight } from '../../../lib/format.ts';

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

/** What the cut-off time means for this order, in one sentence. */
function cutoffNote(prediction: ShipDatePredictionWire): string {
  if (prediction.IsAfterCutoff) {
    return `今日已过 ${prediction.CutoffTime} 截单时间，现在下单从 ${formatShipDate(prediction.StartDate)}开始生产`;
  }
  if (prediction.StartDate !== prediction.OrderDate) {
    return `今日非生产日，现在下单从 ${formatShipDate(prediction.StartDate)}开始生产`;
  }
  return `每日 ${prediction.CutoffTime} 前付款的订单当天开始生产`;
}

/** The live price: total, unit price, itemised lines, weight, production days and ship date. */
export function PricePanel({ id, live, unit, cutoffTime, actions }: PricePanelProps) {
  const priced = live.priced;
  const quote = priced?.quote ?? null;
  const shipDate = priced?.shipDate ?? null;
  const hasPrice = quote !== null && live.status === 'ready';
  const isBusy = live.isBusy;
  const problem = live.status === 'refused' || live.status === 'failed' || live.status === 'invalid';
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

      {problem && live.message && (
        <div
          className={`ink-price__alert ink-price__alert--${live.status}`}
          role="alert"
          data-testid="quote-problem"
        >
          <ExclamationCircleFilled />
          <div>
            <strong>
              {live.status === 'refused'
                ? '该组合无法报价'
                : live.status === 'invalid'
                  ? '请修改规格'
                  : '报价失败'}
            </strong>
            <p>{live.message}</p>
          </div>
        </div>
      )}

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
              <div className="ink-price__lines-head">
                <span>价格组成</span>
                <button
                  type="button"
                  className="ink-price__detail-toggle"
                  aria-expanded={showsDetail}
                  onClick={() => setShowsDetail((shown) => !shown)}
                >
                  {showsDetail ? '收起计算过程' : '查看计算过程'}{' '}
                  {showsDetail ? <UpOutlined /> : <DownOutlined />}
                </button>
              </div>
              <ul className="ink-price__lines" aria-label="价格组成">
                {quote.Lines.map((line, index) => (
                  <li
                    key={`${line.Label}-${index}`}
                    className={`ink-price__line ink-price__line--${line.Kind}`}
                  >
                    <div className="ink-price__line-head">
                      <span className="ink-price__line-label">{line.Label}</span>
                      <span className="ink-price__line-amount">{formatFen(line.AmountFen)}</span>
                    </div>
                    {showsDetail && line.Detail && <p className="ink-price__line-detail">{line.Detail}</p>}
                  </li>
                ))}
              </ul>
              <dl className="ink-price__facts">
                <div>
                  <dt>重量</dt>
                  <dd>约 {formatWeight(quote.WeightGrams)}</dd>
                </div>
                <div>
                  <dt>生产周期</dt>
                  <dd data-testid="quote-production-days">{quote.ProductionDays} 个工作日</dd>
                </div>
                {quote.SkuCode && (
                  <div>
                    <dt>SKU</dt>
                    <dd>{quote.SkuCode}</dd>
                  </div>
                )}
              </dl>
              <div className="ink-price__ship">
                <CalendarOutlined />
                <div>
                  <p className="ink-price__ship-date">
                    预计发货{' '}
                    <b data-testid="quote-ship-date">{shipDate ? formatShipDate(shipDate.ShipDate) : '—'}</b>
                  </p>
                  <p className="ink-price__ship-note">
                    {shipDate ? cutoffNote(shipDate) : `每日 ${cutoffTime} 截单，发货日以付款时间为准`}
                  </p>
                </div>
              </div>
            </>
          )}
        </>
      )}
      <div className="ink-price__actions">{actions}</div>
    </section>
  );
}
