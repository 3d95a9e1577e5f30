/**
 * The cart (docs/orders.md): priced configurations waiting for checkout. A line is priced by the
 * server when added and re-priced with today's catalogue whenever it is shown or checked out.
 */
import { formatYuan, type QuoteSelection } from '@inkstone/domain';
import type {
  AddOrderItemBody,
  CartLine,
  CartPage,
  CartTotal,
  ContentImage,
  OrderAddress,
  PriceMode,
  ServerFile,
  ShopCarOrdersBody,
  UpdateShopCarOrderBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogSnapshot, CatalogStore, ProductImages } from '../products/index.ts';
import { toQuoteSelection } from '../products/index.ts';
import type { ServerFileService } from '../uploads/index.ts';
import { pricedColumns, storedLineAddress, toCartLine } from './cart.mapper.ts';
import {
  countCartLines,
  findCartLines,
  findOrderNos,
  insertLine,
  listCartLines,
  removeCartLines,
  updateCartLine,
  updateCartLineReturning,
  type OrderLineRow,
} from './cart.repository.ts';
import { priceLine, storedEngineSelection, type PriceOutcome, type PricedLine } from './line-pricing.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/** Lines a cart may hold. */
export const MAX_CART_LINES = 200;

export interface CartDeps {
  db: Db;
  clock: Clock;
  /** The products module's catalogue cache (read when needed: modules register in any order). */
  catalogs: CatalogStore;
  /** The products' pictures, shown on each line as the product has it now. */
  productImages: ProductImages;
  /** The customer's files: a line's own artwork is shown while it is one of their live files. */
  files: Pick<ServerFileService, 'describeOwned'>;
}

/** A refused price as the AppError the caller sees. */
export function refusal(outcome: Extract<PriceOutcome, { ok: false }>, title?: string): AppError {
  return new AppError(outcome.code, title ? `「${title}」${outcome.reason}` : outcome.reason);
}

/**
 * A cart line re-priced for checkout: its id and title, its price, its wire form, its own delivery
 * address (null: the one chosen at checkout) and its own artwork (file ids; empty for none).
 */
export interface CheckoutLine {
  id: number;
  title: string;
  priced: PricedLine;
  view: CartLine;
  ownAddress: { id: number | null; address: OrderAddress } | null;
  artworkFileIds: number[];
  /** The product's main picture as the product has it now (null: none). */
  image: ContentImage | null;
}

export class CartService {
  constructor(private readonly deps: CartDeps) {}

  /** The merchant's current catalogue; ProductNotFound when it has none. */
  async requireCatalog(merchantId: number): Promise<CatalogSnapshot> {
    const snapshot = await this.deps.catalogs.current(merchantId);
    if (!snapshot) throw new AppError('ProductNotFound', '商家尚未上架商品');
    return snapshot;
  }

  /** A stored line re-priced with `snapshot`. */
  reprice(snapshot: CatalogSnapshot, row: OrderLineRow): PriceOutcome {
    return priceLine(snapshot, row.product_id, storedEngineSelection(row), row.price_mode as PriceMode);
  }

  /**
   * The customer's chosen cart lines re-priced with today's catalogue, for checkout: a line that
   * is gone refuses with CartLineNotFound, a line that no longer prices with its reason.
   */
  async priceForCheckout(owner: CustomerScope, ids: readonly number[]): Promise<CheckoutLine[]> {
    const unique = [...new Set(ids)];
    const rows = await findCartLines(this.deps.db, owner, unique);
    if (rows.length !== unique.length) throw new AppError('CartLineNotFound');
    const snapshot = await this.requireCatalog(owner.merchantId);
    const images = await this.imagesOf(owner, rows);
    const artwork = await this.artworkOf(owner, rows);
    return rows.map((row) => {
      const outcome = this.reprice(snapshot, row);
      if (!outcome.ok) throw refusal(outcome, row.product_title);
      const address = storedLineAddress(row);
      const files = artwork.get(row.id) ?? [];
      return {
        id: row.id,
        title: row.product_title,
        priced: outcome.line,
        view: toCartLine(row, outcome, null, images.get(row.product_id) ?? null, files),
        ownAddress: address ? { id: row.address_id, address } : null,
        artworkFileIds: files.map((file) => file.Id),
        image: images.get(row.product_id) ?? null,
      };
    });
  }

