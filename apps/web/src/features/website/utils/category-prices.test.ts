import { describe, expect, it } from 'vitest';
import type { HomeLayout, HomeLayoutItem, ProductSummary } from '@inkstone/contracts';
import { categoryFromPrices } from './category-prices.ts';

const item = (Id: number, extra: Partial<HomeLayoutItem>): HomeLayoutItem => ({
  Id,
  Title: '',
  Summary: '',
  Image: null,
  Link: { Type: 'none', Target: '' },
  ProductId: null,
  FromPriceFen: null,
  Html: '',
  PublishedAt: null,
  ...extra,
});
const product = (Id: number, CategoryPath: number[]): ProductSummary => ({
  Id,
  CategoryId: CategoryPath[CategoryPath.length - 1]!,
  CategoryPath,
  Title: '',
  Summary: '',
  Unit: '',
  PriceMode: 'offer',
});
const layout: HomeLayout = [
  {
    Id: 1,
    Kind: 'category_grid',
    Title: '',
    Subtitle: '',
    SerialNumber: 10,
    Items: [
      item(11, { Link: { Type: 'category', Target: '100/110/111' } }),
      item(12, { Link: { Type: 'category', Target: '200/210/210' } }),
    ],
  },
  {
    Id: 2,
    Kind: 'hot_products',
    Title: '',
    Subtitle: '',
    SerialNumber: 20,
    Items: [
      item(21, { ProductId: 1001, FromPriceFen: 1500 }),
      item(22, { ProductId: 1002, FromPriceFen: 900 }),
      item(23, { ProductId: 2001, FromPriceFen: 3000 }),
    ],
  },
];

describe('categoryFromPrices', () => {
  it('gives a cell the lowest 起价 of its category when every product of it is priced', () => {
    const prices = categoryFromPrices(layout, [
      product(1001, [100, 110, 111]),
      product(1002, [100, 120, 121]),
    ]);
    expect(prices.get(11)).toBe(900);
  });

  it('gives no 起价 when a product of the category is not priced on the page', () => {
    const prices = categoryFromPrices(layout, [
      product(2001, [200, 210, 210]),
      product(2003, [200, 220, 220]),
    ]);
    expect(prices.has(12)).toBe(false);
  });

  it('gives no 起价 to a category the catalogue lists nothing under', () => {
    expect(categoryFromPrices(layout, []).size).toBe(0);
  });
});
