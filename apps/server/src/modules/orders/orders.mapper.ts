import {
  ORDER_STATUS_NAMES,
  PAY_METHOD_NAMES,
  REVIEW_STATE_NAMES,
  type ContentImage,
  type Order,
  type OrderAddress,
  type OrderDetail,
  type OrderEvent,
  type OrderFile,
  type OrderLine,
  type OrderStatus,
  type OrderStatusReply,
  type PreflightReport,
  type PriceMode,
  type ReviewState,
  type Selection,
} from '@inkstone/contracts';
import { filePath, linkExpiry, thumbnailPath } from '../uploads/index.ts';
import { ORDER_ACTION_NAMES, type OrderAction } from './order-lifecycle.ts';
import type { OrderEventRow, OrderFileRow, OrderLineRow, OrderRow } from './orders.repository.ts';
import { customerPriceLine, type StoredPriceLine } from '../cart/index.ts';

/** Signing settings for file links (docs/uploads.md). */
export interface LinkSettings {
  secret: string;
  ttlSeconds: number;
  now: number;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toOrderFile(row: OrderFileRow, links: LinkSettings): OrderFile {
  const expires = linkExpiry(links.now, links.ttlSeconds, false);
  return {
    Id: row.id,
    LineId: row.line_id,
    FileId: row.server_file_id,
    OrgFileName: row.org_file_name,
    FileExt: row.file_ext,
    FileSize: row.file_size,
    Md5: row.md5,
    // Order-scoped: the artwork stays openable after the customer deletes it from 我的文件.
    FilePath: filePath(
      links.secret,
      row.merchant_id,
      row.server_file_id,
      row.org_file_name,
      expires,
      'order',
    ),
    Thumbnail: thumbnailPath(links.secret, row.merchant_id, row.server_file_id, expires, 'order'),
    PreflightLevel: row.preflight_level as OrderFile['PreflightLevel'],
    Preflight: JSON.parse(row.preflight_json) as PreflightReport,
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}

/** A line of a placed order; `image` is its product's picture now (null when it has none). */
export function toOrderLine(row: OrderLineRow, files: OrderFile[], image: ContentImage | null): OrderLine {
  return {
    Id: row.id,
    ProductId: row.product_id,
    ProductTitle: row.product_title,
    ProductImage: image,
    Unit: row.unit,
    Selection: JSON.parse(row.selection_json) as Selection,
    Quantity: row.quantity,
    SpecText: row.spec_text,
    PriceMode: row.price_mode as PriceMode,
    CatalogVersion: row.catalog_version,
    AmountFen: row.amount_fen,
    UnitPriceFen: row.unit_price_fen,
    WeightGrams: row.weight_grams,
    ProductionDays: row.production_days,
    SkuCode: row.sku_code,
    PriceLines: (JSON.parse(row.quote_json) as StoredPriceLine[]).map(customerPriceLine),
    Remarks: row.remarks,
    Files: files,
  };
}

/** An order row with its lines and files → the wire order; `imageOf` gives a product's picture. */
export function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  files: OrderFileRow[],
  links: LinkSettings,
  imageOf: (productId: number) => ContentImage | null,
): Order {
  const filesByLine = new Map<number, OrderFile[]>();
  for (const file of files) {
    const list = filesByLine.get(file.line_id) ?? [];
    list.push(toOrderFile(file, links));
    filesByLine.set(file.line_id, list);
  }
  return {
    Id: row.id,
    OrderNo: row.order_no,
    Status: row.status,
    StatusName: ORDER_STATUS_NAMES[row.status as OrderStatus] ?? '',
    ReviewState: row.review_state as ReviewState,
    ReviewStateName: REVIEW_STATE_NAMES[row.review_state as ReviewState] ?? '',
    RejectReason: row.reject_reason,
    GoodsFen: row.goods_fen,
    ExpressFen: row.express_fen,
    DiscountFen: row.discount_fen,
    TotalFen: row.total_fen,
    RefundFen: row.refund_fen,
    WeightGrams: row.weight_grams,
    CouponId: row.coupon_id,
    CouponName: row.coupon_name,
    Address: JSON.parse(row.address_json) as OrderAddress,
    ExpressCompanyId: row.express_company_id,
    ExpressCompanyName: row.express_company_name,
    TrackingNo: row.tracking_no,
    Remarks: row.remarks,
    CancelReason: row.cancel_reason,
    PayMethod: row.pay_method,
    PayMethodName: PAY_METHOD_NAMES[row.pay_method] ?? '',
    UnpaidExpiresAt: row.status === 1 ? iso(row.unpaid_expires_at) : null,
    PaidAt: iso(row.paid_at),
    ProductionStartedAt: iso(row.production_started_at),
    ShippedAt: iso(row.shipped_at),
    CompletedAt: iso(row.completed_at),
    CancelledAt: iso(row.cancelled_at),
    CreatedAt: new Date(row.created_at).toISOString(),
    Lines: lines.map((line) => toOrderLine(line, filesByLine.get(line.id) ?? [], imageOf(line.product_id))),
  };
}

export function toOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    Id: row.id,
    Action: row.action,
    ActionName: ORDER_ACTION_NAMES[row.action as OrderAction] ?? row.action,
    FromStatus: row.from_status,
    ToStatus: row.to_status,
    ActorType: row.actor_type as OrderEvent['ActorType'],
    ActorName: row.actor_name,
    Note: row.note,
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}

export function toOrderDetail(order: Order, events: OrderEventRow[], isSelfPickup: boolean): OrderDetail {
  return { ...order, IsSelfPickup: isSelfPickup, Events: events.map(toOrderEvent) };
}

export function toOrderStatusReply(row: OrderRow): OrderStatusReply {
  return {
    OrderId: row.id,
    OrderNo: row.order_no,
    Status: row.status,
    StatusName: ORDER_STATUS_NAMES[row.status as OrderStatus] ?? '',
    ReviewState: row.review_state as ReviewState,
    RejectReason: row.reject_reason,
    TotalFen: row.total_fen,
    PayMethod: row.pay_method,
    PaidAt: iso(row.paid_at),
    ExpressCompanyName: row.express_company_name,
    TrackingNo: row.tracking_no,
    UnpaidExpiresAt: row.status === 1 ? iso(row.unpaid_expires_at) : null,
    UpdatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Counts by status → the wire's StatusCounts. */
export function toStatusCounts(counts: Map<number, number>) {
  return {
    Unpaid: counts.get(1) ?? 0,
    Reviewing: counts.get(2) ?? 0,
    Producing: counts.get(3) ?? 0,
    Shipped: counts.get(4) ?? 0,
    Completed: counts.get(5) ?? 0,
    Cancelled: counts.get(9) ?? 0,
  };
}
