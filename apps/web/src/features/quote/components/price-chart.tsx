import { useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { PriceCurve } from '../hooks/use-price-curve.ts';
import { formatFen } from '../../../lib/format.ts';
import { describeCurve, layoutPriceCurve } from '../utils/price-curve.ts';

export interface PriceChartProps {
  curve: PriceCurve;
  unit: string;
  currentQuantity: number | null;
  breaks: readonly { MinQuantity: number; DiscountPercent: number }[];
  /** A dot was clicked: price that quantity. */
  onChooseQuantity(quantity: number): void;
}

const HEIGHT = 180;
const DEFAULT_WIDTH = 320;

/** The drawn width follows the card's width, so text and dots keep their size on any screen. */
function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Unit price against quantity, drawn as a small inline SVG (no chart library). */
export function PriceChart({ curve, unit, currentQuantity, breaks, onChooseQuantity }: PriceChartProps) {
  const gradientId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>();
  const layout = layoutPriceCurve(curve.points, { width, height: HEIGHT, currentQuantity, breaks });
  const insight = describeCurve(curve.points, unit);
  const current = layout?.dots.find((dot) => dot.isCurrent);
  const summary = (layout?.dots ?? [])
    .map((dot) => `${dot.quantity}${unit} ${formatFen(dot.unitPriceFen)}`)
    .join('，');

  return (
    <section
      className={`ink-curve${curve.isUpdating ? ' is-busy' : ''}${!layout && !curve.isUpdating ? ' is-empty' : ''}`}
      aria-label="单价随数量变化"
    >
      <header className="ink-curve__head">
        <h3 className="ink-curve__title">单价随数量变化</h3>
        <span className="ink-curve__axis">每{unit}单价</span>
      </header>
      <div className="ink-curve__frame" ref={frameRef}>
        {layout ? (
          <svg
            className="ink-curve__svg"
            viewBox={`0 0 ${layout.width} ${HEIGHT}`}
            role="img"
            aria-label={`单价曲线：${summary}`}
          >
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" className="ink-curve__fill-top" />
                <stop offset="100%" className="ink-curve__fill-bottom" />
              </linearGradient>
            </defs>
            {layout.yTicks.map((tick) => (
              <g key={tick.fen}>
                <line
                  className="ink-curve__grid"
                  x1={layout.plot.left}
                  x2={layout.plot.right}
                  y1={tick.y}
                  y2={tick.y}
                />
                <text className="ink-curve__tick" x={layout.plot.left - 6} y={tick.y + 3.5} textAnchor="end">
                  {formatFen(tick.fen)}
                </text>
              </g>
            ))}
            {layout.breaks.map((item) => (
              <g key={item.x}>
                <line
                  className="ink-curve__break"
                  x1={item.x}
                  x2={item.x}
                  y1={layout.plot.top - 8}
                  y2={layout.plot.bottom}
                />
                <text
                  className="ink-curve__break-label"
                  x={item.labelX}
                  y={layout.plot.top - 2}
                  textAnchor={item.anchor}
                >
                  {item.label}
                </text>
              </g>
            ))}
            <path className="ink-curve__area" d={layout.area} fill={`url(#${CSS.escape(gradientId)})`} />
            <path className="ink-curve__line" d={layout.line} />
            {layout.dots.map((dot) => (
              <g
                key={dot.quantity}
                className={`ink-curve__dot${dot.isCurrent ? ' is-current' : ''}`}
                role="button"
                tabIndex={0}
                aria-label={`${dot.quantity}${unit}，单价${formatFen(dot.unitPriceFen)}`}
                onClick={() => onChooseQuantity(dot.quantity)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onChooseQuantity(dot.quantity);
                  }
                }}
              >
                <circle className="ink-curve__hit" cx={dot.x} cy={dot.y} r={11} />
                <circle className="ink-curve__point" cx={dot.x} cy={dot.y} r={dot.isCurrent ? 5 : 3.5} />
                <title>{`${dot.quantity.toLocaleString('zh-CN')} ${unit}：${formatFen(dot.unitPriceFen)}/${unit}`}</title>
              </g>
            ))}
            {current && (
              <text
                className="ink-curve__callout"
                x={Math.min(Math.max(current.x, layout.plot.left + 24), layout.plot.right - 24)}
                y={Math.max(current.y - 10, 11)}
                textAnchor="middle"
              >
                {formatFen(current.unitPriceFen)}
              </text>
            )}
            {layout.xLabels.map((label) => (
              <text
                key={label.quantity}
                className={`ink-curve__qty${label.quantity === currentQuantity ? ' is-current' : ''}`}
                x={label.x}
                y={HEIGHT - 6}
                textAnchor="middle"
              >
                {label.quantity >= 10_000 ? `${label.quantity / 10_000}万` : label.quantity}
              </text>
            ))}
          </svg>
        ) : (
          <p className="ink-curve__empty">
            {curve.isUpdating ? '正在计算各数量的单价…' : '暂无可比较的数量'}
          </p>
        )}
      </div>
      <p className="ink-curve__insight">{insight ?? '点击圆点可按该数量报价'}</p>
    </section>
  );
}
