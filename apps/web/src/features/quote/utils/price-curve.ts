/** One quantity on the unit-price chart, from a quote of the current selection at that quantity. */
export interface CurvePoint {
  quantity: number;
  totalFen: number;
  /** The quote's display unit price (rounded to the fen). */
  unitPriceFen: number;
}

export interface CurveDot {
  x: number;
  y: number;
  quantity: number;
  unitPriceFen: number;
  isCurrent: boolean;
}

export interface CurveLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  dots: CurveDot[];
  /** SVG path of the line, and of the area under it. */
  line: string;
  area: string;
  yTicks: { y: number; fen: number }[];
  xLabels: { x: number; quantity: number }[];
  /** Quantity discounts: where the line is drawn, and its label (kept inside the plot). */
  breaks: { x: number; label: string; labelX: number; anchor: 'start' | 'end' }[];
}

export interface CurveOptions {
  width: number;
  height: number;
  currentQuantity: number | null;
  /** Quantity discounts of the product (报价): where the price steps down. */
  breaks?: readonly { MinQuantity: number; DiscountPercent: number }[];
}

/** The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ) at least `value`: the y axis top. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    const candidate = Math.round(step * magnitude * 1e6) / 1e6;
    if (candidate >= value - 1e-9) return candidate;
  }
  return 10 * magnitude;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Lays out unit price (exact: total ÷ quantity) against quantity on a log scale, so 100, 1,000
 * and 10,000 sit evenly apart; the y axis starts at zero so a drop looks as large as it is. Null
 * when there are fewer than two quantities to compare.
 */
export function layoutPriceCurve(points: readonly CurvePoint[], options: CurveOptions): CurveLayout | null {
  const byQuantity = new Map<number, CurvePoint>();
  for (const point of points) if (point.quantity > 0) byQuantity.set(point.quantity, point);
  const sorted = [...byQuantity.values()].sort((a, b) => a.quantity - b.quantity);
  if (sorted.length < 2) return null;

  const { width, height } = options;
  const plot = { left: 46, right: width - 14, top: 22, bottom: height - 24 };
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const logMin = Math.log(first.quantity);
  const logSpan = Math.log(last.quantity) - logMin;
  const xOf = (quantity: number) =>
    round1(plot.left + ((Math.log(quantity) - logMin) / logSpan) * (plot.right - plot.left));
  const unitOf = (point: CurvePoint) => point.totalFen / point.quantity;
  const top = niceCeiling(Math.max(...sorted.map(unitOf)) * 1.08);
  const yOf = (fen: number) => round1(plot.bottom - (fen / top) * (plot.bottom - plot.top));

  const dots = sorted.map((point) => ({
    x: xOf(point.quantity),
    y: yOf(unitOf(point)),
    quantity: point.quantity,
    unitPriceFen: point.unitPriceFen,
    isCurrent: point.quantity === options.currentQuantity,
  }));
  const line = dots.map((dot, index) => `${index === 0 ? 'M' : 'L'}${dot.x} ${dot.y}`).join(' ');
  const area = `${line} L${dots[dots.length - 1]!.x} ${plot.bottom} L${dots[0]!.x} ${plot.bottom} Z`;

  // Quantity labels left to right, skipping any that would touch the previous one.
  const xLabels: { x: number; quantity: number }[] = [];
  for (const dot of dots) {
    const previous = xLabels[xLabels.length - 1];
    const gap = Math.max(26, String(dot.quantity).length * 7 + 8);
    if (previous && dot.x - previous.x < gap) {
      if (!dot.isCurrent) continue;
      xLabels.pop();
    }
    xLabels.push({ x: dot.x, quantity: dot.quantity });
  }

  const breaks = (options.breaks ?? [])
    .filter((item) => item.MinQuantity > first.quantity && item.MinQuantity <= last.quantity)
    .map((item) => {
      const x = xOf(item.MinQuantity);
      const isNearEnd = x > plot.right - 48;
      return {
        x,
        label: `优惠${item.DiscountPercent}%`,
        labelX: isNearEnd ? x - 4 : x + 4,
        anchor: isNearEnd ? ('end' as const) : ('start' as const),
      };
    });

  return {
    width,
    height,
    plot,
    dots,
    line,
    area,
    yTicks: [top, top / 2, 0].map((fen) => ({ y: yOf(fen), fen })),
    xLabels,
    breaks,
  };
}

/**
 * One sentence on where ordering more pays off: the quantity with the lowest unit price against
 * the smallest quantity, when it saves at least 1 %.
 */
export function describeCurve(points: readonly CurvePoint[], unit: string): string | null {
  if (points.length < 2) return null;
  const sorted = [...points].sort((a, b) => a.quantity - b.quantity);
  const smallest = sorted[0]!;
  const cheapest = sorted.reduce((best, point) =>
    point.totalFen / point.quantity < best.totalFen / best.quantity ? point : best,
  );
  if (cheapest === smallest) return null;
  const saving = 1 - cheapest.totalFen / cheapest.quantity / (smallest.totalFen / smallest.quantity);
  if (saving < 0.01) return null;
  return `订 ${cheapest.quantity.toLocaleString('zh-CN')} ${unit}时单价最低，比 ${smallest.quantity.toLocaleString('zh-CN')} ${unit}省 ${Math.round(saving * 100)}%`;
}
