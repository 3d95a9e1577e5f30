/**
 * The product calls' rules: category page, product info, prices, SKU code and ship date, all from
 * the merchant's current catalogue in the CatalogStore. Prices always come from the engine on the
 * server; a combination the engine refuses becomes QuoteRefused with the engine's own reason.
 */
import type {
  CategoryPage,
  ContentImage,
  GetCompanyProductInfoBody,
  PriceMode,
  PriceRequestBody,
  ProComplexInfo,
  ProComplexInfoQuery,
  ProductInfo,
  ProductSummary,
  Quote,
  QueryCommonProductBody,
  ShipDatePredictionWire,
  SkuCode,
  SkuCodeBody,
} from '@inkstone/contracts';
import { CATEGORY_BELONGING_PRODUCTS } from '@inkstone/contracts';
import {
  CHINA_OFFSET_MS,
  calculateFixedOrOfferPrice,
  calculateFixedPrice,
  calculateOfferPrice,
  calculatePrice,
  excludedTechnologies,
  findSkuCode,
  predictShipDate,
  type CompiledProduct,
  type QuoteResult,
  type QuoteSelection,
} from '@inkstone/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import type { CatalogStore } from './catalog-store.ts';
import { calculateFromPrice, smallestQuantity } from './from-price.ts';
import type { ProductImages } from './product-images.ts';
import { toQuote, type CatalogProductInfo, type CatalogProductSummary } from './products.mapper.ts';
import { toQuoteSelection, toSkuSelection } from './selection.ts';

/** The engine function behind each price mode (the price calls and the cart's line pricing). */
export const PRICERS: Record<
  PriceMode,
  (product: CompiledProduct, selection: QuoteSelection) => QuoteResult
> = {
  auto: calculatePrice,
  fixed: calculateFixedPrice,
  offer: calculateOfferPrice,
  fixedOrOffer: calculateFixedOrOfferPrice,
};

const DAY_MS = 86_400_000;
const NO_CATALOG = '商家尚未上架商品';

/** Minutes after midnight (China time) of a `HH:mm` cut-off and of a moment. */
function isAfterCutoff(now: number, cutoffTime: string): boolean {
  const [hours = 0, minutes = 0] = cutoffTime.split(':').map(Number);
  const localMs = now + CHINA_OFFSET_MS;
  const minuteOfDay = Math.floor((localMs - Math.floor(localMs / DAY_MS) * DAY_MS) / 60_000);
  return minuteOfDay >= hours * 60 + minutes;
}

/** A product's picture and 起价: what the catalogue calls add to what its catalogue version says. */
type LiveFields = { Image: ContentImage | null; FromPriceFen: number | null };
type Enliven = (productId: number) => LiveFields;

/** A version's product summary with its picture and 起价. */
const withLive =
  (enliven: Enliven) =>
  (summary: CatalogProductSummary): ProductSummary => ({ ...summary, ...enliven(summary.Id) });

export class ProductsService {
  /** From prices by catalogue version (a snapshot is one version): computed once each. */
  private readonly fromPriceCache = new WeakMap<CatalogSnapshot, Map<number, number | null>>();

  constructor(
    private readonly store: CatalogStore,
    private readonly clock: Clock,
    private readonly images: ProductImages,
  ) {}

  /**
   * The from price (起价, fen) of each of `productIds` that the merchant's current catalogue
   * sells: the cheapest valid configuration at the smallest quantity without optional
   * technologies (from-price.ts); null when the engine quotes none. Products not in the
   * catalogue are left out of the map.
   */
  async fromPrices(merchantId: number, productIds: readonly number[]): Promise<Map<number, number | null>> {
    const snapshot = await this.store.current(merchantId);
    return snapshot ? this.fromPricesOf(snapshot, productIds) : new Map();
  }

  /** The from prices of `productIds` in one catalogue version (computed once per version). */
  private fromPricesOf(snapshot: CatalogSnapshot, productIds: readonly number[]): Map<number, number | null> {
    const prices = new Map<number, number | null>();
    let cache = this.fromPriceCache.get(snapshot);
    if (!cache) {
      cache = new Map();
      this.fromPriceCache.set(snapshot, cache);
    }
    for (const id of productIds) {
      const product = snapshot.products.get(id);
      if (!product) continue;
      let price = cache.get(id);
      if (price === undefined) {
        price = calculateFromPrice(product);
        cache.set(id, price);
      }
      prices.set(id, price);
    }
    return prices;
  }

