import { describe, expect, it } from 'vitest';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog } from './compile.ts';
import { calculateOfferPrice } from './offer.ts';
import type { QuoteSelection } from './quote.types.ts';
import { excludedTechnologies } from './selection.ts';

const products = compileCatalog(getDemoCatalog('demo'));
const product = (id: number) => {
  const found = products.get(id);
  if (!found) throw new Error(`no demo product ${id}`);
  return found;
};
const card: QuoteSelection = {
  sizeId: 'std',
  styleId: 'cb300',
  colourId: '4c2',
  technologyIds: [],
  quantity: 2,
};
const booklet: QuoteSelection = {
  sizeId: 'a4',
  styleId: 'cb250',
  innerStyleId: 'cb157',
  pageCount: 16,
  colourId: '4c2',
  technologyIds: ['qmd'],
  quantity: 100,
};

describe('selection checks', () => {
  const cases: { name: string; id: number; selection: Record<string, unknown>; reason: string }[] = [
    { name: 'a zero quantity', id: 1001, selection: { ...card, quantity: 0 }, reason: '数量必须大于0' },
    { name: 'a negative quantity', id: 1001, selection: { ...card, quantity: -5 }, reason: '数量必须大于0' },
    {
      name: 'a fractional quantity',
      id: 1001,
      selection: { ...card, quantity: 1.5 },
      reason: '数量必须是整数',
    },
    {
      name: 'a quantity that is not a number',
      id: 1001,
      selection: { ...card, quantity: '2' },
      reason: '请输入数量',
    },
    {
      name: 'an infinite quantity',
      id: 1001,
      selection: { ...card, quantity: Number.POSITIVE_INFINITY },
      reason: '请输入数量',
    },
    {
      name: 'a quantity above the maximum',
      id: 1001,
      selection: { ...card, quantity: 201 },
      reason: '数量不能超过200盒',
    },
    {
      name: 'a quantity below the minimum',
      id: 2001,
      selection: { sizeId: 'a4', styleId: 'cb157', colourId: '4c1', quantity: 30 },
      reason: '数量不能少于50张',
    },
    {
      name: 'a quantity off the step',
      id: 2001,
      selection: { sizeId: 'a4', styleId: 'cb157', colourId: '4c1', quantity: 120 },
      reason: '数量需从50张起按50张递增',
    },
    { name: 'an unknown size', id: 1001, selection: { ...card, sizeId: 'huge' }, reason: '所选尺寸不存在' },
    { name: 'no size at all', id: 1001, selection: { ...card, sizeId: undefined }, reason: '请选择尺寸' },
    {
      name: 'a custom size on a preset-only product',
      id: 5001,
      selection: {
        widthMm: 500,
        heightMm: 400,
        styleId: 'bk250',
        colourId: '4c1',
        technologyIds: ['sg'],
        quantity: 100,
      },
      reason: '该商品不支持自定义尺寸',
    },
    {
      name: 'a custom width too large',
      id: 1001,
      selection: { ...card, sizeId: undefined, widthMm: 101, heightMm: 54 },
      reason: '宽度须在45–100毫米之间',
    },
    {
      name: 'a custom height too small',
      id: 1001,
      selection: { ...card, sizeId: undefined, widthMm: 90, heightMm: 39 },
      reason: '高度须在40–100毫米之间',
    },
    {
      name: 'a fractional custom size',
      id: 1001,
      selection: { ...card, sizeId: undefined, widthMm: 90.5, heightMm: 54 },
      reason: '自定义尺寸须为整数毫米',
    },
    {
      name: 'a negative custom size',
      id: 3001,
      selection: {
        widthMm: -50,
        heightMm: 50,
        styleId: 'bgj',
        colourId: '4c1',
        technologyIds: ['qd'],
        quantity: 500,
      },
      reason: '宽度须在20–300毫米之间',
    },
    { name: 'an unknown style', id: 1001, selection: { ...card, styleId: 'gold' }, reason: '所选款式不存在' },
    {
      name: 'an unknown colour',
      id: 1001,
      selection: { ...card, colourId: 'rainbow' },
      reason: '所选颜色不存在',
    },
    { name: 'a missing colour', id: 1001, selection: { ...card, colourId: undefined }, reason: '请选择颜色' },
    {
      name: 'an unknown technology',
      id: 1001,
      selection: { ...card, technologyIds: ['laser'] },
      reason: '工艺「laser」不存在',
    },
    {
      name: 'technologies that are not a list',
      id: 1001,
      selection: { ...card, technologyIds: 'lm' },
      reason: '工艺选项格式不正确',
    },
    {
      name: 'two laminations of one group',
      id: 1001,
      selection: { ...card, technologyIds: ['lm', 'lg'] },
      reason: '「覆哑膜」与已选工艺「覆光膜」不能同时选择',
    },
    {
      name: 'UV with foil, which it excludes',
      id: 1001,
      selection: { ...card, technologyIds: ['tj', 'uv'] },
      reason: '「局部UV」与已选工艺「烫金」不能同时选择',
    },
    {
      name: 'lamination on special paper',
      id: 1001,
      selection: { ...card, styleId: 'zg300', technologyIds: ['lm'] },
      reason: '「300g珠光纸（特种纸）」不支持覆哑膜',
    },
    {
      name: 'a booklet without binding',
      id: 2003,
      selection: { ...booklet, technologyIds: [] },
      reason: '请选择装订方式',
    },
    {
      name: 'saddle stitching a thick booklet',
      id: 2003,
      selection: { ...booklet, pageCount: 64 },
      reason: '骑马钉仅适用于8–48页',
    },
    {
      name: 'a page count off the multiple',
      id: 2003,
      selection: { ...booklet, pageCount: 18 },
      reason: '页数须为4的倍数',
    },
    {
      name: 'too few pages',
      id: 2003,
      selection: { ...booklet, pageCount: 4 },
      reason: '页数须在8–120页之间',
    },
    {
      name: 'a missing page count',
      id: 2003,
      selection: { ...booklet, pageCount: undefined },
      reason: '请选择页数',
    },
    {
      name: 'a cover paper not allowed as cover',
      id: 2003,
      selection: { ...booklet, styleId: 'cb157' },
      reason: '「157g铜版纸」不能用作封面',
    },
    {
      name: 'an inner paper not allowed inside',
      id: 2003,
      selection: { ...booklet, innerStyleId: 'cb300' },
      reason: '「300g铜版纸」不能用作内页',
    },
    {
      name: 'a missing inner paper',
      id: 2003,
      selection: { ...booklet, innerStyleId: undefined },
      reason: '请选择内页纸张',
    },
    {
      name: 'a sticker without a cutting method',
      id: 3001,
      selection: { sizeId: 's5050', styleId: 'bgj', colourId: '4c1', technologyIds: [], quantity: 500 },
      reason: '请选择成型方式',
    },
  ];

  it.each(cases)('refuses $name', ({ id, selection, reason }) => {
    expect(calculateOfferPrice(product(id), selection as unknown as QuoteSelection)).toEqual({
      ok: false,
      reason,
    });
  });

  it('refuses a selection that is not an object without throwing', () => {
    expect(calculateOfferPrice(product(1001), null as unknown as QuoteSelection)).toEqual({
      ok: false,
      reason: '请选择商品规格',
    });
  });

  it('takes the preset size when both a preset and a custom size are given', () => {
    const both = calculateOfferPrice(product(1001), { ...card, widthMm: 100, heightMm: 100 });
    expect(both).toEqual(calculateOfferPrice(product(1001), card));
  });
});

