/**
 * Cart, orders and the merchant's order operations (spec §7 Orders; docs/orders.md). Money is
 * integer fen (`…Fen`), weights grams, times ISO 8601. Every price is the server's own: a cart
 * line is re-priced from the stored catalogue, an order keeps the price, choices and catalogue
 * version it was sold at.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants.ts';
import { PRICE_MODES, productSelectionFields, quoteLineSchema, selectionSchema } from './products.ts';
import { preflightReportSchema } from './uploads.ts';

const INT32_MAX = 2_147_483_647;

/** A positive database id with a Chinese message naming it. */
export function idSchema(label: string) {
  return z
    .number({ error: `请指定${label}` })
    .int({ error: `${label}无效` })
    .min(1, { error: `${label}无效` })
    .max(INT32_MAX, { error: `${label}无效` })
    .describe(label);
}

/** Page number and size of a spec §3 pager (spec §9: first page 1, default size 10). */
export function pagingFields(maxLimit = 100) {
  return {
    pageindex: z.number().int().min(1).max(INT32_MAX).default(FIRST_PAGE).describe('页码（从 1 开始）'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxLimit)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`每页条数（1–${maxLimit}）`),
  };
}

/** A calendar day in China time, `YYYY-MM-DD`; a period filter includes both ends. */
export const dateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: '日期格式应为 YYYY-MM-DD' })
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
  Remarks: z.string().trim().max(500).default('').describe('本行备注'),
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
  Remarks: z.string(),
  SourceOrderNo: z.string().nullable().describe('再来一单时的原订单号'),
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
  Remarks: z.string().trim().max(500).nullish().describe('新备注；省略则不变'),
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

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** The delivery address as it was at checkout (spec §3 address fields). */
export const orderAddressSchema = z.object({
  Contacts: z.string().describe('收货人'),
  PhoneNumber: z.string().describe('联系电话'),
  Province: z.string(),
  City: z.string(),
  Region: z.string(),
  Address: z.string().describe('详细地址'),
  Citys: z.array(z.string()).describe('省市区行政区划代码'),
  ProvinceCode: z.string().describe('省级行政区划代码（计算运费用）'),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

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
export const orderDetailSchema = orderSchema.extend({ Events: z.array(orderEventSchema) });
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
  AddressId: idSchema('收货地址'),
  ExpressCompanyId: idSchema('快递公司'),
  CouponId: idSchema('优惠券').nullish().describe('优惠券编号（已领取的）'),
};

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
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** POST /api/order/addorder — check out cart lines into one order (待付款). */
export const addOrderBodySchema = z.object({
  ...checkoutFields,
  Remarks: z.string().trim().max(500).default('').describe('订单备注'),
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

const orderIdSchema = idSchema('订单编号');

/** POST /api/order/CustomerCancelOrder — the customer cancels an unpaid order. */
export const customerCancelOrderBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z.string().trim().max(200).default('').describe('取消原因'),
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
    Remarks: z.string().trim().max(500).default('').describe('追加的备注'),
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
  StartDate: dateSchema.nullish(),
  EndDate: dateSchema.nullish(),
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

// ---------------------------------------------------------------------------------------------
// Merchant operations (staff): header `stafftoken`
// ---------------------------------------------------------------------------------------------

/** Request header carrying the staff token of the merchant's back office. */
export const STAFF_TOKEN_HEADER = 'stafftoken';

/** Staff roles; 管理员 may do everything. */
export const StaffRole = {
  Reviewer: 'review',
  Production: 'production',
  Shipping: 'shipping',
  Finance: 'finance',
  Admin: 'admin',
} as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  review: '审稿',
  production: '生产',
  shipping: '发货',
  finance: '财务',
  admin: '管理员',
};
const staffRoleSchema = z.enum(['review', 'production', 'shipping', 'finance', 'admin']);

/** POST /api/staff/Login. */
export const staffLoginBodySchema = z.object({
  Account: z.string().trim().min(1, { error: '请输入账号' }).max(64).describe('员工账号'),
  Password: z.string().min(1, { error: '请输入密码' }).max(64).describe('密码'),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const staffInfoSchema = z.object({
  Id: z.number().int(),
  Account: z.string(),
  Name: z.string(),
  Roles: z.array(staffRoleSchema),
  RoleNames: z.array(z.string()),
  IsActive: z.boolean(),
  CompanyCode: z.string(),
  LastLoginTime: z.string().nullable(),
});
export type StaffInfo = z.infer<typeof staffInfoSchema>;

export const staffTokenSchema = z.object({
  StaffToken: z.string().describe('员工令牌，放在请求头 stafftoken'),
  ExpiresAt: z.string(),
  Staff: staffInfoSchema,
});
export type StaffToken = z.infer<typeof staffTokenSchema>;

/** The customer of an order, as staff see it. */
export const orderCustomerSchema = z.object({
  Id: z.number().int(),
  Account: z.string(),
  MobileNo: z.string(),
  NickName: z.string(),
});

export const staffOrderSchema = orderSchema.extend({ Customer: orderCustomerSchema });
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderDetailSchema = orderDetailSchema.extend({
  Customer: orderCustomerSchema,
  Payments: z.array(
    z.object({
      PaymentNo: z.string(),
      Status: z.string(),
      PayMethod: z.string(),
      AmountFen: z.number().int(),
      PaidAt: z.string().nullable(),
      Outcome: z.string().describe('applied 用于本单、refunded 已退回余额、空为未结'),
    }),
  ),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

/** POST /api/staff/QueryOrders — the merchant's orders (all customers). */
export const staffQueryOrdersBodySchema = queryOrdersBodySchema.extend({
  ReviewState: z.enum(['pending', 'rejected', 'approved']).nullish().describe('审稿状态筛选'),
  CustomerId: idSchema('客户编号').nullish(),
});
export type StaffQueryOrdersBody = z.infer<typeof staffQueryOrdersBodySchema>;

export const staffOrderPageSchema = z.object({
  List: z.array(staffOrderSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({ SumAmount: z.number().int(), StatusCounts: statusCountsSchema }),
});
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;

/** Body of an operation on one order with an optional note. */
export const staffOrderActionBodySchema = z.object({
  OrderId: orderIdSchema,
  Note: z.string().trim().max(500).default('').describe('备注（记入订单记录）'),
});
export type StaffOrderActionBody = z.infer<typeof staffOrderActionBodySchema>;

/** POST /api/staff/RejectArtwork — back to the customer with a reason. */
export const staffRejectBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z.string().trim().min(1, { error: '请填写退回原因' }).max(500).describe('退回原因（客户可见）'),
});
export type StaffRejectBody = z.infer<typeof staffRejectBodySchema>;

/** POST /api/staff/ShipOrder. */
export const staffShipBodySchema = z.object({
  OrderId: orderIdSchema,
  TrackingNo: z
    .string()
    .trim()
    .min(1, { error: '请填写快递单号' })
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, { error: '快递单号只能包含字母、数字和连字符' })
    .describe('快递单号'),
  ExpressCompanyName: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .describe('实际承运的快递公司；省略为客户下单时所选'),
  Note: z.string().trim().max(500).default(''),
});
export type StaffShipBody = z.infer<typeof staffShipBodySchema>;

/** POST /api/staff/CancelOrder — cancel; a paid order is refunded to the customer's balance. */
export const staffCancelBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z.string().trim().min(1, { error: '请填写取消原因' }).max(200).describe('取消原因（客户可见）'),
});
export type StaffCancelBody = z.infer<typeof staffCancelBodySchema>;

/** POST /api/staff/OrderDetail. */
export const staffOrderIdBodySchema = z.object({ OrderId: orderIdSchema });

/** POST /api/staff/SaveStaff — create or change a staff account (管理员). */
export const saveStaffBodySchema = z.object({
  Id: idSchema('员工编号').nullish().describe('省略为新建'),
  Account: z
    .string()
    .trim()
    .min(2)
    .max(32)
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: '账号只能包含字母、数字和 _ . @ -' })
    .describe('员工账号'),
  Name: z.string().trim().min(1).max(32).describe('姓名'),
  Password: z
    .string()
    .min(8, { error: '密码至少 8 位' })
    .max(64)
    .nullish()
    .describe('新密码；修改时省略则不变'),
  Roles: z.array(staffRoleSchema).min(1, { error: '请至少选择一个角色' }).max(5).describe('角色'),
  IsActive: z.boolean().default(true),
});
export type SaveStaffBody = z.infer<typeof saveStaffBodySchema>;

export const staffListSchema = z.object({ List: z.array(staffInfoSchema) });