  /**
   * The picture (read now) and 起价 (of this catalogue version) of `productIds` — of every
   * product of the catalogue when omitted — as a look-up by product id.
   */
  private async liveFields(
    merchantId: number,
    snapshot: CatalogSnapshot,
    productIds?: readonly number[],
  ): Promise<Enliven> {
    const images = await this.images.of(merchantId, productIds);
    const prices = this.fromPricesOf(snapshot, productIds ?? [...snapshot.products.keys()]);
    return (id) => ({ Image: images.get(id) ?? null, FromPriceFen: prices.get(id) ?? null });
  }

  /** A version's product info with the product's pictures and 起价. */
  private async infoWithLive(
    merchantId: number,
    snapshot: CatalogSnapshot,
    info: CatalogProductInfo,
    enliven?: Enliven,
  ): Promise<ProductInfo> {
    const [live, images] = await Promise.all([
      enliven ?? this.liveFields(merchantId, snapshot, [info.Product.Id]),
      this.images.gallery(merchantId, info.Product.Id),
    ]);
    const fields = live(info.Product.Id);
    // The main picture is the first of the gallery; both read now, so they agree but for a save
    // between the two reads, which the next call puts right.
    return { ...info, Product: { ...info.Product, ...fields, Images: images } };
  }

  /**
   * QueryCommonProduct: the category query of spec §7 as a spec §3 pager, each product with its
   * picture and 起价.
   */
  async queryCategories(merchantId: number, body: QueryCommonProductBody): Promise<CategoryPage> {
    const snapshot = await this.store.current(merchantId);
    const isProducts = body.belonging === CATEGORY_BELONGING_PRODUCTS;
    const all = snapshot && isProducts ? snapshot.categoryList : [];
    const pageIndex = Math.max(1, body.pageindex);
    const start = (pageIndex - 1) * body.limit;
    const page = start < all.length ? all.slice(start, start + body.limit) : [];
    const productIds = page.flatMap((item) => item.Products.map((product) => product.Id));
    // The page is empty without a catalogue.
    const enliven = snapshot ? await this.liveFields(merchantId, snapshot, productIds) : null;
    return {
      List: page.map((item) => ({
        ...item,
        Products: enliven ? item.Products.map(withLive(enliven)) : [],
      })),
      PageIndex: pageIndex,
      Limit: body.limit,
      PageCount: Math.ceil(all.length / body.limit),
      TotalCount: all.length,
      Attach: {
        SumAmount: 0,
        Tree: snapshot && isProducts ? snapshot.tree : [],
        CatalogVersion: snapshot?.version ?? 0,
      },
    };
  }

  /** GetCompanyProductInfo: by ProductId, else the first product of the leaf CategoryId. */
  async getProductInfo(merchantId: number, body: GetCompanyProductInfoBody): Promise<ProductInfo> {
    const snapshot = await this.requireCatalog(merchantId);
    const product = this.pickProduct(snapshot, body.ProductId, body.CategoryId);
    return this.infoWithLive(merchantId, snapshot, snapshot.productInfo(product));
  }

  /** pro-complexinfo: the tree, every product, and one product's info (the first by default). */
  async getComplexInfo(merchantId: number, query: ProComplexInfoQuery): Promise<ProComplexInfo> {
    const snapshot = await this.store.current(merchantId);
    if (!snapshot) {
      if (query.ProductId !== undefined || query.CategoryId !== undefined)
        throw new AppError('ProductNotFound');
      return { CatalogVersion: 0, Tree: [], Products: [], Info: null };
    }
    let product: CompiledProduct | undefined;
    if (query.ProductId !== undefined || query.CategoryId !== undefined) {
      product = this.pickProduct(snapshot, query.ProductId, query.CategoryId);
    } else {
      const first = snapshot.productSummaries[0];
      product = first ? snapshot.products.get(first.Id) : undefined;
    }
    const enliven = await this.liveFields(merchantId, snapshot);
    return {
      CatalogVersion: snapshot.version,
      Tree: snapshot.tree,
      Products: snapshot.productSummaries.map(withLive(enliven)),
      Info: product
        ? await this.infoWithLive(merchantId, snapshot, snapshot.productInfo(product), enliven)
        : null,
    };
  }

