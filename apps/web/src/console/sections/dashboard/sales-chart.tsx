import { useId } from 'react';
import type { DashboardDay } from '@inkstone/contracts';
import { chartBars, formatYuanPlain, niceMax } from './dashboard-figures.ts';

const WIDTH = 960;
const HEIGHT = 240;
const LEFT = 64;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

/**
 * The last 30 China days as bars, drawn as plain SVG: paid revenue in yuan for a member who sees
 * money, the number of paid orders for the others. The picture has a title and a description for
 * screen readers, and each bar its own title (the day's figures) shown on hover.
 */
export function SalesChart({ days, showsMoney }: { days: readonly DashboardDay[]; showsMoney: boolean }) {
  const id = useId();
  const bars = chartBars(days, showsMoney);
  const top = niceMax(bars.map((bar) => bar.value));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const tick = (value: number) => (showsMoney ? `¥${formatYuanPlain(value)}` : String(value));
  const title = showsMoney ? '最近30天每日付款金额（元）' : '最近30天每日付款订单数';
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const description = showsMoney
    ? `${bars[0]?.date ?? ''} 至 ${bars.at(-1)?.date ?? ''}，合计 ${formatYuanPlain(total)} 元`
    : `${bars[0]?.date ?? ''} 至 ${bars.at(-1)?.date ?? ''}，合计 ${total} 单`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="sales-chart"
      style={{ display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {[0, 0.5, 1].map((fraction) => (
        <g key={fraction}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(top * fraction)} y2={y(top * fraction)} stroke="#e5e5e5" />
          <text x={LEFT - 6} y={y(top * fraction) + 4} textAnchor="end" fontSize={11} fill="#666">
            {tick(top * fraction)}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const x = LEFT + index * slot + (slot - barWidth) / 2;
        const height = TOP + plotHeight - y(bar.value);
        return (
          <g key={bar.date}>
            <rect
              x={x}
              y={y(bar.value)}
              width={barWidth}
              height={Math.max(bar.value > 0 ? 1 : 0, height)}
              fill="#1677ff"
            >
              <title>{bar.title}</title>
            </rect>
            {(bars.length - 1 - index) % 5 === 0 ? (
              <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="#666">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
