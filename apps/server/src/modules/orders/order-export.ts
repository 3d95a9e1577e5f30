/**
 * Orders as an export reads them (docs/excel.md): the order list's filters, every matching order
 * newest first, fetched in keyset pages so memory stays flat however many there are. A customer's
 * export reads only their own orders of their merchant; the merchant console's (staff) reads every
 * customer's orders of its merchant and names who ordered.
 */
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_METHOD_NAMES,
  REVIEW_STATE_NAMES,
  type OrderAddress,
  type ReviewState,
} from '@inkstone/contracts';
import { chinaDayRange } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import {
  countOrders,
  listCustomerNames,
  listLineSummariesOfOrders,
  listOrdersBefore,
  type OrderFilter,
  type OrderRow,
} from './orders.repository.ts';

/** The order list's filters (QueryOrders without its pager). */
export interface OrderExportFilter {
  /** 0: every status. */
  Status: number;
  Keyword: string;
  StartDate?: string | null;
  EndDate?: string | null;
}

/** One order as a row of the export: money in fen, times in epoch ms. */
export interface ExportedOrder {
  orderNo: string;
  createdAt: number;
  /** 待付款 … 已取消; an order under review says how the review stands (待审稿（稿件退回）). */
  statusName: string;
  /** Each line as `商品 × 数量单位`, joined by `；`. */
  products: string;
  goodsFen: number;
  expressFen: number;
  discountFen: number;
  totalFen: number;
  refundFen: number;
  couponName: string;
  payMethodName: string;
  paidAt: number | null;
  contacts: string;
  phoneNumber: string;
  /** Province, city, district and street in one (到店自提：… for a pickup). */
  address: string;
  expressCompanyName: string;
  trackingNo: string;
  remarks: string;
  /** Who ordered (`昵称 手机号`); filled in the merchant's export only. */
  customer?: string;
}

/** The orders an export covers: how many, and page after page of them. */
export interface OrderExport {
  count(): Promise<number>;
  pages(pageSize?: number): AsyncGenerator<ExportedOrder[]>;
}

/**
 * Orders a query reads. Small pages keep each page's rows short-lived, so they die young in the
 * garbage collector instead of piling up in the old generation until a full collection: writing
 * the workbook allocates enough for a young-generation collection every few hundred rows, and rows
 * that live through two are promoted (bench:excel: 500 a page let the server's RSS grow by 100 MB
 * and more over 100,000 orders; 100 keeps it well under 50 MB).
 */
export const EXPORT_PAGE_SIZE = 100;

function statusNameOf(row: OrderRow): string {
  const name = ORDER_STATUS_NAMES[row.status as OrderStatus] ?? '';
  if (row.status !== OrderStatus.Reviewing || row.review_state === 'pending') return name;
  return `${name}（${REVIEW_STATE_NAMES[row.review_state as ReviewState] ?? row.review_state}）`;
}

function toExportedOrder(row: OrderRow, products: string, customer?: string): ExportedOrder {
  const address = JSON.parse(row.address_json) as OrderAddress;
  return {
    ...(customer === undefined ? {} : { customer }),
    orderNo: row.order_no,
    createdAt: row.created_at,
    statusName: statusNameOf(row),
    products,
    goodsFen: row.goods_fen,
    expressFen: row.express_fen,
    discountFen: row.discount_fen,
    totalFen: row.total_fen,
    refundFen: row.refund_fen,
    couponName: row.coupon_name,
    payMethodName: PAY_METHOD_NAMES[row.pay_method] ?? '',
    paidAt: row.paid_at,
    contacts: address.Contacts,
    phoneNumber: address.PhoneNumber,
    address: `${address.Province}${address.City}${address.Region}${address.Address}`,
    expressCompanyName: row.express_company_name,
    trackingNo: row.tracking_no,
    remarks: row.remarks,
  };
}

/**
 * The customer's orders matching the order list's filters (QueryOrders: status tab, keyword,
 * period in China days), for an export: newest first, `pageSize` orders a query.
 */
export function exportCustomerOrders(db: Db, owner: CustomerScope, filter: OrderExportFilter): OrderExport {
  return exportOrders(db, null, {
    merchantId: owner.merchantId,
    customerId: owner.customerId,
    status: filter.Status,
    keyword: filter.Keyword,
    ...chinaDayRange(filter.StartDate, filter.EndDate),
  });
}

/** The filters of the merchant console's order board (staff QueryOrders without its pager). */
export interface MerchantOrderExportFilter extends OrderExportFilter {
  Customer: string;
  ReviewState?: string | null;
  Production?: 'not_started' | 'started' | null;
}

/**
 * Every customer's orders of the merchant matching the console board's filters, for the staff
 * export: as the customer's export, each row also naming who ordered.
 */
export function exportMerchantOrders(
  db: Db,
  merchantId: number,
  filter: MerchantOrderExportFilter,
): OrderExport {
  return exportOrders(db, merchantId, {
    merchantId,
    status: filter.Status,
    keyword: filter.Keyword,
    customerKeyword: filter.Customer,
    reviewState: filter.ReviewState ?? undefined,
    ...(filter.Production ? { productionStarted: filter.Production === 'started' } : {}),
    ...chinaDayRange(filter.StartDate, filter.EndDate),
  });
}

/** The orders of `where`, page by page; each row names its customer when `namesOf` (a merchant) is given. */
function exportOrders(db: Db, namesOf: number | null, where: OrderFilter): OrderExport {
  return {
    count: () => countOrders(db, where),
    async *pages(pageSize = EXPORT_PAGE_SIZE) {
      let beforeId: number | null = null;
      for (;;) {
        const rows = await listOrdersBefore(db, where, { beforeId, limit: pageSize });
        if (rows.length === 0) return;
        const lines = await listLineSummariesOfOrders(
          db,
          rows.map((row) => row.id),
        );
        const products = new Map<number, string[]>();
        for (const line of lines) {
          const list = products.get(line.order_id!) ?? [];
          list.push(`${line.product_title} × ${line.quantity}${line.unit}`);
          products.set(line.order_id!, list);
        }
        const names =
          namesOf === null
            ? null
            : await listCustomerNames(db, namesOf, [...new Set(rows.map((row) => row.customer_id))]);
        yield rows.map((row) =>
          toExportedOrder(
            row,
            (products.get(row.id) ?? []).join('；'),
            names ? (names.get(row.customer_id) ?? '') : undefined,
          ),
        );
        if (rows.length < pageSize) return;
        beforeId = rows[rows.length - 1]!.id;
      }
    },
  };
}
