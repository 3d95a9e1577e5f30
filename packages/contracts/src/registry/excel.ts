/** The calls of the server's excel module (apps/server/src/modules/excel). */
import { z } from 'zod';
import { defineContract } from '../call-contract.ts';
import { XLSX_MEDIA_TYPE, exportExcelBodySchema } from '../calls/excel.ts';

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
};
