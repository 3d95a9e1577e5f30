/**
 * Cart, orders and the merchant's order operations (spec §7 Orders; docs/orders.md). Money is
 * integer fen (`…Fen`), weights grams, times ISO 8601. Every price is the server's own: a cart
 * line is re-priced from the stored catalogue, an order keeps the price, choices and catalogue
 * version it was sold at.
 */
import { z } from 'zod';
import { PRICE_MODES, productImageSchema, quoteLineSchema, selectionSchema } from './products.ts';
import { preflightReportSchema } from './uploads.ts';
import { cartLineSchema } from './cart.ts';
import { idSchema, orderAddressSchema, pagingFields } from './commerce-fields.ts';
import { refineCalendarDate, refineSafeMultilineText } from '../text-rules.ts';

export { idSchema, pagingFields };

/**
 * A calendar day in China time, `YYYY-MM-DD`, that exists (`2026-02-31` is refused, not rolled
 * over into March); a period filter includes both ends.
 */
export const dateSchema = z
  .string()
  .trim()
  .superRefine(refineCalendarDate)
  .describe('日期 YYYY-MM-DD（北京时间）');

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/**
 * Order status (docs/orders.md): 0 is a cart line (not yet an order); 1 待付款 → 2 待审稿 →
 * 3 生产中 → 4 已发货 → 5 已完成; 9 已取消. No status is skipped.
 */
export const OrderStatus = {
  Cart: 0,
  Unpaid: 1,
  Reviewing: 2,
  Producing: 3,
  Shipped: 4,
  Completed: 5,
  Cancelled: 9,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Chinese name of every status. */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  0: '购物车',
  1: '待付款',
  2: '待审稿',
  3: '生产中',
  4: '已发货',
  5: '已完成',
  9: '已取消',
};

const orderStatusSchema = z
  .union([
    z.literal(OrderStatus.Unpaid),
    z.literal(OrderStatus.Reviewing),
    z.literal(OrderStatus.Producing),
    z.literal(OrderStatus.Shipped),
    z.literal(OrderStatus.Completed),
    z.literal(OrderStatus.Cancelled),
  ])
  .describe('订单状态：1 待付款、2 待审稿、3 生产中、4 已发货、5 已完成、9 已取消');

/** Artwork review inside 待审稿: waiting for the reviewer, sent back to the customer, approved. */
export const ReviewState = { Pending: 'pending', Rejected: 'rejected', Approved: 'approved' } as const;
export type ReviewState = (typeof ReviewState)[keyof typeof ReviewState];
export const REVIEW_STATE_NAMES: Record<ReviewState, string> = {
  pending: '待审核',
  rejected: '稿件退回',
  approved: '审稿通过',
};

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export { orderAddressSchema, type OrderAddress } from './commerce-fields.ts';

/** An artwork file of an order line with the preflight made when it was attached. */
export const orderFileSchema = z.object({
  Id: z.number().int().describe('订单文件编号'),
  LineId: z.number().int(),
  FileId: z.number().int().describe('服务器文件编号'),
  OrgFileName: z.string(),
  FileExt: z.string(),
  FileSize: z.number().int(),
  Md5: z.string(),
  FilePath: z.string().describe('文件链接（签名，限时有效）'),
  Thumbnail: z.string().describe('缩略图链接（签名，限时有效）'),
  PreflightLevel: z.enum(['ok', 'warning', 'error', 'unknown']).describe('预检结论'),
  Preflight: preflightReportSchema.describe('附加时按此行成品尺寸所做的预检'),
  CreatedAt: z.string(),
});
export type OrderFile = z.infer<typeof orderFileSchema>;

