import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDemoCatalog } from '../catalog/demo/demo-catalogs.ts';
import { compileCatalog } from '../pricing/compile.ts';
import { calculatePrice } from '../pricing/fixed.ts';
import { analyseFileName } from './analyse-file-name.ts';
import { buildFileNameIndex } from './file-name-index.ts';
import { normaliseFileNameText } from './file-name-text.ts';

const demo = buildFileNameIndex(getDemoCatalog('demo'));
const maple = buildFileNameIndex(getDemoCatalog('maple'));

describe('analyseFileName', () => {
  it('reads the brief’s business card field by field, with where each came from', () => {
    const analysis = analyseFileName(demo, '名片-300g铜版纸-双面-覆哑膜-5盒.pdf');
    expect(analysis.product).toMatchObject({ value: 1001, source: 'name', confidence: 1, text: '名片' });
    expect(analysis.paper).toMatchObject({
      value: 'cb300',
      source: 'name',
      confidence: 1,
      text: '300g铜版纸',
    });
    expect(analysis.colour).toMatchObject({ value: '4c2', source: 'name', text: '双面' });
    expect(analysis.technologies).toMatchObject({ value: ['lm'], source: 'name', text: '覆哑膜' });
    expect(analysis.quantity).toMatchObject({ value: 5, source: 'name', confidence: 1, text: '5盒' });
    // The size is not in the name: the product's first size, marked as a default to check.
    expect(analysis.size).toMatchObject({ value: { sizeId: 'std' }, source: 'default', confidence: 0 });
    expect(analysis.status).toBe('review');
    expect(analysis.selection).toEqual({
      sizeId: 'std',
      styleId: 'cb300',
      colourId: '4c2',
      technologyIds: ['lm'],
      quantity: 5,
    });
  });

  it('is recognised only when every field was read with confidence and nothing is left over', () => {
    expect(analyseFileName(maple, '文件打印_A4_彩色_100张.pdf').status).toBe('recognised');
    const withStranger = analyseFileName(maple, '合同_文件打印_A4_彩色_100张.pdf');
    expect(withStranger.status).toBe('review');
    expect(withStranger.unknownWords).toEqual(['合同']);
  });

  it('flags a name without a product and fills nothing in', () => {
    const analysis = analyseFileName(demo, 'A4 双面 1000张.pdf');
    expect(analysis.status).toBe('unrecognised');
    expect(analysis.product.value).toBeNull();
    expect(analysis.selection).toBeNull();
    expect(analysis.problems).toEqual(['未能从文件名识别产品，请选择产品']);
  });

  it('flags two products named at once instead of choosing one', () => {
    const analysis = analyseFileName(demo, '海报 传单 A4 1000张.pdf');
    expect(analysis.status).toBe('unrecognised');
    expect(analysis.problems[0]).toBe('文件名中的「海报」「传单」可以是不同的产品，请选择产品');
  });

  it('knows only the merchant’s own catalogue', () => {
    expect(analyseFileName(maple, '名片-300g铜版纸-双面-5盒.pdf').status).toBe('unrecognised');
    expect(analyseFileName(demo, 'KT板展板_60x90cm_2块.pdf').product.value).not.toBe(9202);
  });

  it('takes the size from the page size when the name gives none, less the bleed', () => {
    const analysis = analyseFileName(demo, '宣传单 双面 1000张.pdf', { widthMm: 216, heightMm: 303 });
    expect(analysis.size).toMatchObject({ value: { sizeId: 'a4' }, source: 'page' });
    const poster = analyseFileName(demo, '海报 100张.pdf', { widthMm: 426, heightMm: 600 });
    expect(poster.size).toMatchObject({ value: { widthMm: 420, heightMm: 594 }, source: 'page' });
  });

  it('says what the name asks for and the product cannot give, in Chinese', () => {
    expect(analyseFileName(demo, '海报 A2 双面 100张.pdf').problems).toContain('「海报」不能双面印刷');
    expect(analyseFileName(demo, '名片 250张.pdf').problems).toContain('数量「250张」不是整盒（每盒100张）');
    expect(analyseFileName(demo, '名片 双面 覆哑膜 覆光膜 5盒.pdf').problems).toContain(
      '「覆哑膜」与「覆光膜」只能选一个，已按「覆哑膜」识别',
    );
    expect(analyseFileName(demo, '名片 5000x5000 5盒.pdf').problems).toContain(
      '尺寸「5000x5000」不在「商务名片」的可选范围内',
    );
  });

  it('does not pass off one of two papers of the same 克重 as read', () => {
    const analysis = analyseFileName(demo, '宣传单 A4 双面 157g 1000张.pdf');
    expect(analysis.paper).toMatchObject({ source: 'default', confidence: 0, text: '157g' });
    expect(analysis.problems).toContain('「157g」可以是「157g铜版纸」或「157g哑粉纸」，请选择纸张');
    expect(analysis.status).toBe('review');
  });

  it('reads the trade’s colour codes and counts written as a multiplication or in 万 as w', () => {
    const card = analyseFileName(demo, '名片 4+4 覆光膜 300g铜版 x5.pdf');
    expect(card.colour).toMatchObject({ value: '4c2', source: 'name', text: '4+4' });
    expect(card.quantity).toMatchObject({ value: 5, source: 'name', text: 'x5' });
    expect(analyseFileName(demo, '单页 4+0 A5 5000张.pdf').colour.value).toBe('4c1');
    expect(analyseFileName(demo, '宣传单 1+1 A4 500张.pdf').colour.value).toBe('k2');
    expect(analyseFileName(demo, '宣传单 A4 双面 1w张.pdf').quantity.value).toBe(10_000);
    // A plus sign elsewhere is still a separator, and a size keeps its numbers.
    expect(normaliseFileNameText('名片+4盒+双面.pdf')).toBe('名片 4盒 双面');
    expect(analyseFileName(demo, '海报 42x57cm 50张.pdf').size.value).toEqual({ sizeId: 'd4' });
  });

  it('reads sizes and counts glued together as a person would', () => {
    const poster = analyseFileName(demo, '海报A2*2张.pdf');
    expect(poster.size.value).toEqual({ widthMm: 420, heightMm: 594 });
    expect(poster.quantity).toMatchObject({ value: 2, text: '*2张' });
    expect(poster.unknownWords).toEqual([]);
    const card = analyseFileName(demo, '名片 90x54x5盒.pdf');
    expect(card.size.value).toEqual({ sizeId: 'std' });
    expect(card.quantity.value).toBe(5);
    // 16k is 16开, a size; 2k without a unit is two thousand.
    const leaflet = analyseFileName(demo, '宣传单 大16K 双面 2k.pdf');
    expect(leaflet.size.value).toEqual({ sizeId: 'd16' });
    expect(leaflet.quantity).toMatchObject({ value: 2000, source: 'name', text: '2k' });
    expect(analyseFileName(demo, '宣传单 A4 双面 1.5万.pdf').quantity.value).toBe(15_000);
  });

  it('prefers the reading of a name that leaves no word over (牛皮纸袋 is 牛皮 + 纸袋)', () => {
    const bag = analyseFileName(demo, '牛皮纸袋 25x33x8cm 机器糊袋 2000个.pdf');
    expect(bag.product.value).toBe(5001);
    expect(bag.paper.value).toBe('nz120');
    expect(bag.unknownWords).toEqual([]);
  });

  it('takes the product from a finishing only one product offers', () => {
    const leaflet = analyseFileName(demo, '三折页_A4_双面_1000张.pdf');
    expect(leaflet.product).toMatchObject({ value: 2001, source: 'name', text: '三折页' });
    expect(leaflet.technologies.value).toEqual(['zy3']);
    expect(analyseFileName(demo, '烫金 5盒.pdf').status).toBe('unrecognised');
  });

  it('fills the required groups the name leaves open and says which', () => {
    const analysis = analyseFileName(demo, '画册 A4 32P 200本.pdf');
    expect(analysis.defaultedTechnologyIds).toEqual(['qmd']);
    expect(analysis.selection?.technologyIds).toEqual(['qmd']);
    expect(analysis.technologies.value).toEqual([]);
  });

  it('gives selections the price engine can price when the name is complete', () => {
    const products = compileCatalog(getDemoCatalog('demo'));
    for (const name of [
      '名片-300g铜版纸-双面-覆哑膜-5盒.pdf',
      '海报_A2_200张.pdf',
      '不干胶 圆形50mm 1000张.ai',
      '企业画册_A4_32P_封面250g铜版纸_内页157g哑粉纸_骑马钉_500本.pdf',
    ]) {
      const analysis = analyseFileName(demo, name);
      const product = products.get(analysis.product.value!)!;
      expect(calculatePrice(product, analysis.selection!).ok, name).toBe(true);
    }
  });

  it('normalises full-width text, brackets, separators and the extension', () => {
    expect(normaliseFileNameText('名片（双面）＿５盒.PDF')).toBe('名片 双面 5盒');
    expect(normaliseFileNameText('a.b-c_d+e.f.ai')).toBe('a b c d e f');
  });

  it('never throws, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const analysis = analyseFileName(demo, name);
        expect(['recognised', 'review', 'unrecognised']).toContain(analysis.status);
      }),
      { numRuns: 500 },
    );
  });
});
