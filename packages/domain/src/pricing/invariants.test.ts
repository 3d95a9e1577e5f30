import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDemoCatalog, DEMO_MERCHANT_CODES } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog, type CompiledProduct } from './compile.ts';
import { calculateFixedOrOfferPrice, calculateFixedPrice, calculatePrice } from './fixed.ts';
import { calculateOfferPrice } from './offer.ts';
import type { QuoteSelection } from './quote.types.ts';

const products = DEMO_MERCHANT_CODES.flatMap((code) => [...compileCatalog(getDemoCatalog(code)).values()]);
const offerProducts = products.filter((product) => product.offer !== undefined);
const CHINESE = /[\u4e00-\u9fff]/;

/** Any orderable quantity of `product`: a preset, or a free entry on its step. */
function quantityOf(product: CompiledProduct): fc.Arbitrary<number> {
  const { Presets, Free } = product.quantity;
  const options: fc.Arbitrary<number>[] = Presets.length > 0 ? [fc.constantFrom(...Presets)] : [];
  if (Free)
    options.push(
      fc
        .integer({ min: 0, max: Math.floor((Free.Max - Free.Min) / Free.Step) })
        .map((steps) => Free.Min + steps * Free.Step),
    );
  return fc.oneof(...options);
}

/** Any selection of `product` whose ids exist and whose sizes and pages are in range. */
function selectionOf(product: CompiledProduct): fc.Arbitrary<QuoteSelection> {
  const source = product.source;
  const custom = source.Sizes.Custom;
  const sizes: fc.Arbitrary<Partial<QuoteSelection>>[] = [];
  if (source.Sizes.Presets.length > 0)
    sizes.push(fc.constantFrom(...source.Sizes.Presets.map((size) => ({ sizeId: size.Id }))));
  if (custom) {
    sizes.push(
      fc.record({
        widthMm: fc.integer({ min: custom.MinWidthMm, max: custom.MaxWidthMm }),
        heightMm: fc.integer({ min: custom.MinHeightMm, max: custom.MaxHeightMm }),
      }),
    );
  }
  const pages = source.Pages;
  const styleIds = source.Styles.map((style) => style.Id);
  const styles: fc.Arbitrary<Partial<QuoteSelection>> = pages
    ? fc.record({
        styleId: fc.constantFrom(...pages.CoverStyleIds),
        innerStyleId: fc.constantFrom(...pages.InnerStyleIds),
        pageCount: fc
          .integer({ min: pages.Min / pages.Multiple, max: pages.Max / pages.Multiple })
          .map((n) => n * pages.Multiple),
      })
    : fc.record({ styleId: fc.constantFrom(...styleIds) });
  const technologyIds = fc.subarray(source.Technologies.map((tech) => tech.Id));
  return fc
    .tuple(
      fc.oneof(...sizes),
      styles,
      fc.constantFrom(...source.Colours.map((colour) => colour.Id)),
      technologyIds,
      quantityOf(product),
    )
    .map(([size, style, colourId, techs, quantity]) => ({
      ...size,
      ...style,
      colourId,
      technologyIds: techs,
      quantity,
    }));
}

const byId = new Map(products.map((product) => [product.id, product]));
const productOf = (id: number): CompiledProduct => byId.get(id) as CompiledProduct;
/** Products are drawn by id so that a counterexample prints short. */
const productArb = (list: CompiledProduct[]) =>
  fc
    .constantFrom(...list.map((product) => product.id))
    .map(productOf, (value) => (value as CompiledProduct).id);
const withSelection = (list: CompiledProduct[]) =>
  productArb(list).chain((product) => fc.tuple(fc.constant(product), selectionOf(product)));
const calculators = [calculatePrice, calculateOfferPrice, calculateFixedPrice, calculateFixedOrOfferPrice];

