import { formatFen } from '../../../lib/format.ts';
import type { MonthSpan } from '../utils/bill-period.ts';
import { DEFAULT_CHART_BOX, layoutBars } from '../utils/spending-chart.ts';

export interface SpendingChartProps {
  months: readonly MonthSpan[];
  /** Spending of each month in fen (positive); undefined while loading. */
  values: readonly (number | undefined)[];
  /** The month shown in the list, drawn highlighted. */
  activeKey?: string;
}

/** Compact yuan for the bar tops: ¥1.2万 above ten thousand yuan. */
function shortYuan(fen: number): string {
  if (fen >= 1_000_000) return `¥${(fen / 1_000_000).toFixed(1)}万`;
  return formatFen(fen).replace(/\.00$/, '');
}

/** 近6个月支出: an inline SVG bar chart, one bar per month (no chart library). */
export function SpendingChart({ months, values, activeKey }: SpendingChartProps) {
  const box = DEFAULT_CHART_BOX;
  const bars = layoutBars(
    values.map((value) => value ?? 0),
    box,
  );
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return (
    <figure className="ink-spending">
      <figcaption className="ink-spending__title">
        近6个月支出 <span className="ink-spending__total">合计 {formatFen(total)}</span>
      </figcaption>
      <svg
        className="ink-spending__svg"
        viewBox={`0 0 ${box.width} ${box.height}`}
        role="img"
        aria-label={months
          .map((month, index) => `${month.month}月 ${formatFen(values[index] ?? 0)}`)
          .join('，')}
      >
        <line
          x1={0}
          x2={box.width}
          y1={box.height - box.labelHeight}
          y2={box.height - box.labelHeight}
          className="ink-spending__axis"
        />
        {total === 0 && values.every((value) => value !== undefined) && (
          <text
            x={box.width / 2}
            y={(box.height - box.labelHeight) / 2}
            textAnchor="middle"
            className="ink-spending__empty"
          >
            近6个月没有支出
          </text>
        )}
        {bars.map((bar, index) => {
          const month = months[index]!;
          const isActive = month.key === activeKey;
          return (
            <g key={month.key}>
              <rect
                x={bar.x}
                y={bar.height > 0 ? bar.y : bar.baseY - 1}
                width={bar.width}
                height={Math.max(bar.height, 1)}
                rx={3}
                className={`ink-spending__bar${isActive ? ' ink-spending__bar--active' : ''}`}
              >
                <title>{`${month.year}年${month.month}月 支出 ${formatFen(bar.value)}`}</title>
              </rect>
              {values[index] !== undefined && (
                <text x={bar.centreX} y={bar.y - 6} textAnchor="middle" className="ink-spending__value">
                  {shortYuan(bar.value)}
                </text>
              )}
              <text x={bar.centreX} y={box.height - 6} textAnchor="middle" className="ink-spending__label">
                {month.month}月
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