  /** The price of a selection by `mode`; QuoteRefused with the engine's reason when impossible. */
  quote(merchantId: number, body: PriceRequestBody, mode: PriceMode): Quote | Promise<Quote> {
    // The cached catalogue answers in the same turn: no promise, no later turn per price call.
    const known = this.store.cached(merchantId);
    if (known === undefined) {
      return this.requireCatalog(merchantId).then((snapshot) => this.quoteIn(snapshot, body, mode));
    }
    if (!known) throw new AppError('ProductNotFound', NO_CATALOG);
    return this.quoteIn(known, body, mode);
  }

  private quoteIn(snapshot: CatalogSnapshot, body: PriceRequestBody, mode: PriceMode): Quote {
    const product = this.requireProduct(snapshot, body.ProductId);
    const selection = toQuoteSelection(body);
    const result = PRICERS[mode](product, selection);
    if (!result.ok) throw new AppError('QuoteRefused', result.reason);
    return toQuote(snapshot.version, product.unit, result, excludedTechnologies(product, selection));
  }

  /** getcommonproductskucodebindrule: the merchant SKU code bound to a combination. */
  async findSkuCode(merchantId: number, body: SkuCodeBody): Promise<SkuCode> {
    const snapshot = await this.requireCatalog(merchantId);
    const product = this.requireProduct(snapshot, body.ProductId);
    const result = findSkuCode(product, toSkuSelection(body, smallestQuantity(product)));
    if (!result.ok) throw new AppError('QuoteRefused', result.reason);
    return { ProductId: product.id, SkuCode: result.skuCode, CatalogVersion: snapshot.version };
  }

  /**
   * GetProductNumPedictTime: production days of the selection (quantity tier plus technologies'
   * extra days, as the product's own price mode quotes it) → ship date by the merchant calendar.
   */
  async predictShipDate(merchantId: number, body: PriceRequestBody): Promise<ShipDatePredictionWire> {
    const snapshot = await this.requireCatalog(merchantId);
    const product = this.requireProduct(snapshot, body.ProductId);
    const quote = calculatePrice(product, toQuoteSelection(body));
    if (!quote.ok) throw new AppError('QuoteRefused', quote.reason);
    const now = this.clock.now();
    const calendar = snapshot.catalog.Calendar;
    const prediction = predictShipDate({ productionDays: quote.productionDays, now, calendar });
    if (!prediction.ok) throw new AppError('QuoteRefused', prediction.reason);
    return {
      CatalogVersion: snapshot.version,
      ProductId: product.id,
      Quantity: quote.quantity,
      ProductionDays: prediction.productionDays,
      OrderTime: new Date(now).toISOString(),
      OrderDate: prediction.orderDate,
      StartDate: prediction.startDate,
      ShipDate: prediction.shipDate,
      CutoffTime: calendar.CutoffTime,
      IsAfterCutoff: isAfterCutoff(now, calendar.CutoffTime),
    };
  }

  private async requireCatalog(merchantId: number): Promise<CatalogSnapshot> {
    const snapshot = await this.store.current(merchantId);
    if (!snapshot) throw new AppError('ProductNotFound', NO_CATALOG);
    return snapshot;
  }

  private requireProduct(snapshot: CatalogSnapshot, productId: number): CompiledProduct {
    const product = snapshot.products.get(productId);
    if (!product) throw new AppError('ProductNotFound');
    return product;
  }

  private pickProduct(
    snapshot: CatalogSnapshot,
    productId: number | null | undefined,
    categoryId: number | null | undefined,
  ): CompiledProduct {
    if (productId !== null && productId !== undefined) return this.requireProduct(snapshot, productId);
    const product =
      categoryId === null || categoryId === undefined ? undefined : snapshot.findFirstProductOf(categoryId);
    if (!product) throw new AppError('ProductNotFound', '该分类下暂无商品');
    return product;
  }
}