describe('price engine invariants', () => {
  it('makes the lines add up exactly to the total, in whole fen', () => {
    fc.assert(
      fc.property(
        withSelection(products),
        fc.constantFrom(...calculators),
        ([product, selection], calculate) => {
          const result = calculate(product, selection);
          if (!result.ok) return;
          const sum = result.lines.reduce((total, line) => total + line.amountFen, 0);
          expect(sum).toBe(result.totalFen);
          for (const line of result.lines) expect(Number.isSafeInteger(line.amountFen)).toBe(true);
          expect(result.totalFen).toBeGreaterThanOrEqual(0);
          expect(result.unitPriceFen).toBe(Math.round(result.totalFen / result.quantity));
        },
      ),
      { numRuns: 400 },
    );
  });

  const breakBetween = (product: CompiledProduct, low: number, high: number): boolean =>
    (product.offer?.breaks ?? []).some((row) => row.minQuantity > low && row.minQuantity <= high);

  it('never lowers an offer when the quantity rises, unless a configured break lies between', () => {
    const arb = productArb(offerProducts).chain((product) =>
      fc.tuple(
        fc.constant(product),
        selectionOf(product),
        quantityOf(product),
        fc.oneof(quantityOf(product), fc.integer({ min: 1, max: 5 })),
      ),
    );
    fc.assert(
      fc.property(arb, ([product, selection, a, b]) => {
        // Half the pairs are neighbours (a few steps apart), where a press switch would show.
        const step = product.quantity.Free?.Step ?? 0;
        const other = b <= 5 && step > 0 ? a + b * step : b;
        const [low, high] = a <= other ? [a, other] : [other, a];
        const lower = calculateOfferPrice(product, { ...selection, quantity: low });
        const higher = calculateOfferPrice(product, { ...selection, quantity: high });
        if (!lower.ok || !higher.ok) return;
        if (!breakBetween(product, low, high)) expect(higher.totalFen).toBeGreaterThanOrEqual(lower.totalFen);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    [2001, { sizeId: 'd16', styleId: 'cb157', colourId: '4c2', technologyIds: ['lm', 'zy3'] }],
    [2002, { sizeId: 'a3', styleId: 'cb200', colourId: '4c1', technologyIds: ['lg'] }],
    [
      2003,
      {
        sizeId: 'd16',
        styleId: 'cb250',
        innerStyleId: 'cb157',
        pageCount: 32,
        colourId: '4c2',
        technologyIds: ['qmd', 'fmlm'],
      },
    ],
    [3001, { sizeId: 's6040', styleId: 'bgj', colourId: '4c1', technologyIds: ['mq', 'lm'] }],
    [5001, { sizeId: 's', styleId: 'bk250', colourId: '4c1', technologyIds: ['lm', 'mq', 'jd'] }],
    [5002, { sizeId: 'no7', styleId: 'nz120', colourId: 's1', technologyIds: ['hk', 'kc'] }],
  ])(
    'keeps product %i rising across every step of its free quantity, press switches included',
    (id, partial) => {
      const product = productOf(id);
      const free = product.quantity.Free;
      if (!free) throw new Error('product without free quantity');
      let previous: { quantity: number; totalFen: number } | undefined;
      for (
        let quantity = free.Min;
        quantity <= Math.min(free.Max, free.Min + 4000 * free.Step);
        quantity += free.Step
      ) {
        const result = calculateOfferPrice(product, { ...partial, quantity });
        if (!result.ok) throw new Error(result.reason);
        if (previous && !breakBetween(product, previous.quantity, quantity))
          expect(result.totalFen, `at ${quantity}`).toBeGreaterThanOrEqual(previous.totalFen);
        previous = { quantity, totalFen: result.totalFen };
      }
    },
  );

  it('never lowers the price when a finishing is ticked, whatever the pricing mode', () => {
    const arb = withSelection(products).chain(([product, selection]) => {
      const unchosen = product.source.Technologies.map((tech) => tech.Id).filter(
        (id) => !(selection.technologyIds ?? []).includes(id),
      );
      return fc.tuple(
        fc.constant(product),
        fc.constant(selection),
        unchosen.length > 0 ? fc.constantFrom(...unchosen) : fc.constant(undefined),
      );
    });
    fc.assert(
      fc.property(arb, ([product, selection, added]) => {
        if (added === undefined) return;
        const before = calculatePrice(product, selection);
        const after = calculatePrice(product, {
          ...selection,
          technologyIds: [...(selection.technologyIds ?? []), added],
        });
        if (!before.ok || !after.ok) return;
        expect(after.totalFen, `${product.id} + ${added}`).toBeGreaterThanOrEqual(before.totalFen);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps 商务名片 300g铜版纸 双面四色 覆哑膜 5 盒 at ¥95.00 or more when 圆角 is ticked', () => {
    const cards = productOf(1001);
    const base = { sizeId: 'std', styleId: 'cb300', colourId: '4c2', technologyIds: ['lm'], quantity: 5 };
    const fixed = calculatePrice(cards, base);
    const rounded = calculatePrice(cards, { ...base, technologyIds: ['lm', 'yj'] });
    if (!fixed.ok || !rounded.ok) throw new Error('the demo business card does not price');
    expect(fixed).toMatchObject({ method: 'fixed', totalFen: 9500 });
    expect(rounded.totalFen).toBeGreaterThan(9500);
    expect(rounded.lines.map((line) => line.kind)).toEqual(['fixed', 'technology']);
  });

  it('never quotes an offer below the minimum charge it is subject to', () => {
    fc.assert(
      fc.property(withSelection(offerProducts), ([product, selection]) => {
        const result = calculateOfferPrice(product, selection);
        if (!result.ok) return;
        expect(result.totalFen).toBeGreaterThanOrEqual(product.offer!.minChargeFen);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same output for the same input', () => {
    fc.assert(
      fc.property(withSelection(products), ([product, selection]) => {
        expect(calculatePrice(product, structuredClone(selection))).toEqual(
          calculatePrice(product, selection),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('ignores the order of the chosen technologies', () => {
    fc.assert(
      fc.property(withSelection(products), ([product, selection]) => {
        const reversed = { ...selection, technologyIds: [...(selection.technologyIds ?? [])].reverse() };
        expect(calculatePrice(product, reversed)).toEqual(calculatePrice(product, selection));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses negative, fractional or absurd quantities with a Chinese reason', () => {
    const bad = fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ noInteger: true }),
      fc.integer({ min: 10_000_001 }),
      fc.constantFrom(Number.NaN, Number.NEGATIVE_INFINITY),
    );
    fc.assert(
      fc.property(
        withSelection(products),
        bad,
        fc.constantFrom(...calculators),
        ([product, selection], quantity, calculate) => {
          const result = calculate(product, { ...selection, quantity });
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.reason).toMatch(CHINESE);
        },
      ),
    );
  });

  it('refuses every selection holding two mutually excluded technologies', () => {
    const arb = withSelection(products).filter(([product, selection]) => {
      const bits = (selection.technologyIds ?? []).map((id) => product.technologyById.get(id));
      return bits.some(
        (tech) => tech && bits.some((other) => other && (tech.conflictMask & other.bit) !== 0),
      );
    });
    fc.assert(
      fc.property(arb, ([product, selection]) => {
        const result = calculatePrice(product, selection);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.reason).toMatch(/不能同时选择|不支持|仅适用于/);
      }),
      { numRuns: 100 },
    );
  });

  it('answers any junk input with a value, never an exception', () => {
    const junk = fc.record(
      {
        sizeId: fc.anything(),
        widthMm: fc.anything(),
        heightMm: fc.anything(),
        styleId: fc.anything(),
        innerStyleId: fc.anything(),
        pageCount: fc.anything(),
        colourId: fc.anything(),
        technologyIds: fc.oneof(fc.anything(), fc.array(fc.anything())),
        quantity: fc.oneof(fc.anything(), fc.integer()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        productArb(products),
        junk,
        fc.constantFrom(...calculators),
        (product, selection, calculate) => {
          const result = calculate(product, selection as unknown as QuoteSelection);
          if (!result.ok) expect(result.reason).toMatch(CHINESE);
        },
      ),
      { numRuns: 500 },
    );
  });
});
