/**
 * Excel export (spec §7 post_export_excel; docs/excel.md): the customer's orders, bill, cart,
 * addresses or one order's lines as an .xlsx file, streamed as it is written. Everything is read
 * through the other modules' front doors, scoped to the signed-in customer of their merchant.
 * Whatever can refuse the export (an unknown order, too many rows) is checked before the first
 * byte, so a refusal is the usual envelope.
 */
import {
  EXPORT_EXCEL_MAX_ROWS,
  exportFileName,
  type ExportExcelBody,
  type OrderDetail,
  type StaffExportOrdersBody,
} from '@inkstone/contracts';
import { CHINA_OFFSET_MS } from '@inkstone/domain';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { deliveryAddressesOf } from '../addresses/index.ts';
import { exportCustomerBill } from '../bills/index.ts';
import type { CartService } from '../cart/index.ts';
import {
  exportCustomerOrders,
  exportMerchantOrders,
  type ExportedOrder,
  type OrdersService,
} from '../orders/index.ts';
import {
  addressesSheet,
  billsSheet,
  cartSheet,
  merchantOrdersSheet,
  orderLinesSheet,
  ordersSheet,
  periodText,
} from './excel.sheets.ts';
import { streamWorkbook, type SheetSpec } from './xlsx-stream.ts';

export interface ExcelDeps {
  context: ServerContext;
  orders: OrdersService;
  cart: CartService;
}

/** An export ready to stream: its file name, how many data rows it holds, and its bytes. */
export interface ExcelFile {
  fileName: string;
  rows: number;
  body: Readable;
}

/** Who asks: the customer's scope, their merchant's site name (the workbook's author), the request's log. */
export interface ExportRequester {
  owner: CustomerScope;
  merchantName: string;
  log: FastifyBaseLogger;
}

/** What one export reads before it streams: its sheet, its row count and its rows, page by page. */
interface ExportSource<Row> {
  sheet: SheetSpec<Row>;
  count: number;
  pages: () => AsyncIterable<readonly Row[]>;
  fileName: string;
}

async function* onePage<Row>(rows: readonly Row[]): AsyncGenerator<readonly Row[]> {
  yield rows;
}

/** `YYYY-MM-DD` of `time` in China. */
function chinaDate(time: number): string {
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

export class ExcelService {
  constructor(private readonly deps: ExcelDeps) {}

  /**
   * The export `body` asks for, as a stream of the workbook.
   * @throws AppError OrderNotFound (order_lines of an order that is not the customer's),
   *   ValidationFailed (more rows than one sheet holds).
   */
  async export(requester: ExportRequester, body: ExportExcelBody): Promise<ExcelFile> {
    const source = await this.source(requester.owner, body);
    return this.write(source, {
      creator: requester.merchantName,
      log: requester.log,
      type: body.ExportExcelType,
    });
  }

  /**
   * The merchant console's export (staff ExportOrders): every customer's orders of the merchant
   * matching the board's filters, each row naming who ordered.
   * @throws AppError ValidationFailed (more rows than one sheet holds).
   */
  async exportMerchantOrders(
    merchant: { id: number; name: string },
    body: StaffExportOrdersBody,
    log: FastifyBaseLogger,
  ): Promise<ExcelFile> {
    const orders = exportMerchantOrders(this.deps.context.db, merchant.id, body);
    const today = chinaDate(this.deps.context.clock.now());
    const source: ExportSource<ExportedOrder> = {
      sheet: merchantOrdersSheet(periodText(body.StartDate, body.EndDate)),
      count: await orders.count(),
      pages: () => orders.pages(),
      fileName: exportFileName('orders', { StartDate: body.StartDate, EndDate: body.EndDate, today }),
    };
    return this.write(source, { creator: merchant.name, log, type: 'staff_orders' });
  }

  /** Streams `source` as a workbook, refusing before the first byte one that holds too many rows. */
  private write(
    source: ExportSource<any>,
    { creator, log, type }: { creator: string; log: FastifyBaseLogger; type: string },
  ): ExcelFile {
    if (source.count > EXPORT_EXCEL_MAX_ROWS) {
      throw new AppError(
        'ValidationFailed',
        `要导出的记录有 ${source.count} 条，超过 Excel 单个工作表的上限（${EXPORT_EXCEL_MAX_ROWS} 条），请缩短日期范围后分次导出`,
      );
    }
    const startedAt = this.deps.context.clock.now();
    const stream = streamWorkbook(
      source.sheet,
      source.pages(),
      { creator, createdAt: startedAt },
      (result) => {
        if ('error' in result) {
          log.error({ err: result.error, exportType: type }, 'excel export failed');
        } else {
          log.info(
            { exportType: type, rows: result.rows, ms: this.deps.context.clock.now() - startedAt },
            'excel export written',
          );
        }
      },
    );
    return { fileName: source.fileName, rows: source.count, body: stream };
  }

  private async source(owner: CustomerScope, body: ExportExcelBody): Promise<ExportSource<any>> {
    const { db, clock } = this.deps.context;
    const today = chinaDate(clock.now());
    const period = { StartDate: body.StartDate, EndDate: body.EndDate, today };
    switch (body.ExportExcelType) {
      case 'orders': {
        const orders = exportCustomerOrders(db, owner, body);
        return {
          sheet: ordersSheet(periodText(body.StartDate, body.EndDate)),
          count: await orders.count(),
          pages: () => orders.pages(),
          fileName: exportFileName('orders', period),
        };
      }
      case 'bills': {
        const bill = exportCustomerBill(db, owner, body);
        return {
          sheet: billsSheet(periodText(body.StartDate, body.EndDate)),
          count: await bill.count(),
          pages: () => bill.pages(),
          fileName: exportFileName('bills', period),
        };
      }
      case 'cart': {
        const cart = await this.deps.cart.list(owner, { pageindex: 1, limit: Number.MAX_SAFE_INTEGER });
        return {
          sheet: cartSheet(),
          count: cart.List.length,
          pages: () => onePage(cart.List),
          fileName: exportFileName('cart', period),
        };
      }
      case 'addresses': {
        const addresses = await deliveryAddressesOf(db, owner);
        return {
          sheet: addressesSheet(),
          count: addresses.length,
          pages: () => onePage(addresses),
          fileName: exportFileName('addresses', period),
        };
      }
      case 'order_lines': {
        const order: OrderDetail = await this.deps.orders.detail(owner, { OrderId: body.OrderId });
        return {
          sheet: orderLinesSheet(order),
          count: order.Lines.length,
          pages: () => onePage(order.Lines),
          fileName: exportFileName('order_lines', { ...period, OrderNo: order.OrderNo }),
        };
      }
    }
  }
}
