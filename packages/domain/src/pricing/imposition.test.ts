import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitPieces } from './imposition.ts';

describe('fitPieces', () => {
  it.each([
    {
      name: '名片 94×58 on 超A3 minus 3 mm margins',
      piece: [94, 58],
      area: [324, 477],
      count: 25,
      rotated: true,
    },
    {
      name: '大16开 214×289 on 大度对开 minus 5 mm margins',
      piece: [214, 289],
      area: [587, 879],
      count: 8,
      rotated: true,
    },
    { name: 'A4 spread 426×303 on 大度对开', piece: [426, 303], area: [587, 879], count: 2, rotated: false },
    {
      name: '大16开 spread 426×291 on 大度对开',
      piece: [426, 291],
      area: [587, 879],
      count: 4,
      rotated: true,
    },
    { name: 'a piece larger than the sheet', piece: [900, 900], area: [587, 879], count: 0, rotated: false },
    { name: 'a piece that fits only turned', piece: [800, 500], area: [587, 879], count: 1, rotated: true },
  ])('lays $name as $count', ({ piece, area, count, rotated }) => {
    const fit = fitPieces(piece[0] ?? 0, piece[1] ?? 0, area[0] ?? 0, area[1] ?? 0);
    expect(fit.count).toBe(count);
    expect(fit.rotated).toBe(rotated);
    expect(fit.across * fit.down).toBe(fit.count);
  });

  it('never lays more area than the sheet holds, and fits the grid inside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 0, max: 1200 }),
        (w, h, sw, sh) => {
          const fit = fitPieces(w, h, sw, sh);
          expect(fit.count * w * h).toBeLessThanOrEqual(sw * sh);
          const [pw, ph] = fit.rotated ? [h, w] : [w, h];
          expect(fit.across * pw).toBeLessThanOrEqual(sw);
          expect(fit.down * ph).toBeLessThanOrEqual(sh);
        },
      ),
    );
  });

  it('fits as many pieces whichever way round the piece is given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 900 }),
        fc.integer({ min: 1, max: 900 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 0, max: 1200 }),
        (w, h, sw, sh) => {
          expect(fitPieces(w, h, sw, sh).count).toBe(fitPieces(h, w, sw, sh).count);
        },
      ),
    );
  });
});
