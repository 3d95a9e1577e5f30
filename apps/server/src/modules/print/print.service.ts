/**
 * Printing (spec §7 post_print_html; docs/excel.md "Print"): order sheets, delivery notes and a
 * statement of the bill as one HTML page for A4, each order on a page of its own with a QR code
 * of its order number. Everything is read through the orders and bills modules' front doors with
 * the signed-in customer's scope, so another customer's order is refused as not found.
 */
import {
  PRINT_MAX_BILL_LINES,
  PRINT_TYPE_NAMES,
  type BillEntry,
  type OrderDetail,
  type PrintHtmlBody,
  type StaffPrintOrdersBody,
} from '@inkstone/contracts';
import { CHINA_OFFSET_MS } from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { exportCustomerBill } from '../bills/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { SafeHtml } from './html.ts';
import { deliveryNote, orderSheet } from './order-sheets.ts';
import { qrCodeSvg } from './qr-code.ts';
import { PRINT_REPLY_POLICY, printDocument, type PrintMerchant } from './print-page.ts';
import { statementSheet } from './statement-sheet.ts';

export interface PrintDeps {
  context: ServerContext;
  orders: OrdersService;
}

/** Who prints: the customer's scope and name, and their merchant as the page shows it. */
export interface PrintRequester {
  owner: CustomerScope;
  /** Nickname and account, for the statement. */
  customerName: string;
  merchant: PrintMerchant;
}

/** A printable page and the policy it is served under. */
export interface PrintPage {
  html: string;
  contentSecurityPolicy: string;
}

/** `YYYY-MM-DD` of `time` in China. */
function chinaDate(time: number): string {
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

export class PrintService {
  constructor(private readonly deps: PrintDeps) {}

  /**
   * The page `body` asks for.
   * @throws AppError OrderNotFound (an order that is not the customer's), ValidationFailed (a
   *   statement of more than PRINT_MAX_BILL_LINES lines).
   */
  async render(requester: PrintRequester, body: PrintHtmlBody): Promise<PrintPage> {
    const title = PRINT_TYPE_NAMES[body.PrintType];
    const sheets =
      body.PrintType === 'bill_statement'
        ? [await this.statement(requester, body)]
        : await this.orderSheets(requester, body);
    const html = printDocument(`${requester.merchant.name} · ${title}`, requester.merchant.brand, sheets);
    return { html, contentSecurityPolicy: PRINT_REPLY_POLICY };
  }

  private async orderSheets(requester: PrintRequester, body: PrintHtmlBody): Promise<SafeHtml[]> {
    const ids = [...new Set(body.OrderIds ?? [])];
    const orders: OrderDetail[] = [];
    // One after another: each is one customer's few orders, and a refusal stops at the first.
    for (const id of ids) orders.push(await this.deps.orders.detail(requester.owner, { OrderId: id }));
    return this.sheetsOf(orders, body.PrintType, requester.merchant);
  }

  /**
   * The merchant console's print (staff PrintOrders): order sheets or delivery notes of any of
   * the merchant's orders, the same pages a customer prints of their own.
   * @throws AppError OrderNotFound (an order that is not this merchant's).
   */
  async renderMerchantOrders(
    merchant: PrintMerchant & { id: number },
    body: StaffPrintOrdersBody,
  ): Promise<PrintPage> {
    const orders: OrderDetail[] = [];
    for (const id of new Set(body.OrderIds)) {
      const order = await this.deps.orders.requireOrder({ merchantId: merchant.id }, id);
      orders.push(await this.deps.orders.detailOf(order));
    }
    const sheets = await this.sheetsOf(orders, body.PrintType, merchant);
    const html = printDocument(
      `${merchant.name} · ${PRINT_TYPE_NAMES[body.PrintType]}`,
      merchant.brand,
      sheets,
    );
    return { html, contentSecurityPolicy: PRINT_REPLY_POLICY };
  }

  private async sheetsOf(
    orders: OrderDetail[],
    type: PrintHtmlBody['PrintType'],
    merchant: PrintMerchant,
  ): Promise<SafeHtml[]> {
    const sheet = type === 'delivery_note' ? deliveryNote : orderSheet;
    const sheets: SafeHtml[] = [];
    for (const order of orders) sheets.push(sheet(order, merchant, await qrCodeSvg(order.OrderNo)));
    return sheets;
  }

  private async statement(requester: PrintRequester, body: PrintHtmlBody): Promise<SafeHtml> {
    const bill = exportCustomerBill(this.deps.context.db, requester.owner, body);
    const count = await bill.count();
    if (count > PRINT_MAX_BILL_LINES) {
      throw new AppError(
        'ValidationFailed',
        `这段时间有 ${count} 条账单记录，一张对账单最多打印 ${PRINT_MAX_BILL_LINES} 条，请缩短日期范围`,
      );
    }
    const entries: BillEntry[] = [];
    for await (const page of bill.pages()) entries.push(...page);
    const now = this.deps.context.clock.now();
    const period = `${body.StartDate ?? '开户起'} 至 ${body.EndDate ?? chinaDate(now)}`;
    return statementSheet(
      entries,
      {
        period,
        customer: requester.customerName,
        printedAt: now,
        isNarrowed: body.Type !== '' || body.PayMethod !== '' || body.Keyword !== '',
      },
      requester.merchant,
    );
  }
}
