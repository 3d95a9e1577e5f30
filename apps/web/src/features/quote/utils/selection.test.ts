import { describe, expect, it } from 'vitest';
import { BROCHURE_INFO, BUSINESS_CARD_INFO } from './product-fixtures.ts';
import {
  draftFromSelection,
  dropUnsupportedTechnologies,
  groupTechnologies,
  requestKey,
  restoreDraft,
  technologyReasons,
  toPriceRequest,
  toggleTechnology,
} from './selection.ts';
import type { SelectionDraft } from './selection.ts';

const card = BUSINESS_CARD_INFO.Product;
const brochure = BROCHURE_INFO.Product;
const cardDraft = (change: Partial<SelectionDraft> = {}): SelectionDraft => ({
  ...draftFromSelection(BUSINESS_CARD_INFO.DefaultSelection),
  ...change,
});
const brochureDraft = (change: Partial<SelectionDraft> = {}): SelectionDraft => ({
  ...draftFromSelection(BROCHURE_INFO.DefaultSelection),
  ...change,
});

describe('toPriceRequest', () => {
  it('sends a preset size by id, without custom dimensions or booklet fields', () => {
    const result = toPriceRequest(card, cardDraft({ sizeId: 'eu', quantity: 5 }));
    expect(result).toEqual({
      ok: true,
      body: {
        ProductId: 1001,
        SizeId: 'eu',
        WidthMm: null,
        HeightMm: null,
        StyleId: 'cb300',
        InnerStyleId: null,
        PageCount: null,
        ColourId: '4c1',
        TechnologyIds: [],
        Quantity: 5,
      },
    });
  });

  it('sends a custom size as width and height with no size id', () => {
    const result = toPriceRequest(card, cardDraft({ sizeId: null, widthMm: 88, heightMm: 55 }));
    expect(result.ok && [result.body.SizeId, result.body.WidthMm, result.body.HeightMm]).toEqual([
      null,
      88,
      55,
    ]);
  });

  it('keeps the booklet fields for a booklet', () => {
    const result = toPriceRequest(brochure, brochureDraft({ pageCount: 24, innerStyleId: 'yf157' }));
    expect(result.ok && [result.body.InnerStyleId, result.body.PageCount]).toEqual(['yf157', 24]);
  });

  it('orders technology ids as the catalogue does, so one combination has one key', () => {
    const a = toPriceRequest(card, cardDraft({ technologyIds: ['tj', 'lm', 'yj'] }));
    const b = toPriceRequest(card, cardDraft({ technologyIds: ['yj', 'tj', 'lm'] }));
    expect(a.ok && a.body.TechnologyIds).toEqual(['lm', 'yj', 'tj']);
    expect(a.ok && b.ok && requestKey(a.body) === requestKey(b.body)).toBe(true);
  });

  it.each([
    [{ sizeId: null, widthMm: 30, heightMm: 54 }, 'size', '宽度须在45–100毫米之间'],
    [{ sizeId: null, widthMm: 90, heightMm: 120 }, 'size', '高度须在40–100毫米之间'],
    [{ sizeId: null, widthMm: null, heightMm: 54 }, 'size', '请输入宽度'],
    [{ quantity: null }, 'quantity', '请输入数量'],
    [{ quantity: 201 }, 'quantity', '数量不能超过200盒'],
    [{ quantity: 0 }, 'quantity', '数量必须大于0'],
  ] as const)('refuses %o beside the %s field: %s', (change, field, message) => {
    expect(toPriceRequest(card, cardDraft(change))).toEqual({ ok: false, field, message });
  });

  it.each([
    [26, '页数须为4的倍数'],
    [4, '页数须在8–120页之间'],
    [124, '页数须在8–120页之间'],
  ])('refuses %i pages: %s', (pageCount, message) => {
    expect(toPriceRequest(brochure, brochureDraft({ pageCount }))).toEqual({
      ok: false,
      field: 'pages',
      message,
    });
  });

  it('refuses a quantity off the free-entry step', () => {
    expect(toPriceRequest(brochure, brochureDraft({ quantity: 25 }))).toEqual({
      ok: false,
      field: 'quantity',
      message: '数量需从20本起按10本递增',
    });
  });
});

describe('requestKey', () => {
  it('differs when anything priced differs', () => {
    const base = toPriceRequest(card, cardDraft());
    const more = toPriceRequest(card, cardDraft({ quantity: 2 }));
    expect(base.ok && more.ok && requestKey(base.body) !== requestKey(more.body)).toBe(true);
  });
});