/** A line of a placed order: price, choices and catalogue version as sold. */
export const orderLineSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  ProductTitle: z.string(),
  ProductImage: productImageSchema.describe(
    '商品图片（读取时商品当前的图片，不随订单保存，行内显示用 SmallUrl）；商家未设置图片时为 null',
  ),
  Unit: z.string(),
  Selection: selectionSchema,
  Quantity: z.number().int(),
  SpecText: z.string(),
  PriceMode: z.enum(PRICE_MODES),
  CatalogVersion: z.number().int().describe('成交时的商品目录版本'),
  AmountFen: z.number().int().describe('成交金额（分）'),
  UnitPriceFen: z.number().int(),
  WeightGrams: z.number().int(),
  ProductionDays: z.number().int(),
  SkuCode: z.string().nullable(),
  PriceLines: z.array(quoteLineSchema).describe('成交时的价格明细'),
  Remarks: z.string(),
  Files: z.array(orderFileSchema),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One recorded transition or note in an order's history. */
export const orderEventSchema = z.object({
  Id: z.number().int(),
  Action: z
    .string()
    .describe(
      'place、pay、approve、reject、resubmit、start_production、ship、complete、cancel、auto_cancel、append_files、append_remarks',
    ),
  ActionName: z.string().describe('中文名称'),
  FromStatus: z.number().int(),
  ToStatus: z.number().int(),
  ActorType: z.enum(['customer', 'staff', 'system', 'payment']),
  ActorName: z.string(),
  Note: z.string(),
  CreatedAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** An order as the customer's pages show it. */
export const orderSchema = z.object({
  Id: z.number().int(),
  OrderNo: z.string().describe('订单号'),
  Status: z.number().int().describe('订单状态（见 OrderStatus）'),
  StatusName: z.string(),
  ReviewState: z
    .enum(['pending', 'rejected', 'approved'])
    .describe('审稿：pending 待审、rejected 退回、approved 通过'),
  ReviewStateName: z.string(),
  RejectReason: z.string().describe('稿件退回的原因'),
  GoodsFen: z.number().int().describe('商品金额（分）'),
  ExpressFen: z.number().int().describe('运费（分）'),
  DiscountFen: z.number().int().describe('优惠券抵扣（分）'),
  TotalFen: z.number().int().describe('应付金额（分）= 商品 + 运费 − 优惠'),
  RefundFen: z.number().int().describe('已退款（分）'),
  WeightGrams: z.number().int(),
  CouponId: z.number().int().nullable(),
  CouponName: z.string(),
  Address: orderAddressSchema,
  ExpressCompanyId: z.number().int().nullable(),
  ExpressCompanyName: z.string(),
  TrackingNo: z.string().describe('快递单号（发货后）'),
  Remarks: z.string(),
  CancelReason: z.string(),
  PayMethod: z.string().describe('balance、wechat、alipay；未支付为空'),
  PayMethodName: z.string(),
  UnpaidExpiresAt: z.string().nullable().describe('待付款订单自动取消的时间'),
  PaidAt: z.string().nullable(),
  ProductionStartedAt: z.string().nullable(),
  ShippedAt: z.string().nullable(),
  CompletedAt: z.string().nullable(),
  CancelledAt: z.string().nullable(),
  CreatedAt: z.string(),
  Lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** An order with its history (detail pages). */
export const orderDetailSchema = orderSchema.extend({
  IsSelfPickup: z.boolean().describe('到店自提：发货无需快递单号，已发货即可到店自提'),
  Events: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const fileIdsSchema = z.array(idSchema('文件编号')).max(20, { error: '每个商品最多 20 个文件' });

/** Artwork for one line: server file ids from the customer's library (docs/uploads.md). */
export const lineFilesSchema = z.object({
  CartId: idSchema('购物车行编号'),
  FileIds: fileIdsSchema.describe('印刷文件编号'),
});

/** Shared fields of PreviewOrder and addorder. */
const checkoutFields = {
  CartIds: z
    .array(idSchema('购物车行编号'))
    .min(1, { error: '请选择要结算的商品' })
    .max(50, { error: '一次最多结算 50 个商品' })
    .describe('要结算的购物车行'),
  AddressId: idSchema('收货地址').nullish().describe('收货地址；到店自提可不传'),
  ExpressCompanyId: idSchema('快递公司'),
  CouponId: idSchema('优惠券').nullish().describe('优惠券编号（已领取的）'),
};

/** Longest remark one addorder or AppendOrderInfo carries, in characters. */
export const ORDER_REMARK_MAX_LENGTH = 500;

/**
 * Longest an order's remarks grow to with every AppendOrderInfo, in characters (code points);
 * an addition that would pass it is refused, never cut.
 */
export const ORDER_REMARKS_TOTAL_MAX_LENGTH = 2000;

/** POST /api/order/PreviewOrder — the totals addorder would charge now (nothing is stored). */
export const previewOrderBodySchema = z.object(checkoutFields);
export type PreviewOrderBody = z.infer<typeof previewOrderBodySchema>;

export const orderPreviewSchema = z.object({
  Lines: z.array(cartLineSchema).describe('按当前商品目录重新计价的行'),
  GoodsFen: z.number().int(),
  ExpressFen: z.number().int(),
  DiscountFen: z.number().int(),
  TotalFen: z.number().int(),
  WeightGrams: z.number().int(),
  CouponName: z.string(),
  Orders: z
    .array(
      z.object({
        Address: orderAddressSchema.describe('这个订单的收货地址（到店自提时为自提信息）'),
        AddressId: z.number().int().nullable().describe('地址簿中的地址编号；到店自提为空'),
        IsLineAddress: z.boolean().describe('地址来自商品行自带的收货地址（批量导入），而非结算时所选'),
        CartIds: z.array(z.number().int()).describe('进入这个订单的购物车行'),
        GoodsFen: z.number().int(),
        ExpressFen: z.number().int(),
        DiscountFen: z.number().int(),
        TotalFen: z.number().int(),
        WeightGrams: z.number().int(),
      }),
    )
    .describe('将生成的订单：每个收货地址一个（没有自带地址的行只有一个）'),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** POST /api/order/addorder — check out cart lines into one order (待付款). */
export const addOrderBodySchema = z.object({
  ...checkoutFields,
  Remarks: z
    .string()
    .trim()
    .max(ORDER_REMARK_MAX_LENGTH)
    .superRefine(refineSafeMultilineText)
    .default('')
    .describe('订单备注'),
  Files: z
    .array(lineFilesSchema)
    .max(50)
    .default([])
    .describe('各行的印刷文件；可以下单后再用 AppendOrderInfo 补传'),
  ExpectedTotalFen: z
    .number()
    .int()
    .nullish()
    .describe('页面显示的应付金额（分）；给出且与服务器计算不同时拒绝（-1603）'),
});
export type AddOrderBody = z.infer<typeof addOrderBodySchema>;

/**
 * addorder's reply: the (first) order placed, and every order this checkout placed — one per
 * delivery address when lines carry their own (docs/orders.md "Lines with their own address").
 */
export const placedOrderSchema = orderDetailSchema.extend({
  OrderIds: z
    .array(z.number().int())
    .describe('本次结算生成的全部订单编号（按收货地址拆单时多于一个；回复的订单详情是第一个）'),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const orderIdSchema = idSchema('订单编号');

/** POST /api/order/CustomerCancelOrder — the customer cancels an unpaid order. */
export const customerCancelOrderBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z.string().trim().max(200).superRefine(refineSafeMultilineText).default('').describe('取消原因'),
});
export type CustomerCancelOrderBody = z.infer<typeof customerCancelOrderBodySchema>;

/** POST /api/order/GetOrderStatus. */
export const orderIdBodySchema = z.object({ OrderId: orderIdSchema });
export type OrderIdBody = z.infer<typeof orderIdBodySchema>;

export const orderStatusReplySchema = z.object({
  OrderId: z.number().int(),
  OrderNo: z.string(),
  Status: z.number().int(),
  StatusName: z.string(),
  ReviewState: z.enum(['pending', 'rejected', 'approved']),
  RejectReason: z.string(),
  TotalFen: z.number().int(),
  PayMethod: z.string(),
  PaidAt: z.string().nullable(),
  ExpressCompanyName: z.string(),
  TrackingNo: z.string(),
  UnpaidExpiresAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type OrderStatusReply = z.infer<typeof orderStatusReplySchema>;

/** POST /api/order/AppendOrderInfo — more artwork (before production) or remarks. */
export const appendOrderInfoBodySchema = z
  .object({
    OrderId: orderIdSchema,
    Files: z
      .array(z.object({ LineId: idSchema('订单行编号'), FileIds: fileIdsSchema.min(1) }))
      .max(50)
      .default([])
      .describe('补传的印刷文件（待付款、待审稿时）'),
    Remarks: z
      .string()
      .trim()
      .max(ORDER_REMARK_MAX_LENGTH, { error: `追加的备注一次最多 ${ORDER_REMARK_MAX_LENGTH} 个字` })
      .superRefine(refineSafeMultilineText)
      .default('')
      .describe(
        `追加的备注（一次最多 ${ORDER_REMARK_MAX_LENGTH} 个字，订单备注合计最多 ${ORDER_REMARKS_TOTAL_MAX_LENGTH} 个字）`,
      ),
  })
  .refine((value) => value.Files.length > 0 || value.Remarks !== '', {
    message: '请上传文件或填写备注',
    path: ['Remarks'],
  });
export type AppendOrderInfoBody = z.infer<typeof appendOrderInfoBodySchema>;

/** POST /api/order/QueryOrders — the customer's orders by status tab, newest first. */
export const queryOrdersBodySchema = z.object({
  ...pagingFields(50),
  Status: z
    .union([orderStatusSchema, z.literal(0)])
    .default(0)
    .describe('状态页签：0 全部，1 待付款、2 待审稿、3 生产中、4 已发货、5 已完成、9 已取消'),
  Keyword: z.string().trim().max(64).default('').describe('订单号、商品名称或快递单号'),
  StartDate: dateSchema.nullish().describe('开始日期（YYYY-MM-DD，北京时间，含当天）'),
  EndDate: dateSchema.nullish().describe('结束日期（YYYY-MM-DD，北京时间，含当天）'),
});
export type QueryOrdersBody = z.infer<typeof queryOrdersBodySchema>;

/** Number of the customer's orders in each status (the tab badges). */
export const statusCountsSchema = z.object({
  Unpaid: z.number().int(),
  Reviewing: z.number().int(),
  Producing: z.number().int(),
  Shipped: z.number().int(),
  Completed: z.number().int(),
  Cancelled: z.number().int(),
});

export const orderPageSchema = z.object({
  List: z.array(orderSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({
    SumAmount: z.number().int().describe('符合条件订单的应付金额合计（分）'),
    StatusCounts: statusCountsSchema.describe('各状态订单数（不受状态页签筛选）'),
  }),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** POST /api/order/OrderDetail — by id or by order number. */
export const orderDetailBodySchema = z
  .object({
    OrderId: orderIdSchema.nullish(),
    OrderNo: z.string().trim().max(32).nullish().describe('订单号'),
  })
  .refine((value) => (value.OrderId ?? null) !== null || !!value.OrderNo, {
    message: '请指定订单编号或订单号',
    path: ['OrderId'],
  });
export type OrderDetailBody = z.infer<typeof orderDetailBodySchema>;

/** POST /api/order/Reorder — a past order's lines back into the cart at today's price. */
export const reorderBodySchema = z.object({ OrderId: orderIdSchema });
export type ReorderBody = z.infer<typeof reorderBodySchema>;

export const reorderResultSchema = z.object({
  Added: z.array(cartLineSchema).describe('已加入购物车的行（按今天的价格）'),
  Skipped: z
    .array(z.object({ ProductTitle: z.string(), Reason: z.string() }))
    .describe('今天无法再下单的行及原因（商品下架、规格不再可选…）'),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