  /**
   * Checkout, inside the caller's transaction: each line leaves the cart for the order with the
   * price it was checked out at. A line checked out or removed meanwhile refuses, rolling back.
   * Returns the lines as they now belong to the order, in the order given.
   */
  async moveOntoOrder(
    trx: Db,
    owner: CustomerScope,
    lines: readonly CheckoutLine[],
    orderId: number,
    now: number,
  ): Promise<OrderLineRow[]> {
    const moved: OrderLineRow[] = [];
    for (const line of lines) {
      const attached = await updateCartLineReturning(trx, owner, line.id, {
        order_id: orderId,
        ...pricedColumns(line.priced),
        updated_at: now,
      });
      if (!attached) throw new AppError('CartLineNotFound', `「${line.title}」已结算或已从购物车删除`);
      moved.push(attached);
    }
    return moved;
  }

  /** addorderitem: prices the configuration and puts it into the cart. */
  async add(owner: CustomerScope, body: AddOrderItemBody): Promise<CartLine> {
    const snapshot = await this.requireCatalog(owner.merchantId);
    const outcome = priceLine(snapshot, body.ProductId, toQuoteSelection(body), body.PriceMode);
    if (!outcome.ok) throw refusal(outcome);
    const expected = body.ExpectedAmountFen;
    if (expected !== null && expected !== undefined && expected !== outcome.line.amountFen) {
      throw new AppError(
        'PriceChanged',
        `价格已变化，当前价格为 ${formatYuan(outcome.line.amountFen)}，请确认后重新加入`,
      );
    }
    const row = await this.insert(owner, outcome.line, body.Remarks, null);
    return toCartLine(row, outcome, null, await this.imageOf(owner, row));
  }

  /**
   * Reorder: a configuration sold before, priced with today's catalogue, into the cart.
   * Returns the refusal reason instead when it no longer prices.
   */
  async addAgain(
    owner: CustomerScope,
    snapshot: CatalogSnapshot,
    source: {
      productId: number;
      selection: QuoteSelection;
      priceMode: PriceMode;
      remarks: string;
      orderId: number;
      orderNo: string;
    },
  ): Promise<{ ok: true; line: CartLine } | { ok: false; reason: string }> {
    const outcome = priceLine(snapshot, source.productId, source.selection, source.priceMode);
    if (!outcome.ok) return { ok: false, reason: outcome.reason };
    const row = await this.insert(owner, outcome.line, source.remarks, source.orderId);
    return { ok: true, line: toCartLine(row, outcome, source.orderNo, await this.imageOf(owner, row)) };
  }

  private async insert(
    owner: CustomerScope,
    line: PricedLine,
    remarks: string,
    sourceOrderId: number | null,
  ) {
    const { count } = await countCartLines(this.deps.db, owner);
    if (count >= MAX_CART_LINES) {
      throw new AppError('Failed', `购物车最多 ${MAX_CART_LINES} 个商品，请先结算或删除部分商品`);
    }
    const now = this.deps.clock.now();
    return insertLine(this.deps.db, {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      order_id: null,
      product_id: line.productId,
      price_mode: line.priceMode,
      ...pricedColumns(line),
      remarks,
      source_order_id: sourceOrderId,
      created_at: now,
      updated_at: now,
      removed_at: null,
    });
  }

  /** ShopCarOrders: the cart with today's prices; Attach sums the available lines. */
  async list(owner: CustomerScope, query: ShopCarOrdersBody): Promise<CartPage> {
    const rows = await listCartLines(this.deps.db, owner);
    const snapshot = rows.length > 0 ? await this.deps.catalogs.current(owner.merchantId) : null;
    const sources = await this.sourceOrderNos(owner, rows);
    const images = await this.imagesOf(owner, rows);
    const artwork = await this.artworkOf(owner, rows);
    const lines = rows.map((row) =>
      toCartLine(
        row,
        snapshot
          ? this.reprice(snapshot, row)
          : { ok: false, reason: '商家尚未上架商品', code: 'ProductNotFound' },
        row.source_order_id === null ? null : (sources.get(row.source_order_id) ?? null),
        images.get(row.product_id) ?? null,
        artwork.get(row.id) ?? [],
      ),
    );
    const available = lines.filter((line) => line.IsAvailable);
    const start = (query.pageindex - 1) * query.limit;
    return {
      List: lines.slice(start, start + query.limit),
      PageIndex: query.pageindex,
      Limit: query.limit,
      PageCount: Math.ceil(lines.length / query.limit),
      TotalCount: lines.length,
      Attach: {
        SumAmount: available.reduce((sum, line) => sum + line.AmountFen, 0),
        AvailableCount: available.length,
      },
    };
  }

