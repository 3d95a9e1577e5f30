/**
 * Batch ordering (spec §7 Orders: AnalysisFileName, AnalysisCreateOrder; docs/batch-ordering.md):
 * the artwork files of a batch upload read into priced configurations by their names, corrected
 * by the customer, then put into the cart at the server's price — all rows, or none.
 */
import { z } from 'zod';
import { FILE_PICKER_MAX_FILES } from '../constants.ts';
import { refineSafeMultilineText } from '../text-rules.ts';
import { cartLineSchema } from './cart.ts';
import { idSchema } from './commerce-fields.ts';
import { productSelectionFields, selectionSchema } from './products.ts';
import { serverFileSchema } from './uploads.ts';

/** Rows one AnalysisCreateOrder may hold (the cart holds 200 lines). */
export const BATCH_ORDER_MAX_ROWS = 200;

/** POST /api/order/AnalysisFileName — read the customer's files' names against the catalogue. */
export const analysisFileNameBodySchema = z.object({
  FileIds: z
    .array(idSchema('文件编号'))
    .min(1, { error: '请选择要识别的文件' })
    .max(FILE_PICKER_MAX_FILES, { error: `一次最多识别 ${FILE_PICKER_MAX_FILES} 个文件` })
    .describe('要识别的文件（我的文件中的文件编号，顺序即表格的行序）'),
});
export type AnalysisFileNameBody = z.infer<typeof analysisFileNameBodySchema>;

/** Where a field's value came from. */
export const ANALYSIS_SOURCES = ['name', 'page', 'only', 'default'] as const;

/** One field of a row as read from the file name. */
export const analysisFieldSchema = z.object({
  Source: z
    .enum(ANALYSIS_SOURCES)
    .describe('来源：name 文件名，page 文件页面尺寸，only 商品只有这一种，default 文件名未写、取商品默认'),
  Confidence: z.number().describe('把握（0–1）；低于 0.75 的格子请客户核对'),
  Text: z.string().describe('读取它的文件名文字；没有为空'),
  Label: z.string().describe('取值的中文名称，例如 300g铜版纸、双面四色'),
});
export type AnalysisField = z.infer<typeof analysisFieldSchema>;

export const ANALYSIS_STATUSES = ['recognised', 'review', 'unrecognised'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** The row's price at the server when it was read, or why it does not price. */
export const analysisPriceSchema = z.object({
  AmountFen: z.number().int().describe('金额（分），按当前商品目录'),
  UnitPriceFen: z.number().int().describe('单价（分，仅供显示）'),
  Quantity: z.number().int(),
  Unit: z.string(),
  SpecText: z.string().describe('规格说明'),
});

/** One file of the batch, read. */
export const analysisRowSchema = z.object({
  File: serverFileSchema.describe('文件（含缩略图与页面尺寸）'),
  Status: z
    .enum(ANALYSIS_STATUSES)
    .describe('recognised 全部读出；review 已识别产品，有格子需核对；unrecognised 未识别产品，请选择'),
  ProductId: z.number().int().nullable().describe('识别出的商品；未识别为 null'),
  ProductTitle: z.string(),
  Selection: selectionSchema.nullable().describe('完整的规格（文件名未写的取默认）；未识别为 null'),
  Fields: z
    .object({
      Product: analysisFieldSchema,
      Size: analysisFieldSchema,
      Paper: analysisFieldSchema,
      InnerPaper: analysisFieldSchema,
      Pages: analysisFieldSchema,
      Colour: analysisFieldSchema,
      Technologies: analysisFieldSchema,
      Quantity: analysisFieldSchema,
    })
    .describe('每个格子的来源与把握'),
  DefaultedTechnologyIds: z.array(z.string()).describe('文件名未写、按必选组默认补上的工艺'),
  UnknownWords: z.array(z.string()).describe('文件名中没有读懂的文字'),
  Problems: z.array(z.string()).describe('文件名要求而商品做不到、或读不准的地方（中文）'),
  Price: analysisPriceSchema.nullable().describe('按当前商品目录的价格；不能报价或未识别时为 null'),
  PriceRefusal: z.string().describe('不能报价的原因（报价引擎的说明）；能报价时为空'),
  Preflight: z
    .object({
      Level: z.enum(['ok', 'warning', 'error', 'unknown']),
      Summary: z.string(),
      Messages: z.array(z.string()).describe('需注意与不符合的检查项'),
    })
    .nullable()
    .describe('按本行成品尺寸的印前检查；文件尚在分析或没有尺寸时为 null'),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;

export const analysisFileNameResultSchema = z.object({
  CatalogVersion: z.number().int().describe('识别与计价所用的商品目录版本'),
  Rows: z.array(analysisRowSchema),
  Summary: z.object({
    Total: z.number().int(),
    Recognised: z.number().int(),
    Review: z.number().int(),
    Unrecognised: z.number().int(),
  }),
});
export type AnalysisFileNameResult = z.infer<typeof analysisFileNameResultSchema>;

/** One row to order: the file and the configuration as the customer left it. */
export const analysisOrderRowSchema = z.object({
  FileId: idSchema('文件编号'),
  ProductId: z.number().int().min(0).nullish().describe('商品编号；未选择时留空（该行会被拒绝）'),
  ...productSelectionFields,
  Quantity: z.number().nullish().describe('数量（单位见商品 Unit）'),
  ExpectedAmountFen: z
    .number()
    .int()
    .nullish()
    .describe('页面显示的金额（分）；给出且与服务器计算不同时拒绝（-1603）'),
  Remarks: z
    .string()
    .trim()
    .max(500)
    .superRefine(refineSafeMultilineText)
    .nullish()
    .describe('本行备注；留空时记为文件名'),
});
export type AnalysisOrderRow = z.infer<typeof analysisOrderRowSchema>;

export const BATCH_ORDER_TARGETS = ['cart', 'order'] as const;

/** POST /api/order/AnalysisCreateOrder — every row into the cart at the server's price, or none. */
export const analysisCreateOrderBodySchema = z.object({
  RequestKey: z
    .string({ error: '请提供提交编号' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '提交编号应为 8–64 个字母、数字、下划线或短横线' })
    .describe('本次提交的编号（页面生成）；同一编号再次提交不会重复加入，答复第一次的结果'),
  Target: z
    .enum(BATCH_ORDER_TARGETS)
    .default('cart')
    .describe('cart 加入购物车；order 加入后直接结算这些行为一个订单（页面转到确认订单）'),
  Rows: z
    .array(analysisOrderRowSchema)
    .min(1, { error: '请至少保留一行' })
    .max(BATCH_ORDER_MAX_ROWS, { error: `一次最多 ${BATCH_ORDER_MAX_ROWS} 行` })
    .describe('要下单的行'),
});
export type AnalysisCreateOrderBody = z.infer<typeof analysisCreateOrderBodySchema>;

export const analysisCreateOrderResultSchema = z.object({
  Target: z.enum(BATCH_ORDER_TARGETS),
  Items: z
    .array(z.object({ FileId: z.number().int(), Line: cartLineSchema }))
    .describe('每行的文件与它成为的购物车行，顺序同 Rows'),
  IsRepeated: z.boolean().describe('此提交编号已经提交过：这是第一次的结果，没有再次加入'),
});
export type AnalysisCreateOrderResult = z.infer<typeof analysisCreateOrderResultSchema>;