describe('excludedTechnologies', () => {
  it('greys out the other members of a chosen group and what a chosen technology excludes', () => {
    expect(excludedTechnologies(product(1001), { ...card, technologyIds: ['lm', 'tj'] })).toEqual([
      { technologyId: 'lg', reason: '「覆光膜」与已选工艺「覆哑膜」不能同时选择' },
      { technologyId: 'uv', reason: '「局部UV」与已选工艺「烫金」不能同时选择' },
    ]);
  });

  it('greys out technologies the chosen style does not take', () => {
    const excluded = excludedTechnologies(product(1001), { styleId: 'ln250' }).map(
      (item) => item.technologyId,
    );
    expect(excluded).toEqual(['lm', 'lg', 'uv']);
  });

  it('greys out a binding outside its page range', () => {
    expect(excludedTechnologies(product(2003), { pageCount: 60 })).toEqual([
      { technologyId: 'qmd', reason: '骑马钉仅适用于8–48页' },
    ]);
    expect(excludedTechnologies(product(2003), { pageCount: 16 })).toEqual([
      { technologyId: 'jz', reason: '胶装仅适用于24–120页' },
    ]);
  });

  it('greys out nothing for an empty selection', () => {
    expect(excludedTechnologies(product(1001), {})).toEqual([]);
    expect(excludedTechnologies(product(1001), null)).toEqual([]);
  });
});
