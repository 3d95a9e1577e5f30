import type { HomeLayout, ProductSummary } from '@inkstone/contracts';

/**
 * The 起价 of each category-grid cell, by item id: the lowest 起价 (FromPriceFen, the cheapest
 * valid configuration of each product) of the products the catalogue lists under the cell's
 * first-level category — given only when every one of them has a 起价: a lower price hidden
 * behind an unpriced product would make "¥…起" untrue.
 */
export function categoryFromPrices(
  layout: HomeLayout,
  products: readonly ProductSummary[],
): Map<number, number> {
  const prices = new Map<number, number>();
  for (const group of layout) {
    if (group.Kind !== 'category_grid') continue;
    for (const item of group.Items) {
      const root = item.Link.Type === 'category' ? Number(item.Link.Target.split('/')[0]) : NaN;
      const fens = products
        .filter((product) => product.CategoryPath[0] === root)
        .map((product) => product.FromPriceFen);
      if (fens.length > 0 && fens.every((fen) => fen !== null)) {
        prices.set(item.Id, Math.min(...(fens as number[])));
      }
    }
  }
  return prices;
}
