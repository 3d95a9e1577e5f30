/**
 * The customer's orders (docs/orders.md): list and detail, status, cancel before payment, more
 * artwork or remarks, reorder, and the automatic cancellation of orders left unpaid.
 */
import {
  ORDER_REMARKS_TOTAL_MAX_LENGTH,
  OrderStatus,
  type AppendOrderInfoBody,
  type ContentImage,
  type Order,
  type OrderDetail,
  type OrderDetailBody,
  type OrderPage,
  type OrderStatusReply,
  type PriceMode,
  type QueryOrdersBody,
  type ReorderResult,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { finishedSizeOf, storedEngineSelection } from '../cart/index.ts';
import type { CartService } from '../cart/index.ts';
import { releaseCouponUse } from '../coupons/index.ts';
import type { CatalogStore, ProductImages } from '../products/index.ts';
import type { UploadsModule } from '../uploads/index.ts';
import { chinaDayRange } from '@inkstone/domain';
import { prepareOrderFiles, type LineArtwork } from './order-files.ts';
import {
  canTransition,
  conflictMessage,
  throwConflict,
  transitionOrder,
  type Actor,
} from './order-lifecycle.ts';
import {
  appendOrderRemarks,
  countOrdersByStatus,
  findOrder,
  findOrderByNo,
  insertEvent,
  insertOrderFiles,
  listEvents,
  isSelfPickupOrder,
  listFilesOfOrders,
  listLinesOfOrders,
  queryOrders,
  updateOrderWhere,
  type OrderEventRow,
  type OrderFileRow,
  type OrderFilter,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.ts';
import {
  toOrder,
  toOrderDetail,
  toOrderStatusReply,
  toStatusCounts,
  type LinkSettings,
} from './orders.mapper.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * What orders need of payments, provided by the payments module (composition.ts): orders do not
 * import payments, payments settle orders.
 */
export interface OrderPayments {
  /** Closes the pending payments of these orders, in the caller's transaction. */
  closePendingOfOrders(db: Db, orderIds: readonly number[], now: number): Promise<unknown>;
}

/** An order as its writer holds it: the rows, the lines' product pictures, and whether it is 自提. */
export interface WrittenOrder {
  order: OrderRow;
  /** Its lines, by id. */
  lines: OrderLineRow[];
  /** Its files, by id. */
  files: OrderFileRow[];
  /** Its events, by id. */
  events: OrderEventRow[];
  isSelfPickup: boolean;
  imageOf: (productId: number) => ContentImage | null;
}

/**
 * Refuses remarks that would make the order's remarks (with the line break between them) longer
 * than ORDER_REMARKS_TOTAL_MAX_LENGTH characters, naming the limit and what is left: remarks are
 * never cut.
 */
function assertRemarksFit(current: string, appended: string): void {
  const used = current === '' ? 0 : [...current].length + 1;
  const room = Math.max(0, ORDER_REMARKS_TOTAL_MAX_LENGTH - used);
  if ([...appended].length <= room) return;
  throw new AppError(
    'ValidationFailed',
    room === 0
      ? `订单备注合计最多 ${ORDER_REMARKS_TOTAL_MAX_LENGTH} 个字，已经写满，不能再追加`
      : `订单备注合计最多 ${ORDER_REMARKS_TOTAL_MAX_LENGTH} 个字，本次最多还能追加 ${room} 个字`,
  );
}

export interface OrdersDeps {
  context: ServerContext;
  payments: OrderPayments;
  cart: CartService;
  catalogs: CatalogStore;
  uploads: UploadsModule;
  /** The products' pictures, shown on each line as the product has it now. */
  productImages: ProductImages;
}

export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  /**
   * Cancels an unpaid order in the caller's transaction: its pending payments closed, the guarded
   * transition, the coupon back. Payments are closed first so that every transaction touching both
   * takes the payment row before the order row (as a payment does), and two cannot deadlock.
   * @throws AppError OrderStatusConflict when the order was no longer unpaid (roll back: the
   *   payments must stay open for the order that got paid).
   */
  async cancelUnpaid(
    db: Db,
    order: { id: number; merchantId: number },
    action: 'cancel' | 'auto_cancel' | 'merchant_cancel',
    actor: Actor,
    reason: string,
    now: number,
  ): Promise<void> {
    await this.deps.payments.closePendingOfOrders(db, [order.id], now);
    const moved = await transitionOrder(db, {
      merchantId: order.merchantId,
      orderId: order.id,
      action,
      from: OrderStatus.Unpaid,
      actor,
      now,
      note: reason,
      set: { cancelled_at: now, cancel_reason: reason },
    });
    if (!moved) await throwConflict(db, order.merchantId, order.id, action);
    await releaseCouponUse(db, { merchantId: order.merchantId, orderId: order.id });
  }

  private get db(): Db {
    return this.deps.context.db;
  }

  links(): LinkSettings {
    const { context } = this.deps;
    return {
      secret: context.signingSecret,
      ttlSeconds: context.config.FILE_LINK_TTL_SECONDS,
      now: context.clock.now(),
    };
  }

  /** Orders with their lines, files and the lines' product pictures (as now), in the order given. */
  async hydrate(rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [lines, files] = await Promise.all([
      listLinesOfOrders(this.db, ids),
      listFilesOfOrders(this.db, ids),
    ]);
    const images = await this.productImagesOf(lines);
    const links = this.links();
    return rows.map((row) =>
      toOrder(
        row,
        lines.filter((line) => line.order_id === row.id),
        files.filter((file) => file.order_id === row.id),
        links,
        (productId) => images.get(row.merchant_id)?.get(productId) ?? null,
      ),
    );
  }

  /** The pictures of the lines' products by merchant, then product (a list is of one merchant). */
  private async productImagesOf(
    lines: readonly { merchant_id: number; product_id: number }[],
  ): Promise<Map<number, Map<number, ContentImage>>> {
    const productIds = new Map<number, number[]>();
    for (const line of lines) {
      productIds.set(line.merchant_id, [...(productIds.get(line.merchant_id) ?? []), line.product_id]);
    }
    const images = new Map<number, Map<number, ContentImage>>();
    for (const [merchantId, ids] of productIds) {
      images.set(merchantId, await this.deps.productImages.of(merchantId, ids));
    }
    return images;
  }

  /** A list of orders (the customer's own) as a spec §3 pager. */
  async list(filter: OrderFilter, page: { pageindex: number; limit: number }): Promise<OrderPage> {
    return (await this.listWithRows(filter, page)).page;
  }

  /** The pager and the rows behind it (staff pages add who ordered). */
  async listWithRows(
    filter: OrderFilter,
    page: { pageindex: number; limit: number },
  ): Promise<{ page: OrderPage; rows: OrderRow[] }> {
    const [result, counts] = await Promise.all([
      queryOrders(this.db, filter, { offset: (page.pageindex - 1) * page.limit, limit: page.limit }),
      countOrdersByStatus(this.db, { merchantId: filter.merchantId, customerId: filter.customerId }),
    ]);
    return {
      rows: result.rows,
      page: {
        List: await this.hydrate(result.rows),
        PageIndex: page.pageindex,
        Limit: page.limit,
        PageCount: Math.ceil(result.totalCount / page.limit),
        TotalCount: result.totalCount,
        Attach: { SumAmount: result.sumFen, StatusCounts: toStatusCounts(counts) },
      },
    };
  }

  /** QueryOrders: the customer's orders by status tab, keyword and period, newest first. */
  async query(owner: CustomerScope, body: QueryOrdersBody): Promise<OrderPage> {
    return this.list(
      {
        merchantId: owner.merchantId,
        customerId: owner.customerId,
        status: body.Status,
        keyword: body.Keyword,
        ...chinaDayRange(body.StartDate, body.EndDate),
      },
      body,
    );
  }

  async requireOrder(
    owner: CustomerScope | { merchantId: number },
    orderId: number,
    db: Db = this.db,
  ): Promise<OrderRow> {
    const order = await findOrder(db, { ...owner, orderId });
    if (!order) throw new AppError('OrderNotFound');
    return order;
  }

  /** The title of the first line of the order that has no artwork yet, or null when all have some. */
  async lineWithoutArtwork(orderId: number): Promise<string | null> {
    const [lines, files] = await Promise.all([
      listLinesOfOrders(this.db, [orderId]),
      listFilesOfOrders(this.db, [orderId]),
    ]);
    const bare = lines.find((line) => !files.some((file) => file.line_id === line.id));
    return bare?.product_title ?? null;
  }

  /**
   * An order's detail from rows the caller holds (checkout: what its transaction wrote), without
   * reading anything: the same reply {@link detailOf} gives for the order as stored.
   */
  detailFromRows(written: WrittenOrder): OrderDetail {
    const order = toOrder(written.order, written.lines, written.files, this.links(), written.imageOf);
    return toOrderDetail(order, written.events, written.isSelfPickup);
  }

  /** An order with its history. */
  async detailOf(order: OrderRow): Promise<OrderDetail> {
    const [hydrated] = await this.hydrate([order]);
    const [events, isSelfPickup] = await Promise.all([
      listEvents(this.db, order.id),
      isSelfPickupOrder(this.db, order),
    ]);
    return toOrderDetail(hydrated!, events, isSelfPickup);
  }

  /** OrderDetail: by id or by order number. */
  async detail(owner: CustomerScope, body: OrderDetailBody): Promise<OrderDetail> {
    const order =
      body.OrderId !== null && body.OrderId !== undefined
        ? await findOrder(this.db, { ...owner, orderId: body.OrderId })
        : await findOrderByNo(this.db, { ...owner, orderNo: body.OrderNo ?? '' });
    if (!order) throw new AppError('OrderNotFound');
    return this.detailOf(order);
  }

  async read(owner: CustomerScope, orderId: number): Promise<OrderDetail> {
    return this.detailOf(await this.requireOrder(owner, orderId));
  }

  /** GetOrderStatus. */
  async status(owner: CustomerScope, orderId: number): Promise<OrderStatusReply> {
    return toOrderStatusReply(await this.requireOrder(owner, orderId));
  }

  /** CustomerCancelOrder: only an unpaid order; its coupon comes back, its pending payments close. */
  async cancelByCustomer(
    owner: CustomerScope,
    actor: Actor,
    orderId: number,
    reason: string,
  ): Promise<OrderDetail> {
    const now = this.deps.context.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, { ...owner, orderId });
      if (!order) throw new AppError('OrderNotFound');
      await this.cancelUnpaid(
        trx,
        { id: orderId, merchantId: owner.merchantId },
        'cancel',
        actor,
        reason || '客户取消',
        now,
      );
    });
    return this.read(owner, orderId);
  }

  /**
   * AppendOrderInfo: artwork (while 待付款 or 待审稿; a rejected review goes back to the reviewer)
   * and remarks (until shipped). Files are preflighted for their line's size as sold.
   */
  async append(owner: CustomerScope, actor: Actor, body: AppendOrderInfoBody): Promise<OrderDetail> {
    const order = await this.requireOrder(owner, body.OrderId);
    if (body.Remarks) assertRemarksFit(order.remarks, body.Remarks);
    const now = this.deps.context.clock.now();
    let files: Awaited<ReturnType<typeof prepareOrderFiles>> = [];
    if (body.Files.length > 0) {
      if (!canTransition('append_files', order.status)) {
        throw new AppError('OrderStatusConflict', conflictMessage('append_files', order.status));
      }
      const lines = await listLinesOfOrders(this.db, [order.id]);
      const snapshot = await this.deps.catalogs.atVersion(owner.merchantId, lines[0]?.catalog_version ?? 0);
      const artwork: LineArtwork[] = body.Files.map((entry) => {
        const line = lines.find((candidate) => candidate.id === entry.LineId);
        if (!line) throw new AppError('ValidationFailed', '订单行编号不属于该订单');
        const product =
          snapshot?.version === line.catalog_version ? snapshot.products.get(line.product_id) : undefined;
        return {
          lineId: line.id,
          fileIds: entry.FileIds,
          finishedSize: product ? finishedSizeOf(product, storedEngineSelection(line)) : null,
        };
      });
      files = await prepareOrderFiles(this.deps.uploads, owner, artwork, now);
    }
    await this.db.transaction().execute(async (trx) => {
      const current = await findOrder(trx, { ...owner, orderId: order.id });
      if (!current) throw new AppError('OrderNotFound');
      if (files.length > 0) {
        // Touch the order while it is still in the status it was read in: a review or a payment
        // that moved it meanwhile makes this fail instead of adding files to an order in production.
        const stillOpen =
          canTransition('append_files', current.status) &&
          (await updateOrderWhere(
            trx,
            { merchantId: owner.merchantId, orderId: order.id, status: current.status },
            { updated_at: now },
          ));
        if (!stillOpen) await throwConflict(trx, owner.merchantId, order.id, 'append_files');
        await insertOrderFiles(
          trx,
          files.map((file) => ({ ...file, order_id: order.id })),
        );
        await insertEvent(trx, {
          merchant_id: owner.merchantId,
          order_id: order.id,
          action: 'append_files',
          from_status: current.status,
          to_status: current.status,
          actor_type: actor.type,
          actor_id: actor.id,
          actor_name: actor.name,
          note: files
            .map((file) => file.org_file_name)
            .join('、')
            .slice(0, 1000),
          created_at: now,
        });
        if (current.status === OrderStatus.Reviewing && current.review_state === 'rejected') {
          await transitionOrder(trx, {
            merchantId: owner.merchantId,
            orderId: order.id,
            action: 'resubmit',
            from: OrderStatus.Reviewing,
            actor,
            now,
            note: '客户补传文件，重新审稿',
            set: { review_state: 'pending', reject_reason: '' },
          });
        }
      }
      if (body.Remarks) {
        const statuses = [
          OrderStatus.Unpaid,
          OrderStatus.Reviewing,
          OrderStatus.Producing,
          OrderStatus.Shipped,
        ];
        const appended = await appendOrderRemarks(
          trx,
          { ...owner, orderId: order.id },
          statuses,
          body.Remarks,
          ORDER_REMARKS_TOTAL_MAX_LENGTH,
          now,
        );
        if (!appended) {
          // Another addition may have filled the remarks meanwhile; else the status moved on.
          const latest = await findOrder(trx, { ...owner, orderId: order.id });
          if (latest) assertRemarksFit(latest.remarks, body.Remarks);
          await throwConflict(trx, owner.merchantId, order.id, 'append_remarks');
        }
        await insertEvent(trx, {
          merchant_id: owner.merchantId,
          order_id: order.id,
          action: 'append_remarks',
          from_status: current.status,
          to_status: current.status,
          actor_type: actor.type,
          actor_id: actor.id,
          actor_name: actor.name,
          note: body.Remarks,
          created_at: now,
        });
      }
    });
    return this.read(owner, order.id);
  }

  /** Reorder: each line of a past order back into the cart, priced with today's catalogue. */
  async reorder(owner: CustomerScope, orderId: number): Promise<ReorderResult> {
    const order = await this.requireOrder(owner, orderId);
    const lines = await listLinesOfOrders(this.db, [order.id]);
    const cart = this.deps.cart;
    const snapshot = await cart.requireCatalog(owner.merchantId);
    const result: ReorderResult = { Added: [], Skipped: [] };
    for (const line of lines) {
      const added = await cart.addAgain(owner, snapshot, {
        productId: line.product_id,
        selection: storedEngineSelection(line),
        priceMode: line.price_mode as PriceMode,
        remarks: line.remarks,
        orderId: order.id,
        orderNo: order.order_no,
      });
      if (added.ok) result.Added.push(added.line);
      else result.Skipped.push({ ProductTitle: line.product_title, Reason: added.reason });
    }
    return result;
  }
}
