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
const product = (Id: number, CategoryPath: number[], FromPriceFen: number | null): ProductSummary => ({
  Id,
  CategoryId: CategoryPath[CategoryPath.length - 1]!,
  CategoryPath,
  Title: '',
  Summary: '',
  Unit: '',
  PriceMode: 'offer',
  Image: null,
  FromPriceFen,
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
    Items: [item(21, { ProductId: 1001, FromPriceFen: 1500 })],
  },
];

describe('categoryFromPrices', () => {
  it('gives a cell the lowest 起价 of the products under its first-level category', () => {
    const prices = categoryFromPrices(layout, [
      product(1001, [100, 110, 111], 1500),
      product(1002, [100, 120, 121], 900),
      product(2001, [200, 210, 210], 3000),
    ]);
    expect(prices.get(11)).toBe(900);
    expect(prices.get(12)).toBe(3000);
  });

  it('gives no 起价 when a product of the category has none', () => {
    const prices = categoryFromPrices(layout, [
      product(2001, [200, 210, 210], 3000),
      product(2003, [200, 220, 220], null),
    ]);
    expect(prices.has(12)).toBe(false);
  });

  it('gives no 起价 to a category the catalogue lists nothing under', () => {
    expect(categoryFromPrices(layout, []).size).toBe(0);
  });
});
