import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { PriceCurve } from '../hooks/use-price-curve.ts';
import { formatFen } from '../../../lib/format.ts';
import { describeCurve, layoutPriceCurve } from '../utils/price-curve.ts';
import { CURVE_HEIGHT, PriceCurveSvg } from './price-curve-svg.tsx';

export interface PriceChartProps {
  curve: PriceCurve;
  unit: string;
  currentQuantity: number | null;
  breaks: readonly { MinQuantity: number; DiscountPercent: number }[];
  /** A dot was clicked: price that quantity. */
  onChooseQuantity(quantity: number): void;
}

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
  const [frameRef, width] = useWidth<HTMLDivElement>();
  const layout = layoutPriceCurve(curve.points, { width, height: CURVE_HEIGHT, currentQuantity, breaks });
  const insight = describeCurve(curve.points, unit);
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
          <PriceCurveSvg
            layout={layout}
            unit={unit}
            currentQuantity={currentQuantity}
            summary={summary}
            onChooseQuantity={onChooseQuantity}
          />
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
