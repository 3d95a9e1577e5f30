import { describe, expect, it } from 'vitest';
import type { HelpCategory } from '@inkstone/contracts';
import { countArticles, findAboutArticle, firstArticle, parseArticleId } from './help-menu.ts';
import { fromPriceText } from './price-text.ts';
import { imageSrcSet } from './site-image.ts';
import {
  formatFileSize,
  readTemplateFilters,
  templateFilterQuery,
  templateSizeText,
} from './template-filters.ts';

describe('fromPriceText', () => {
  it.each([
    [1500, '¥15起'],
    [128_000, '¥1,280起'],
    [1250, '¥12.50起'],
    [0, '¥0起'],
  ])('writes %i fen as %s', (fen, text) => {
    expect(fromPriceText(fen)).toBe(text);
  });
});

describe('imageSrcSet', () => {
  it('offers the half-width rendition and the large one', () => {
    expect(
      imageSrcSet({ Url: '/b.webp', SmallUrl: '/b.small.webp', Width: 1600, Height: 500, Alt: '' }),
    ).toBe('/b.small.webp 800w, /b.webp 1600w');
  });

  it('offers none without a distinct small rendition', () => {
    expect(imageSrcSet({ Url: '/b.webp', SmallUrl: '', Width: 1600, Height: 500, Alt: '' })).toBe('');
    expect(imageSrcSet({ Url: '/b.webp', SmallUrl: '/b.webp', Width: 1600, Height: 500, Alt: '' })).toBe('');
  });
});

const menu: HelpCategory[] = [
  { Id: 1, Key: '', Title: '新手指南', SerialNumber: 10, Articles: [] },
  { Id: 2, Key: '', Title: '文件制作', SerialNumber: 20, Articles: [{ Id: 4, Title: '出血' }] },
  {
    Id: 3,
    Key: 'about',
    Title: '关于我们',
    SerialNumber: 30,
    Articles: [
      { Id: 17, Title: '关于墨砚快印' },
      { Id: 18, Title: '联系我们' },
    ],
  },
];

describe('help menu', () => {
  it('finds the first article of the category keyed about, whatever its title', () => {
    expect(findAboutArticle(menu)).toEqual({ Id: 17, Title: '关于墨砚快印' });
    expect(findAboutArticle(menu.slice(0, 2))).toBeNull();
  });

  it('finds the first article and counts them', () => {
    expect(firstArticle(menu)?.Id).toBe(4);
    expect(countArticles(menu)).toBe(3);
  });

  it.each([
    ['12', 12],
    ['0', null],
    ['abc', null],
    ['12abc', null],
    ['99999999999', null],
    [undefined, null],
  ])('reads the address id %s as %s', (value, id) => {
    expect(parseArticleId(value)).toBe(id);
  });
});

describe('template filters', () => {
  it('reads the address and writes it back without defaults', () => {
    const filters = readTemplateFilters(new URLSearchParams('category=3&keyword=%20名片%20&page=2'));
    expect(filters).toEqual({ categoryId: 3, keyword: '名片', page: 2 });
    expect(templateFilterQuery({ ...filters, page: 1 })).toEqual({ category: '3', keyword: '名片' });
    expect(readTemplateFilters(new URLSearchParams('category=x&page=-1'))).toEqual({
      categoryId: null,
      keyword: '',
      page: 1,
    });
  });

  it('writes sizes as the cards show them', () => {
    expect(formatFileSize(860)).toBe('860 B');
    expect(formatFileSize(2293)).toBe('2.2 KB');
    expect(templateSizeText(90, 54, 2)).toBe('90 × 54 mm · 出血 2 mm');
    expect(templateSizeText(420, 297, 0)).toBe('420 × 297 mm');
  });
});
