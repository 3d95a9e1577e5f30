/** The calls of the server's print module (apps/server/src/modules/print). */
import { z } from 'zod';
import { defineContract } from '../call-contract.ts';
import { PRINT_MEDIA_TYPE, printHtmlBodySchema } from '../calls/print.ts';

export const printCalls = {
  post_print_html: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v1/post_print_html',
    summary:
      '打印（HTML 页面，A4）：订单（含图稿缩略图、规格与价格明细）、送货单（无价格）或一段时间的对账单；每个订单另起一页；失败时仍为 JSON 信封',
    tags: ['print'],
    auth: 'customer',
    rateLimit: { group: 'document', perAccount: 'customer' },
    input: printHtmlBodySchema,
    output: z.string().describe('HTML 页面'),
    htmlReply: { mediaType: PRINT_MEDIA_TYPE },
  }),
};
