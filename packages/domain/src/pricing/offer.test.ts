import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../catalog/catalog.ts';
import { DEMO_CATALOG_FILES, getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog, compileProduct } from './compile.ts';
import { calculateOfferPrice } from './offer.ts';
import type { QuoteResult, QuoteSelection, QuoteSuccess } from './quote.types.ts';

const products = compileCatalog(getDemoCatalog('demo'));
const quote = (id: number, selection: QuoteSelection): QuoteSuccess => {
  const product = products.get(id);
  if (!product) throw new Error(`no demo product ${id}`);
  const result: QuoteResult = calculateOfferPrice(product, selection);
  if (!result.ok) throw new Error(result.reason);
  return result;
};
const line = (result: QuoteSuccess, label: string) => result.lines.find((item) => item.label === label);
const flyer = (quantity: number, technologyIds: string[] = []): QuoteSelection => ({
  sizeId: 'd16',
  styleId: 'cb157',
  colourId: '4c2',
  technologyIds,
  quantity,
});

describe('sheet offers', () => {
  it.each([
    { quantity: 100, press: 'digital' },
    { quantity: 500, press: 'digital' },
    { quantity: 1000, press: 'zd4-offset' },
    { quantity: 2000, press: 'dd2-offset' },
    { quantity: 100000, press: 'dd2-offset' },
  ])('prints $quantity flyers on the cheapest press ($press)', ({ quantity, press }) => {
    expect(quote(2001, flyer(quantity)).imposition?.[0]?.pressId).toBe(press);
  });

  it('adds spoilage per printed side plus a permille of the net sheets, rounded up', () => {
    const imposition = quote(2001, flyer(2000)).imposition?.[0];
    // 2,000 ÷ 8 up = 250 net sheets; 60 × 2 sides + ceil(250 × 20‰) = 125 spoilage sheets.
    expect(imposition).toMatchObject({
      piecesPerSheet: 8,
      netSheets: 250,
      spoilageSheets: 125,
      totalSheets: 375,
    });
  });

  it('charges set-up per printed side and printing per sheet-side', () => {
    const result = quote(2001, flyer(2000));
    expect(line(result, '开机')?.amountFen).toBe(30000);
    expect(line(result, '印刷')?.amountFen).toBe(6000);
  });

  it('takes the configured quantity break off the subtotal, rounded half-up', () => {
    const result = quote(2001, flyer(5000, ['lm', 'zy2']));
    const subtotal = result.lines
      .filter((item) => item.kind !== 'discount')
      .reduce((sum, item) => sum + item.amountFen, 0);
    expect(subtotal).toBe(122122);
    expect(line(result, '数量优惠')).toMatchObject({ kind: 'discount', amountFen: -3664 });
    expect(result.totalFen).toBe(118458);
  });

  it('tops a small job up to the minimum charge with its own line', () => {
    const result = quote(2002, { sizeId: 'a3', styleId: 'cb157', colourId: '4c1', quantity: 1 });
    expect(result.totalFen).toBe(2000);
    expect(result.lines.at(-1)).toMatchObject({ kind: 'minimum', label: '起步价补差' });
  });

  it('imposes a booklet as a cover part and an inner part of spreads', () => {
    const result = quote(2003, {
      sizeId: 'd16',
      styleId: 'cb250',
      innerStyleId: 'cb157',
      pageCount: 24,
      colourId: '4c2',
      technologyIds: ['qmd'],
      quantity: 300,
    });
    const [cover, inner] = result.imposition ?? [];
    expect(cover).toMatchObject({ part: '封面', pieces: 300, pieceWidthMm: 426, pieceHeightMm: 291 });
    expect(inner).toMatchObject({ part: '内页', pieces: 300 * 5 });
    expect(result.lines.map((item) => item.label)).toEqual([
      '封面纸张',
      '封面印刷',
      '封面开机',
      '内页纸张',
      '内页印刷',
      '内页开机',
      '工艺·骑马钉',
    ]);
  });

  it('charges a per-sheet technology on the cover sheets, spoilage included', () => {
    const result = quote(2003, {
      sizeId: 'a4',
      styleId: 'cb250',
      innerStyleId: 'cb157',
      pageCount: 16,
      colourId: '4c2',
      technologyIds: ['qmd', 'fmlm'],
      quantity: 500,
    });
    const coverSheets = result.imposition?.[0]?.totalSheets ?? 0;
    expect(line(result, '工艺·封面覆哑膜')?.amountFen).toBe(coverSheets * 30);
  });

  it('weighs a booklet as its cover spread plus its inner spreads', () => {
    const result = quote(2003, {
      sizeId: 'a4',
      styleId: 'cb250',
      innerStyleId: 'cb157',
      pageCount: 16,
      colourId: '4c2',
      technologyIds: ['qmd'],
      quantity: 100,
    });
    // (250 + 157 × 3) g/㎡ × 0.42 × 0.297 ㎡ × 100 copies = 8,993.754 g
    expect(result.weightGrams).toBe(8994);
  });

  it('adds the technologies’ extra production days', () => {
    expect(
      quote(1001, {
        widthMm: 90,
        heightMm: 50,
        styleId: 'cb300',
        colourId: '4c2',
        technologyIds: ['tj'],
        quantity: 2,
      }).productionDays,
    ).toBe(4);
  });

  it('names the SKU of a bound combination in an offer', () => {
    expect(
      quote(5002, { sizeId: 'no5', styleId: 'sj120', colourId: 'k1', technologyIds: ['hk'], quantity: 2000 })
        .skuCode,
    ).toBe('XF-5-SJ120-K');
  });

  it('writes each technology line as measure × rate, then its set-up fee and minimum', () => {
    const file = structuredClone(DEMO_CATALOG_FILES.demo) as {
      Products: { Id: number; Technologies: { Id: string; Price: Record<string, unknown> }[] }[];
    };
    const technologies = file.Products.find((item) => item.Id === 2001)?.Technologies ?? [];
    for (const tech of technologies) {
      if (tech.Id === 'yh')
        tech.Price = { Unit: 'piece', RateFen: 2000, PerUnits: 1000, SetupFen: 1500, MinFen: 0 };
      if (tech.Id === 'lm') tech.Price = { Unit: 'fixed', RateFen: 3000, SetupFen: 500, MinFen: 5000 };
    }
    const parsed = parseCatalog(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const product = compileCatalog(parsed.catalog).get(2001);
    if (!product) throw new Error('flyer missing');
    const result = calculateOfferPrice(product, flyer(2500, ['lm', 'yh']));
    if (!result.ok) throw new Error(result.reason);
    expect(line(result, '工艺·压痕')).toMatchObject({
      amountFen: 6500,
      detail: '2,500件 × ¥20.00/1,000件 + 版费/准备费 ¥15.00',
    });
    expect(line(result, '工艺·覆哑膜（单面）')).toMatchObject({
      amountFen: 5000,
      detail: '每单 ¥30.00 + 版费/准备费 ¥5.00，不足 ¥50.00 按 ¥50.00 计',
    });
  });

  it('refuses a size that no press can hold', () => {
    const file = structuredClone(DEMO_CATALOG_FILES.demo) as {
      Products: { Sizes: { Custom: Record<string, number> } }[];
    };
    const poster = file.Products[2];
    if (poster)
      poster.Sizes.Custom = { MinWidthMm: 200, MaxWidthMm: 2000, MinHeightMm: 200, MaxHeightMm: 2000 };
    const parsed = parseCatalog(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const product = parsed.catalog.Products[2];
    if (!product) throw new Error('poster missing');
    const result = calculateOfferPrice(compileProduct(product, parsed.catalog), {
      widthMm: 900,
      heightMm: 1300,
      styleId: 'cb157',
      colourId: '4c1',
      quantity: 10,
    });
    expect(result).toEqual({ ok: false, reason: '成品尺寸超出可印刷范围，请调整尺寸' });
  });
});

describe('area offers', () => {
  it('charges each piece at least the minimum area', () => {
    const result = quote(4002, {
      widthMm: 400,
      heightMm: 600,
      styleId: 'ppbj',
      colourId: '4c1',
      quantity: 3,
    });
    // 0.24 ㎡ per piece is below 0.5 ㎡: 3 × 0.5 ㎡ × ¥35 = ¥52.50.
    expect(line(result, '喷印')?.amountFen).toBe(5250);
  });

  it('measures technologies on the finished area and edge, not the charged area', () => {
    const result = quote(4001, {
      sizeId: 'm2x3',
      styleId: 'pbu',
      colourId: '4c1',
      technologyIds: ['dk'],
      quantity: 2,
    });
    expect(line(result, '喷印')?.amountFen).toBe(14400);
    expect(line(result, '工艺·打扣眼')?.amountFen).toBe(1600);
  });

  it('has no imposition', () => {
    expect(
      quote(4001, { sizeId: 'm1x2', styleId: 'pbu', colourId: '4c1', quantity: 1 }).imposition,
    ).toBeUndefined();
  });
});
