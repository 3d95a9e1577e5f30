import { describe, expect, it } from 'vitest';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog, type CompiledProduct } from './compile.ts';
import { calculateFixedOrOfferPrice, calculateFixedPrice, calculatePrice, findSkuCode } from './fixed.ts';
import { calculateOfferPrice } from './offer.ts';
import type { QuoteSelection } from './quote.types.ts';

const demo = compileCatalog(getDemoCatalog('demo'));
const maple = compileCatalog(getDemoCatalog('maple'));
const pick = (products: ReadonlyMap<number, CompiledProduct>, id: number): CompiledProduct => {
  const product = products.get(id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
};
const card = pick(demo, 1001);
const laminated: QuoteSelection = {
  sizeId: 'std',
  styleId: 'cb300',
  colourId: '4c2',
  technologyIds: ['lm'],
  quantity: 5,
};

describe('calculateFixedPrice', () => {
  it.each([
    { selection: laminated, skuCode: 'MP-CB300-S4-YM', totalFen: 9500 },
    { selection: { ...laminated, technologyIds: [], quantity: 1 }, skuCode: 'MP-CB300-S4', totalFen: 2000 },
    {
      selection: { ...laminated, colourId: '4c1', technologyIds: [], quantity: 20 },
      skuCode: 'MP-CB300-D4',
      totalFen: 18000,
    },
    {
      selection: { ...laminated, styleId: 'zg300', technologyIds: [], quantity: 10 },
      skuCode: 'MP-ZG300-S4',
      totalFen: 33000,
    },
  ])('prices $skuCode from its table', ({ selection, skuCode, totalFen }) => {
    const result = calculateFixedPrice(card, selection);
    expect(result).toMatchObject({
      ok: true,
      method: 'fixed',
      skuCode,
      totalFen,
      lines: [{ kind: 'fixed', label: '一口价', amountFen: totalFen }],
    });
  });

  it('matches technologies as an exact set, in any order', () => {
    expect(calculateFixedPrice(card, { ...laminated, technologyIds: ['lm', 'yj'] })).toEqual({
      ok: false,
      reason: '该规格组合暂无一口价',
    });
  });

  it('lists the table quantities when the quantity has no fixed price', () => {
    expect(calculateFixedPrice(card, { ...laminated, quantity: 4 })).toEqual({
      ok: false,
      reason: '该规格一口价只有以下数量：1、2、3、5、10、20盒',
    });
  });

  it('has no fixed price for a custom size', () => {
    expect(
      calculateFixedPrice(card, { ...laminated, sizeId: undefined, widthMm: 90, heightMm: 54 }),
    ).toMatchObject({ ok: false });
  });

  it('reports weight and production days like an offer', () => {
    expect(calculateFixedPrice(card, laminated)).toMatchObject({ weightGrams: 729, productionDays: 2 });
  });
});

describe('calculateFixedOrOfferPrice', () => {
  it('uses the fixed price where the table has one', () => {
    expect(calculateFixedOrOfferPrice(card, laminated)).toEqual(calculateFixedPrice(card, laminated));
  });

  it('falls back to the offer for a quantity outside the table', () => {
    const selection = { ...laminated, quantity: 4 };
    expect(calculateFixedOrOfferPrice(card, selection)).toEqual(calculateOfferPrice(card, selection));
    expect(calculateFixedOrOfferPrice(card, selection)).toMatchObject({
      ok: true,
      method: 'offer',
      skuCode: 'MP-CB300-S4-YM',
    });
  });

  it('falls back to the offer for a combination without a SKU', () => {
    expect(calculateFixedOrOfferPrice(card, { ...laminated, sizeId: 'eu' })).toMatchObject({
      ok: true,
      method: 'offer',
    });
  });

  it('keeps the fixed refusal for a product without offer rules', () => {
    const printing = pick(maple, 9101);
    expect(
      calculateFixedOrOfferPrice(printing, { sizeId: 'a4', styleId: 'm80', colourId: 'cl', quantity: 20 }),
    ).toMatchObject({ ok: false });
    expect(
      calculateOfferPrice(printing, { sizeId: 'a4', styleId: 'm80', colourId: 'cl', quantity: 10 }),
    ).toEqual({ ok: false, reason: '该商品暂无报价规则，请选择有一口价的规格' });
  });
});

describe('calculatePrice', () => {
  it('follows the product’s price mode', () => {
    expect(
      calculatePrice(pick(maple, 9101), { sizeId: 'a3', styleId: 'm80', colourId: 'cl', quantity: 100 }),
    ).toMatchObject({ ok: true, method: 'fixed', totalFen: 18000 });
    expect(
      calculatePrice(pick(demo, 2001), { sizeId: 'a4', styleId: 'cb157', colourId: '4c1', quantity: 100 }),
    ).toMatchObject({ ok: true, method: 'offer' });
    expect(calculatePrice(card, { ...laminated, quantity: 7 })).toMatchObject({ ok: true, method: 'offer' });
  });
});

describe('findSkuCode', () => {
  it('returns the first matching binding', () => {
    expect(findSkuCode(card, laminated)).toEqual({ ok: true, skuCode: 'MP-CB300-S4-YM' });
    expect(
      findSkuCode(pick(demo, 2003), {
        sizeId: 'a4',
        styleId: 'cb200',
        innerStyleId: 'yf157',
        pageCount: 16,
        colourId: '4c2',
        technologyIds: ['qmd'],
        quantity: 50,
      }),
    ).toEqual({ ok: true, skuCode: 'HC-A4-16P-QMD' });
  });

  it('says so when nothing is bound', () => {
    expect(findSkuCode(card, { ...laminated, sizeId: 'sq' })).toEqual({
      ok: false,
      reason: '该规格组合没有绑定SKU',
    });
  });
});
