/**
 * Excel export (spec §7 `POST /api/v1/post_export_excel`: binary reply, 15 min time-out; docs/excel.md).
 * The spec shows no body: `ExportExcelType` names what is exported, and the other fields are the
 * filters of the list it comes from, by the same names (QueryOrders, QueryCustomerBill), or the
 * order whose lines are exported. The reply is the .xlsx file itself; a refusal is the usual
 * envelope.
 */
import { z } from 'zod';
import { idSchema } from './commerce-fields.ts';
import { queryOrdersBodySchema } from './orders.ts';
import { queryCustomerBillBodySchema } from './payments.ts';

/** Media type of an .xlsx workbook. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What can be exported: the order list (with its filters), the bill (with its period), the cart,
 * the delivery addresses, and the lines of one order.
 */
export const EXPORT_EXCEL_TYPES = ['orders', 'bills', 'cart', 'addresses', 'order_lines'] as const;
export type ExportExcelType = (typeof EXPORT_EXCEL_TYPES)[number];

/** Chinese name of each export: the sheet's name and the start of the file name. */
export const EXPORT_EXCEL_TYPE_NAMES: Record<ExportExcelType, string> = {
  orders: '订单',
  bills: '账单',
  cart: '购物车',
  addresses: '收货地址',
  order_lines: '订单明细',
};

/**
 * Rows one export may hold: an Excel sheet has 1,048,576 rows, one of them the header and one the
 * sum row. A larger selection is refused with a message asking for a shorter period.
 */
export const EXPORT_EXCEL_MAX_ROWS = 1_048_574;

const EXPORT_TYPE_MESSAGE =
  '导出类型无效，应为 orders（订单）、bills（账单）、cart（购物车）、addresses（收货地址）或 order_lines（订单明细）';

const orderFilters = queryOrdersBodySchema.shape;
const billFilters = queryCustomerBillBodySchema.shape;

/** POST /api/v1/post_export_excel — bizcontent. Fields another type does not use are ignored. */
export const exportExcelBodySchema = z
  .object({
    ExportExcelType: z
      .enum(EXPORT_EXCEL_TYPES, {
        error: (issue) =>
          issue.input === undefined || issue.input === null ? '请指定导出类型' : EXPORT_TYPE_MESSAGE,
      })
      .describe(
        '导出类型（orders 订单、bills 账单、cart 购物车、addresses 收货地址、order_lines 一个订单的商品明细）',
      ),
    Status: orderFilters.Status.describe(
      '订单状态（orders）：0 全部，1 待付款、2 待审稿、3 生产中、4 已发货、5 已完成、9 已取消',
    ),
    Keyword: z
      .string()
      .trim()
      .max(64)
      .default('')
      .describe('关键字（orders：订单号、商品名称或快递单号；bills：订单号或支付单号）'),
    StartDate: orderFilters.StartDate.describe('开始日期（orders、bills；YYYY-MM-DD，北京时间，含当天）'),
    EndDate: orderFilters.EndDate.describe('结束日期（orders、bills；YYYY-MM-DD，北京时间，含当天）'),
    Type: billFilters.Type.describe(
      '账单类型（bills）：payment 订单支付、recharge 充值、refund 退款、adjustment 调整；空为全部',
    ),
    PayMethod: billFilters.PayMethod.describe('支付方式（bills）：balance、wechat、alipay、manual；空为全部'),
    OrderId: idSchema('订单编号').nullish().describe('订单编号（order_lines 必填）'),
  })
  .superRefine((value, ctx) => {
    if (value.StartDate && value.EndDate && value.StartDate > value.EndDate) {
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: '结束日期不能早于开始日期' });
    }
    if (value.ExportExcelType === 'order_lines' && (value.OrderId ?? null) === null) {
      ctx.addIssue({ code: 'custom', path: ['OrderId'], message: '导出订单明细时请指定订单编号' });
    }
  });
export type ExportExcelBody = z.infer<typeof exportExcelBodySchema>;

/**
 * The file name of an export (docs/excel.md): the export's Chinese name and what it covers —
 * `订单_2026-11-01至2026-11-30.xlsx` for a period, `订单_截至2026-11-30.xlsx` without a start, and
 * the day of the export (`today`, China time) where no period was given; an order's lines are
 * named by the order number.
 */
export function exportFileName(
  type: ExportExcelType,
  scope: { StartDate?: string | null; EndDate?: string | null; OrderNo?: string; today: string },
): string {
  const name = EXPORT_EXCEL_TYPE_NAMES[type];
  if (type === 'order_lines') return `${name}_${scope.OrderNo ?? ''}.xlsx`;
  if (type === 'cart' || type === 'addresses') return `${name}_${scope.today}.xlsx`;
  const end = scope.EndDate ?? null;
  if (scope.StartDate) return `${name}_${scope.StartDate}至${end ?? scope.today}.xlsx`;
  return `${name}_截至${end ?? scope.today}.xlsx`;
}

// ---------------------------------------------------------------------------------------------
// Import (spec §2 Excel import dialog, §4, §7 post_import_excel; docs/excel.md "Import")
// ---------------------------------------------------------------------------------------------

/**
 * What can be imported: delivery addresses (the template's columns, or one pasted line per row run
 * through address recognition) and batch orders (one product configuration per row, into the cart).
 */
