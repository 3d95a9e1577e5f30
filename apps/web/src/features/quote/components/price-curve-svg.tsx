import { useId } from 'react';
import { formatFen } from '../../../lib/format.ts';
import type { CurveDot, CurveLayout } from '../utils/price-curve.ts';

/** The drawing's height; its width follows the card. */
export const CURVE_HEIGHT = 180;

/** The unit-price gridlines and the quantity breaks, with their labels. */
function CurveGuides({ layout }: { layout: CurveLayout }) {
  return (
    <>
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
    </>
  );
}

/** A quantity's dot: a button that prices that quantity. */
function CurveDotButton({
  dot,
  unit,
  onChoose,
}: {
  dot: CurveDot;
  unit: string;
  onChoose(quantity: number): void;
}) {
  return (
    <g
      className={`ink-curve__dot${dot.isCurrent ? ' is-current' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={`${dot.quantity}${unit}，单价${formatFen(dot.unitPriceFen)}`}
      onClick={() => onChoose(dot.quantity)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onChoose(dot.quantity);
        }
      }}
    >
      <circle className="ink-curve__hit" cx={dot.x} cy={dot.y} r={11} />
      <circle className="ink-curve__point" cx={dot.x} cy={dot.y} r={dot.isCurrent ? 5 : 3.5} />
      <title>{`${dot.quantity.toLocaleString('zh-CN')} ${unit}：${formatFen(dot.unitPriceFen)}/${unit}`}</title>
    </g>
  );
}

export interface PriceCurveSvgProps {
  layout: CurveLayout;
  unit: string;
  currentQuantity: number | null;
  /** What the drawing says in words, for screen readers. */
  summary: string;
  onChooseQuantity(quantity: number): void;
}

/** Unit price against quantity as an inline SVG: guides, area, line, dots and quantity labels. */
export function PriceCurveSvg({
  layout,
  unit,
  currentQuantity,
  summary,
  onChooseQuantity,
}: PriceCurveSvgProps) {
  const gradientId = useId();
  const current = layout.dots.find((dot) => dot.isCurrent);
  return (
    <svg
      className="ink-curve__svg"
      viewBox={`0 0 ${layout.width} ${CURVE_HEIGHT}`}
      role="img"
      aria-label={`单价曲线：${summary}`}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" className="ink-curve__fill-top" />
          <stop offset="100%" className="ink-curve__fill-bottom" />
        </linearGradient>
      </defs>
      <CurveGuides layout={layout} />
      <path className="ink-curve__area" d={layout.area} fill={`url(#${CSS.escape(gradientId)})`} />
      <path className="ink-curve__line" d={layout.line} />
      {layout.dots.map((dot) => (
        <CurveDotButton key={dot.quantity} dot={dot} unit={unit} onChoose={onChooseQuantity} />
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
          y={CURVE_HEIGHT - 6}
          textAnchor="middle"
        >
          {label.quantity >= 10_000 ? `${label.quantity / 10_000}万` : label.quantity}
        </text>
      ))}
    </svg>
  );
}
