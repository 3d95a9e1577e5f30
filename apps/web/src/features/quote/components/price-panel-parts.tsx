import { CalendarOutlined, DownOutlined, ExclamationCircleFilled, UpOutlined } from '@ant-design/icons';
import type { Quote, ShipDatePredictionWire } from '@inkstone/contracts';
import type { LiveQuote } from '../hooks/use-live-quote.ts';
import { formatFen, formatShipDate, formatWeight } from '../../../lib/format.ts';

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

/** Why there is no price: the combination is refused, the draft needs a change, or the call failed. */
export function PriceProblem({ live }: { live: LiveQuote }) {
  return (
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
  );
}

export interface PriceLinesProps {
  quote: Quote;
  /** Each line's calculation is shown. */
  showsDetail: boolean;
  onToggleDetail(): void;
}

/** 价格组成: the itemised lines, with their calculation on request. */
export function PriceLines({ quote, showsDetail, onToggleDetail }: PriceLinesProps) {
  return (
    <>
      <div className="ink-price__lines-head">
        <span>价格组成</span>
        <button
          type="button"
          className="ink-price__detail-toggle"
          aria-expanded={showsDetail}
          onClick={onToggleDetail}
        >
          {showsDetail ? '收起计算过程' : '查看计算过程'} {showsDetail ? <UpOutlined /> : <DownOutlined />}
        </button>
      </div>
      <ul className="ink-price__lines" aria-label="价格组成">
        {quote.Lines.map((line, index) => (
          <li key={`${line.Label}-${index}`} className={`ink-price__line ink-price__line--${line.Kind}`}>
            <div className="ink-price__line-head">
              <span className="ink-price__line-label">{line.Label}</span>
              <span className="ink-price__line-amount">{formatFen(line.AmountFen)}</span>
            </div>
            {showsDetail && line.Detail && <p className="ink-price__line-detail">{line.Detail}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

export interface PriceFactsProps {
  quote: Quote;
  shipDate: ShipDatePredictionWire | null;
  /** The merchant's daily cut-off, for the note before the first prediction arrives. */
  cutoffTime: string;
}

/** Weight, production days and SKU, then the predicted ship date and what the cut-off means. */
export function PriceFacts({ quote, shipDate, cutoffTime }: PriceFactsProps) {
  return (
    <>
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
            预计发货 <b data-testid="quote-ship-date">{shipDate ? formatShipDate(shipDate.ShipDate) : '—'}</b>
          </p>
          <p className="ink-price__ship-note">
            {shipDate ? cutoffNote(shipDate) : `每日 ${cutoffTime} 截单，发货日以付款时间为准`}
          </p>
        </div>
      </div>
    </>
  );
}
