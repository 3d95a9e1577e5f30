import { describe, expect, it } from 'vitest';
import { describeCurve, layoutPriceCurve, niceCeiling } from './price-curve.ts';
import type { CurvePoint } from './price-curve.ts';

const point = (quantity: number, totalFen: number): CurvePoint => ({
  quantity,
  totalFen,
  unitPriceFen: Math.round(totalFen / quantity),
});

const FLYERS = [point(100, 9000), point(1000, 20000), point(10000, 60000)];

describe('niceCeiling', () => {
  it.each([
    [0.7, 0.8],
    [53.8, 60],
    [88, 100],
    [120, 120],
    [230, 250],
    [4100, 5000],
  ])('rounds %d up to %d', (value, nice) => {
    expect(niceCeiling(value)).toBe(nice);
  });
});

describe('layoutPriceCurve', () => {
  it('needs two quantities to draw anything', () => {
    expect(
      layoutPriceCurve([point(100, 9000)], { width: 320, height: 172, currentQuantity: 100 }),
    ).toBeNull();
  });

  it('spaces quantities evenly on a log scale and marks the current one', () => {
    const layout = layoutPriceCurve(FLYERS, { width: 320, height: 172, currentQuantity: 1000 })!;
    const [a, b, c] = layout.dots;
    expect(b!.x - a!.x).toBeCloseTo(c!.x - b!.x, 0);
    expect(layout.dots.map((dot) => dot.isCurrent)).toEqual([false, true, false]);
  });

  it('draws a lower unit price lower, from a zero baseline', () => {
    const layout = layoutPriceCurve(FLYERS, { width: 320, height: 172, currentQuantity: null })!;
    const ys = layout.dots.map((dot) => dot.y);
    expect(ys[0]).toBeLessThan(ys[1]!);
    expect(ys[1]).toBeLessThan(ys[2]!);
    expect(layout.yTicks.at(-1)).toEqual({ y: layout.plot.bottom, fen: 0 });
    expect(layout.yTicks[0]!.fen).toBeGreaterThanOrEqual(90);
  });

  it('marks quantity discounts inside the range only', () => {
    const layout = layoutPriceCurve(FLYERS, {
      width: 320,
      height: 172,
      currentQuantity: null,
      breaks: [
        { MinQuantity: 5000, DiscountPercent: 5 },
        { MinQuantity: 50_000, DiscountPercent: 8 },
      ],
    })!;
    expect(layout.breaks.map((item) => item.label)).toEqual(['优惠5%']);
  });

  it('keeps a discount label at the right edge inside the plot', () => {
    const layout = layoutPriceCurve(FLYERS, {
      width: 320,
      height: 172,
      currentQuantity: null,
      breaks: [{ MinQuantity: 10_000, DiscountPercent: 3 }],
    })!;
    expect(layout.breaks[0]).toMatchObject({ anchor: 'end', labelX: layout.breaks[0]!.x - 4 });
  });

  it('drops a quantity label that would overlap, but never the current one', () => {
    const crowded = [point(1, 2000), point(2, 3000), point(3, 4000), point(5, 5000), point(200, 80000)];
    const layout = layoutPriceCurve(crowded, { width: 320, height: 172, currentQuantity: 3 })!;
    const labels = layout.xLabels.map((label) => label.quantity);
    expect(labels).toContain(3);
    expect(labels).toContain(200);
    expect(labels.length).toBeLessThan(crowded.length);
  });
});

describe('describeCurve', () => {
  it('says where the unit price is lowest and what it saves', () => {
    expect(describeCurve(FLYERS, '张')).toBe('订 10,000 张时单价最低，比 100 张省 93%');
  });

  it('says nothing when ordering more does not pay', () => {
    expect(describeCurve([point(1, 900), point(10, 9000)], '份')).toBeNull();
  });
});
