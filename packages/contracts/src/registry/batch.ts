/** The calls of the server's batch module (apps/server/src/modules/batch): batch ordering. */
import { defineContract } from '../call-contract.ts';
import {
  analysisCreateOrderBodySchema,
  analysisCreateOrderResultSchema,
  analysisFileNameBodySchema,
  analysisFileNameResultSchema,
} from '../calls/batch.ts';

export const batchCalls = {
  AnalysisFileName: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/order/AnalysisFileName',
    summary:
      '批量下单：按文件名（及文件页面尺寸）识别产品、尺寸、纸张、单双面、工艺与数量，并按当前商品目录计价、印前检查（不保存）',
    tags: ['order'],
    auth: 'customer',
    input: analysisFileNameBodySchema,
    output: analysisFileNameResultSchema,
  }),
  AnalysisCreateOrder: defineContract({
    method: 'POST',
    path: '/api/order/AnalysisCreateOrder',
    summary: '批量下单：各行按服务器价格加入购物车（全部加入或都不加入；同一提交编号只生效一次）',
    tags: ['order'],
    auth: 'customer',
    input: analysisCreateOrderBodySchema,
    output: analysisCreateOrderResultSchema,
    successMessage: '已加入购物车',
  }),
};