export const IMPORT_EXCEL_TYPES = ['addresses', 'batch_orders'] as const;
export type ImportExcelType = (typeof IMPORT_EXCEL_TYPES)[number];

/** Chinese name of each import: its template's data sheet and file name. */
export const IMPORT_EXCEL_TYPE_NAMES: Record<ImportExcelType, string> = {
  addresses: '收货地址',
  batch_orders: '批量下单',
};

/** Spec §8: the success message of an import. */
export const IMPORT_SUCCESS_MESSAGE = '文件导入成功';
/** Spec §5: 导入 pressed before the upload finished. */
export const IMPORT_NOT_UPLOADED_MESSAGE = '文件未上传,请上传完毕再进行导入';
/** Longest password an encrypted workbook may have (Excel's own limit). */
export const IMPORT_PASSWORD_MAX_LENGTH = 255;

const IMPORT_TYPE_MESSAGE = '导入类型无效，应为 addresses（收货地址）或 batch_orders（批量下单）';

const importExcelTypeSchema = z
  .enum(IMPORT_EXCEL_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? '请指定导入类型' : IMPORT_TYPE_MESSAGE,
  })
  .describe('导入类型（addresses 收货地址、batch_orders 批量下单：每行一个商品，加入购物车）');

/** POST /api/v1/post_import_excel — bizcontent (spec §7 field names). */
export const importExcelBodySchema = z.object({
  ImportExcelType: importExcelTypeSchema,
  Path: z
    .union([z.string(), z.number()], { error: '请先上传要导入的文件' })
    .transform((value) => String(value).trim())
    .pipe(
      z.string().min(1, { error: '请先上传要导入的文件' }).max(2000, { error: '文件路径无效，请重新上传' }),
    )
    .describe('上传（类型 4，Excel 导入）完成后得到的 FilePath，或文件编号'),
  Password: z
    .string({ error: '文件密码应为文本' })
    .max(IMPORT_PASSWORD_MAX_LENGTH, { error: `文件密码不能超过 ${IMPORT_PASSWORD_MAX_LENGTH} 个字符` })
    .nullish()
    .transform((value) => value ?? '')
    .describe('加密工作簿（Excel“用密码进行加密”）的打开密码；未加密留空'),
});
export type ImportExcelBody = z.output<typeof importExcelBodySchema>;

/** What became of a batch-order row's 文件名. */
export const IMPORT_FILE_STATUSES = ['none', 'attached', 'not_found', 'ambiguous'] as const;
export type ImportFileStatus = (typeof IMPORT_FILE_STATUSES)[number];

/** What became of a batch-order row's 收货地址. */
export const IMPORT_ADDRESS_STATUSES = ['none', 'matched', 'added'] as const;
export type ImportAddressStatus = (typeof IMPORT_ADDRESS_STATUSES)[number];

/** The reply of a successful import. */
export const importExcelResultSchema = z.object({
  ImportExcelType: z.enum(IMPORT_EXCEL_TYPES),
  FileName: z.string().describe('导入的文件名'),
  Imported: z.number().int().describe('导入的行数'),
  Ids: z.array(z.number().int()).describe('新建的收货地址或购物车行的编号'),
  Rows: z
    .array(
      z.object({
        Row: z.number().int().describe('Excel 行号'),
        CartId: z.number().int().describe('这一行加入的购物车行'),
        FileName: z.string().describe('「文件名」列；空表示没有填'),
        FileStatus: z
          .enum(IMPORT_FILE_STATUSES)
          .describe(
            'none 没有填文件名；attached 已找到并附到购物车行；not_found 没有找到这个名字的上传文件；ambiguous 有多个文件都可能是它（未附，写在备注里）',
          ),
        FileId: z.number().int().nullable().describe('附到购物车行的上传文件'),
        AddressStatus: z
          .enum(IMPORT_ADDRESS_STATUSES)
          .describe('none 没有填收货地址；matched 与地址簿中已有的地址相同；added 已加入地址簿'),
        AddressId: z.number().int().nullable().describe('行的收货地址在地址簿中的编号'),
        Notice: z.string().describe('需要客户留意的说明（文件未找到、不唯一）；没有时为空'),
      }),
    )
    .describe('批量下单时每一行的文件与收货地址；导入地址时为空'),
  Notices: z.array(z.string()).describe('需要留意的行，每行一句（例如 第3行「文件名」…没有找到）'),
});
export type ImportExcelResult = z.infer<typeof importExcelResultSchema>;

/** POST /api/v1/post_import_excel_template — the template workbook of an import type. */
export const importExcelTemplateBodySchema = z.object({ ImportExcelType: importExcelTypeSchema });
export type ImportExcelTemplateBody = z.output<typeof importExcelTemplateBodySchema>;

/** The template's file name: `收货地址导入模板.xlsx`, `批量下单导入模板.xlsx`. */
export function importTemplateFileName(type: ImportExcelType): string {
  return `${IMPORT_EXCEL_TYPE_NAMES[type]}导入模板.xlsx`;
}

/** The error report's file name: `<uploaded name without extension>_错误报告.xlsx`. */
export function importReportFileName(uploadedName: string): string {
  const base = uploadedName.replace(/\.(xlsx|xls)$/i, '') || '导入';
  return `${base}_错误报告.xlsx`;
}
