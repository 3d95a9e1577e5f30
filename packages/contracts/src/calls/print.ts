/**
 * Printing (spec §7 `POST /api/v1/post_print_html`: HTML reply; spec §4, §9: opened in a new window
 * after 300 ms; docs/excel.md "Print"). The spec shows no body: `PrintType` names what is printed —
 * order sheets, delivery notes (no prices) or a statement of the bill for a period — and the other
 * fields name the orders, or the bill's filters by the same names as QueryCustomerBill. The reply
 * is a whole HTML page for A4; a refusal is the usual envelope.
 */
import { z } from 'zod';
import { idSchema } from './commerce-fields.ts';
import { queryCustomerBillBodySchema } from './payments.ts';

/** What can be printed: order sheets, delivery notes, a statement of the bill. */
export const PRINT_TYPES = ['order', 'delivery_note', 'bill_statement'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];

/** Chinese name of each print: the page's title. */
export const PRINT_TYPE_NAMES: Record<PrintType, string> = {
  order: '订单',
  delivery_note: '送货单',
  bill_statement: '对账单',
};

/** Orders one print may hold (one page or more each). */
export const PRINT_MAX_ORDERS = 50;
/** Bill lines one statement may hold; a longer period is refused with a message asking for a shorter one. */
export const PRINT_MAX_BILL_LINES = 2000;

/** Spec §8: shown while the print data loads. */
export const PRINT_LOADING_MESSAGE = '正在加载打印数据,请稍后...';

/** Media type of the reply. */
export const PRINT_MEDIA_TYPE = 'text/html; charset=utf-8';

const PRINT_TYPE_MESSAGE =
  '打印类型无效，应为 order（订单）、delivery_note（送货单）或 bill_statement（对账单）';

const billFilters = queryCustomerBillBodySchema.shape;

/** POST /api/v1/post_print_html — bizcontent. Fields another type does not use are ignored. */
export const printHtmlBodySchema = z
  .object({
    PrintType: z
      .enum(PRINT_TYPES, {
        error: (issue) =>
          issue.input === undefined || issue.input === null ? '请指定打印类型' : PRINT_TYPE_MESSAGE,
      })
      .describe('打印类型（order 订单、delivery_note 送货单、bill_statement 对账单）'),
    OrderIds: z
      .array(idSchema('订单编号'), { error: '订单编号应为数组' })
      .max(PRINT_MAX_ORDERS, { error: `一次最多打印 ${PRINT_MAX_ORDERS} 个订单` })
      .nullish()
      .describe('要打印的订单（order、delivery_note 必填；每个订单另起一页）'),
    StartDate: billFilters.StartDate.describe('开始日期（bill_statement；YYYY-MM-DD，北京时间，含当天）'),
    EndDate: billFilters.EndDate.describe('结束日期（bill_statement；YYYY-MM-DD，北京时间，含当天）'),
    Type: billFilters.Type.describe('账单类型（bill_statement）；空为全部'),
    PayMethod: billFilters.PayMethod.describe('支付方式（bill_statement）；空为全部'),
    Keyword: billFilters.Keyword.describe('订单号或支付单号（bill_statement）'),
  })
  .superRefine((value, ctx) => {
    if (value.StartDate && value.EndDate && value.StartDate > value.EndDate) {
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: '结束日期不能早于开始日期' });
    }
    if (value.PrintType !== 'bill_statement' && (value.OrderIds ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['OrderIds'], message: '请选择要打印的订单' });
    }
  });
export type PrintHtmlBody = z.infer<typeof printHtmlBodySchema>;
