/** The calls of the server's excel module (apps/server/src/modules/excel). */
import { z } from 'zod';
import { defineContract } from '../call-contract.ts';
import {
  IMPORT_SUCCESS_MESSAGE,
  XLSX_MEDIA_TYPE,
  exportExcelBodySchema,
  importExcelBodySchema,
  importExcelResultSchema,
  importExcelTemplateBodySchema,
} from '../calls/excel.ts';

export const excelCalls = {
  post_export_excel: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v1/post_export_excel',
    summary:
      '导出 Excel（.xlsx 文件流，文件名见 Content-Disposition，X-Export-Rows 为数据行数）：订单、账单、购物车、收货地址或一个订单的明细；失败时仍为 JSON 信封',
    tags: ['excel'],
    auth: 'customer',
    input: exportExcelBodySchema,
    output: z.string().describe('xlsx 文件（二进制）'),
    fileReply: { mediaType: XLSX_MEDIA_TYPE },
    rateLimit: { group: 'export', perAccount: 'customer' },
  }),
  post_import_excel: defineContract({
    method: 'POST',
    path: '/api/v1/post_import_excel',
    summary:
      '导入 Excel：已上传（类型 4）的 .xlsx（可加密）中的收货地址或批量下单行；全部校验通过才导入，否则一行也不导入，错误指明工作表、行和列',
    tags: ['excel'],
    auth: 'customer',
    rateLimit: { group: 'document', perAccount: 'customer' },
    input: importExcelBodySchema,
    output: importExcelResultSchema,
    successMessage: IMPORT_SUCCESS_MESSAGE,
  }),
  post_import_excel_template: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v1/post_import_excel_template',
    summary: '下载导入模板（.xlsx）：收货地址或批量下单（附填写说明；批量下单附本店可选商品与规格）',
    tags: ['excel'],
    auth: 'customer',
    rateLimit: { group: 'document', perAccount: 'customer' },
    input: importExcelTemplateBodySchema,
    output: z.string().describe('xlsx 文件（二进制）'),
    fileReply: { mediaType: XLSX_MEDIA_TYPE },
  }),
  post_import_excel_errors: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v1/post_import_excel_errors',
    summary:
      '下载导入错误报告（.xlsx）：与 post_import_excel 相同的校验，列出每处错误的工作表、行、列和原因；不导入任何数据',
    tags: ['excel'],
    auth: 'customer',
    rateLimit: { group: 'document', perAccount: 'customer' },
    input: importExcelBodySchema,
    output: z.string().describe('xlsx 文件（二进制）'),
    fileReply: { mediaType: XLSX_MEDIA_TYPE },
  }),
};
