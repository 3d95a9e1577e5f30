import type { HomeLayout, ProductSummary } from '@inkstone/contracts';

/**
 * The 起价 of each category-grid cell, by item id, where it can be told from what the home page
 * already has. The layout prices its product items (FromPriceFen, the cheapest valid configuration
 * of each product) but not its category cells, so a cell's 起价 is the lowest of its first-level
 * category's products — given only when every product the catalogue lists under it is priced on
 * the page: a lower price hidden behind an unpriced product would make "¥…起" untrue.
 */
export function categoryFromPrices(
  layout: HomeLayout,
  products: readonly ProductSummary[],
): Map<number, number> {
  const known = new Map<number, number>();
  for (const group of layout) {
    for (const item of group.Items) {
      if (item.ProductId === null || item.FromPriceFen === null) continue;
      const before = known.get(item.ProductId);
      known.set(
        item.ProductId,
        before === undefined ? item.FromPriceFen : Math.min(before, item.FromPriceFen),
      );
    }
  }
  const prices = new Map<number, number>();
  for (const group of layout) {
    if (group.Kind !== 'category_grid') continue;
    for (const item of group.Items) {
      const root = item.Link.Type === 'category' ? Number(item.Link.Target.split('/')[0]) : NaN;
      const under = products.filter((product) => product.CategoryPath[0] === root);
      const fens = under.map((product) => known.get(product.Id));
      if (under.length > 0 && fens.every((fen) => fen !== undefined)) {
        prices.set(item.Id, Math.min(...(fens as number[])));
      }
    }
  }
  return prices;
}