  /** TotalShopCarOrders: how many lines, and their prices when added (no re-pricing: a badge). */
  async total(owner: CustomerScope): Promise<CartTotal> {
    const { count, sumFen } = await countCartLines(this.deps.db, owner);
    return { TotalCount: count, SumAmount: sumFen };
  }

  /** UpdateShopCarOrder: a new quantity (re-priced) or new remarks. */
  async update(owner: CustomerScope, body: UpdateShopCarOrderBody): Promise<CartLine> {
    const [row] = await findCartLines(this.deps.db, owner, [body.Id]);
    if (!row) throw new AppError('CartLineNotFound');
    const snapshot = await this.requireCatalog(owner.merchantId);
    const selection = storedEngineSelection(row);
    const quantity = body.Quantity ?? row.quantity;
    const outcome = priceLine(
      snapshot,
      row.product_id,
      { ...selection, quantity },
      row.price_mode as PriceMode,
    );
    if (!outcome.ok) throw refusal(outcome, row.product_title);
    const changed = await updateCartLine(this.deps.db, owner, row.id, {
      ...pricedColumns(outcome.line),
      remarks: body.Remarks ?? row.remarks,
      updated_at: this.deps.clock.now(),
    });
    if (!changed) throw new AppError('CartLineNotFound');
    const [updated] = await findCartLines(this.deps.db, owner, [row.id]);
    if (!updated) throw new AppError('CartLineNotFound');
    const artwork = await this.artworkOf(owner, [updated]);
    return toCartLine(updated, outcome, null, await this.imageOf(owner, updated), artwork.get(updated.id));
  }

  /** DeleteShopCarOrders: all of them, or none when any is not in the cart. */
  async remove(owner: CustomerScope, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.deps.db.transaction().execute(async (trx) => {
      const removed = await removeCartLines(trx, owner, unique, this.deps.clock.now());
      if (removed !== unique.length) throw new AppError('CartLineNotFound');
      return removed;
    });
  }

  /** The pictures of the rows' products, as the merchant has them now. */
  private imagesOf(owner: CustomerScope, rows: readonly OrderLineRow[]) {
    return this.deps.productImages.of(
      owner.merchantId,
      rows.map((row) => row.product_id),
    );
  }

  /** Each row's own artwork, while it is one of the customer's live files (a deleted one is left out). */
  private async artworkOf(owner: CustomerScope, rows: readonly OrderLineRow[]) {
    const ids = [
      ...new Set(rows.map((row) => row.artwork_file_id).filter((id): id is number => id !== null)),
    ];
    const byId = new Map<number, ServerFile>();
    if (ids.length > 0) {
      const files = await this.deps.files.describeOwned(owner, ids);
      files.forEach((file, index) => {
        if (file) byId.set(ids[index]!, file);
      });
    }
    const result = new Map<number, ServerFile[]>();
    for (const row of rows) {
      const file = row.artwork_file_id === null ? undefined : byId.get(row.artwork_file_id);
      if (file) result.set(row.id, [file]);
    }
    return result;
  }

  private async imageOf(owner: CustomerScope, row: OrderLineRow) {
    return (await this.imagesOf(owner, [row])).get(row.product_id) ?? null;
  }

  private async sourceOrderNos(owner: CustomerScope, rows: OrderLineRow[]): Promise<Map<number, string>> {
    const ids = [
      ...new Set(rows.map((row) => row.source_order_id).filter((id): id is number => id !== null)),
    ];
    if (ids.length === 0) return new Map();
    const orders = await findOrderNos(this.deps.db, owner.merchantId, ids);
    return new Map(orders.map((order) => [order.id, order.order_no]));
  }
}
