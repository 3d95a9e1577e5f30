/** The cart's calls (server module cart): addorderitem, ShopCarOrders and the rest. */
import { z } from 'zod';
import { PRICE_MODES, productImageSchema, productSelectionFields, selectionSchema } from './products.ts';
import { idSchema, orderAddressSchema, pagingFields } from './commerce-fields.ts';
import { serverFileSchema } from './uploads.ts';
import { refineSafeMultilineText } from '../text-rules.ts';
// ---------------------------------------------------------------------------------------------
// Cart: addorderitem, ShopCarOrders, TotalShopCarOrders, UpdateShopCarOrder, DeleteShopCarOrders
// ---------------------------------------------------------------------------------------------

/** POST /api/order/addorderitem — a configuration into the cart; the server prices it. */
export const addOrderItemBodySchema = z.object({
  ProductId: idSchema('商品编号'),
  ...productSelectionFields,
  Quantity: z.number({ error: '请输入数量' }).describe('数量（单位见商品 Unit）'),
  PriceMode: z
    .enum(PRICE_MODES)
    .default('auto')
    .describe(
      '计价方式：auto 按商品默认，fixed 一口价，offer 报价，fixedOrOffer（与报价页所用的计价接口一致）',
    ),
  Remarks: z.string().trim().max(500).superRefine(refineSafeMultilineText).default('').describe('本行备注'),
  ExpectedAmountFen: z
    .number()
    .int()
    .nullish()
    .describe('页面显示的金额（分）；给出且与服务器计算不同时拒绝（-1603），以免客户按旧价下单'),
});
export type AddOrderItemBody = z.infer<typeof addOrderItemBodySchema>;

/** A cart line with today's price. */
export const cartLineSchema = z.object({
  Id: z.number().int().describe('购物车行编号（结算时的 CartIds）'),
  ProductId: z.number().int(),
  ProductTitle: z.string(),
  ProductImage: productImageSchema.describe(
    '商品图片（读取时商品当前的图片，行内显示用 SmallUrl）；商家未设置图片时为 null',
  ),
  Unit: z.string(),
  Selection: selectionSchema.describe('所选规格'),
  Quantity: z.number().int(),
  SpecText: z.string().describe('规格说明，例如 90×54mm · 300g铜版纸 · 双面四色 · 覆哑膜'),
  PriceMode: z.enum(PRICE_MODES),
  AmountFen: z.number().int().describe('按当前商品目录的金额（分）；不可下单时为加入时的金额'),
  UnitPriceFen: z.number().int().describe('单价（分，仅供显示）'),
  AddedAmountFen: z.number().int().describe('加入购物车时的金额（分）'),
  IsPriceChanged: z.boolean().describe('当前价格与加入时不同'),
  IsAvailable: z.boolean().describe('当前商品目录仍能为此规格报价'),
  UnavailableReason: z.string().describe('不可下单的原因；可下单时为空'),
  CatalogVersion: z.number().int().describe('计价所用的商品目录版本'),
  WeightGrams: z.number().int(),
  ProductionDays: z.number().int(),
  FinishedSize: z
    .object({
      WidthMm: z.number().describe('成品宽（mm）'),
      HeightMm: z.number().describe('成品高（mm）'),
      BleedMm: z.number().describe('每边出血（mm）'),
    })
    .nullable()
    .describe('成品尺寸与出血（印刷文件按它预检，结算与订单相同）；不可下单时为空'),
  Remarks: z.string(),
  SourceOrderNo: z.string().nullable().describe('再来一单时的原订单号'),
  AddressId: z
    .number()
    .int()
    .nullable()
    .describe('行自带收货地址在地址簿中的编号（批量导入）；为空时由结算所选地址收货'),
  Address: orderAddressSchema
    .nullable()
    .describe('行自带的收货地址（导入时的副本）：结算时按它单独成单；为空时由结算所选地址收货'),
  ArtworkFiles: z
    .array(serverFileSchema)
    .describe('行自带的印刷文件（批量下单、导入时按文件名找到的上传文件）；结算时默认作为该行的印刷文件'),
  CreatedAt: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** POST /api/order/ShopCarOrders — the cart, newest first. */
export const shopCarOrdersBodySchema = z.object({ ...pagingFields(200) });
export type ShopCarOrdersBody = z.infer<typeof shopCarOrdersBodySchema>;

export const cartPageSchema = z.object({
  List: z.array(cartLineSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({
    SumAmount: z.number().int().describe('整个购物车可下单行的当前金额合计（分）'),
    AvailableCount: z.number().int().describe('可下单的行数'),
  }),
});
export type CartPage = z.infer<typeof cartPageSchema>;

/** Reply of POST /api/order/TotalShopCarOrders (the cart badge). */
export const cartTotalSchema = z.object({
  TotalCount: z.number().int().describe('购物车行数'),
  SumAmount: z.number().int().describe('加入时的金额合计（分）'),
});
export type CartTotal = z.infer<typeof cartTotalSchema>;

/** POST /api/order/UpdateShopCarOrder — change a cart line's quantity or remarks (re-priced). */
export const updateShopCarOrderBodySchema = z.object({
  Id: idSchema('购物车行编号'),
  Quantity: z.number().nullish().describe('新数量；省略则不变'),
  Remarks: z
    .string()
    .trim()
    .max(500)
    .superRefine(refineSafeMultilineText)
    .nullish()
    .describe('新备注；省略则不变'),
});
export type UpdateShopCarOrderBody = z.infer<typeof updateShopCarOrderBodySchema>;

/** POST /api/order/DeleteShopCarOrders — remove cart lines (all or none). */
export const deleteShopCarOrdersBodySchema = z.object({
  Ids: z
    .array(idSchema('购物车行编号'))
    .min(1, { error: '请选择要删除的商品' })
    .max(200)
    .describe('购物车行编号'),
});
export type DeleteShopCarOrdersBody = z.infer<typeof deleteShopCarOrdersBodySchema>;

export const deletedCountSchema = z.object({ Deleted: z.number().int() });
