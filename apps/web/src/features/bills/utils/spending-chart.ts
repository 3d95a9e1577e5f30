/** Drawing area of the spending chart, in SVG units. */
export interface ChartBox {
  width: number;
  height: number;
  /** Room under the bars for the month labels. */
  labelHeight: number;
  /** Room above the tallest bar for its amount. */
  valueHeight: number;
  /** Share of each slot the bar fills (0–1). */
  barRatio: number;
}

export const DEFAULT_CHART_BOX: ChartBox = {
  width: 480,
  height: 200,
  labelHeight: 24,
  valueHeight: 22,
  barRatio: 0.56,
};

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Centre of the slot, for the labels. */
  centreX: number;
  /** The baseline the bars stand on. */
  baseY: number;
  value: number;
}

/**
 * Bars for non-negative `values` (fen), evenly spaced, standing on one baseline; the largest
 * reaches the top of the plot area, the others in proportion; all zeros give flat bars.
 */
export function layoutBars(values: readonly number[], box: ChartBox = DEFAULT_CHART_BOX): ChartBar[] {
  const count = values.length;
  if (count === 0) return [];
  const slot = box.width / count;
  const barWidth = slot * box.barRatio;
  const baseY = box.height - box.labelHeight;
  const plotHeight = baseY - box.valueHeight;
  const max = Math.max(0, ...values);
  return values.map((raw, index) => {
    const value = Math.max(0, raw);
    const height = max === 0 ? 0 : (value / max) * plotHeight;
    const centreX = slot * index + slot / 2;
    return { x: centreX - barWidth / 2, y: baseY - height, width: barWidth, height, centreX, baseY, value };
  });
}