describe('technologyReasons', () => {
  it('greys out a technology that conflicts with a chosen one, in the engine’s words', () => {
    const reasons = technologyReasons(card, cardDraft({ technologyIds: ['uv'] }), null);
    expect(reasons.get('tj')).toBe('「烫金」与已选工艺「局部UV」不能同时选择');
    expect(reasons.get('uv')).toBeNull();
    expect(reasons.get('yj')).toBeNull();
  });

  it('never greys out a member of the chosen one’s group: choosing it switches', () => {
    const reasons = technologyReasons(card, cardDraft({ technologyIds: ['lm'] }), [
      { TechnologyId: 'lg', Reason: '「覆光膜」与已选工艺「覆哑膜」不能同时选择' },
    ]);
    expect(reasons.get('lg')).toBeNull();
  });

  it('greys out technologies the chosen paper does not take', () => {
    const reasons = technologyReasons(card, cardDraft({ styleId: 'ln250' }), null);
    expect(reasons.get('lm')).toBe('「250g莱尼纹纸（特种纸）」不支持覆哑膜');
    expect(reasons.get('uv')).toBe('「250g莱尼纹纸（特种纸）」不支持局部UV');
    expect(reasons.get('tj')).toBeNull();
  });

  it('greys out a binding outside its page range', () => {
    const reasons = technologyReasons(
      brochure,
      brochureDraft({ pageCount: 8, technologyIds: ['qmd'] }),
      null,
    );
    expect(reasons.get('jz')).toBe('胶装仅适用于24–120页');
  });

  it('adds what the server excluded for this selection', () => {
    const reasons = technologyReasons(card, cardDraft(), [
      { TechnologyId: 'yj', Reason: '当前尺寸不能做圆角' },
    ]);
    expect(reasons.get('yj')).toBe('当前尺寸不能做圆角');
  });
});

describe('toggleTechnology', () => {
  it('adds and removes a free technology', () => {
    expect(toggleTechnology(card, [], 'yj')).toEqual(['yj']);
    expect(toggleTechnology(card, ['yj'], 'yj')).toEqual([]);
  });

  it('replaces the other member of a group', () => {
    expect(toggleTechnology(card, ['lm', 'yj'], 'lg')).toEqual(['lg', 'yj']);
  });

  it('keeps the only choice of a required group', () => {
    expect(toggleTechnology(brochure, ['qmd'], 'qmd')).toEqual(['qmd']);
    expect(toggleTechnology(brochure, ['qmd'], 'jz')).toEqual(['jz']);
  });
});

describe('groupTechnologies', () => {
  it('shows each group as a row and the free technologies last', () => {
    expect(
      groupTechnologies(brochure).map((row) => [row.title, row.isRequired, row.technologies.length]),
    ).toEqual([
      ['装订', true, 2],
      ['覆膜', false, 2],
      ['其他工艺', false, 2],
    ]);
  });
});

describe('restoreDraft', () => {
  it('opens with the default selection when nothing was kept', () => {
    expect(restoreDraft(card, BUSINESS_CARD_INFO.DefaultSelection, null)).toEqual(cardDraft());
  });

  it('brings back the last choices that still exist', () => {
    const draft = restoreDraft(card, BUSINESS_CARD_INFO.DefaultSelection, {
      attributes: { SizeId: null, StyleId: 'yf300', ColourId: 'gone', TechnologyIds: ['uv', 'nope'] },
      customSize: { WidthMm: 88, HeightMm: 55 },
      quantity: 20,
    });
    expect(draft).toMatchObject({
      sizeId: null,
      widthMm: 88,
      heightMm: 55,
      styleId: 'yf300',
      colourId: '4c1',
      technologyIds: ['uv'],
      quantity: 20,
    });
  });

  it('ignores a kept quantity the rule no longer allows and keeps a required group filled', () => {
    const draft = restoreDraft(brochure, BROCHURE_INFO.DefaultSelection, {
      attributes: { TechnologyIds: ['fmlm'] },
      quantity: 25,
    });
    expect(draft.quantity).toBe(50);
    expect(draft.technologyIds).toEqual(['qmd', 'fmlm']);
  });
});

describe('dropUnsupportedTechnologies', () => {
  const laminated = draftFromSelection({
    ...BUSINESS_CARD_INFO.DefaultSelection,
    TechnologyIds: ['lm', 'yj'],
  });

  it('takes 覆哑膜 off when a paper that does not take it is chosen, and says so', () => {
    const { draft, notices } = dropUnsupportedTechnologies(card, { ...laminated, styleId: 'zg300' });
    expect(draft.technologyIds).toEqual(['yj']);
    expect(notices).toEqual(['「300g珠光纸（特种纸）」不支持覆哑膜，已取消覆哑膜']);
  });

  it('keeps the draft as it is when the paper takes every chosen technology', () => {
    const same = { ...laminated, styleId: 'yf300' };
    expect(dropUnsupportedTechnologies(card, same)).toEqual({ draft: same, notices: [] });
  });
});
