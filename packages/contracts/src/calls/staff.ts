/** The merchant staff's calls (server module staff): sign-in and the back office. */
import { z } from 'zod';
import {
  idSchema,
  orderDetailSchema,
  orderIdSchema,
  orderSchema,
  queryOrdersBodySchema,
  statusCountsSchema,
} from './orders.ts';
import { refineSafeMultilineText, refineSafeText } from '../text-rules.ts';
import { PRINT_MAX_ORDERS } from './print.ts';
// ---------------------------------------------------------------------------------------------
// Merchant operations (staff): header `stafftoken`
// ---------------------------------------------------------------------------------------------

/** Request header carrying the staff token of the merchant's back office. */
export const STAFF_TOKEN_HEADER = 'stafftoken';

/**
 * Staff roles; 管理员 may do everything. 客服 (customer service) reads the merchant's orders to
 * answer customers and moves none of them.
 */
export const StaffRole = {
  Reviewer: 'review',
  Production: 'production',
  Shipping: 'shipping',
  Finance: 'finance',
  Service: 'service',
  Admin: 'admin',
} as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  review: '审稿',
  production: '生产',
  shipping: '发货',
  finance: '财务',
  service: '客服',
  admin: '管理员',
};
const staffRoleSchema = z.enum(['review', 'production', 'shipping', 'finance', 'service', 'admin']);

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
  Revision: z.number().int().describe('账号的版本号：修改（SaveStaff）时原样带回'),
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
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

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
  Customer: z
    .string()
    .trim()
    .max(64, { error: '客户最多 64 个字' })
    .default('')
    .describe('客户：账号、手机号或昵称的一部分'),
  Production: z
    .enum(['not_started', 'started'], { error: '生产筛选应为 not_started（待开始生产）或 started（已开始）' })
    .nullish()
    .describe('生产中的订单：not_started 待开始生产，started 已开始（StartProduction 之后）；省略为全部'),
});
export type StaffQueryOrdersBody = z.infer<typeof staffQueryOrdersBodySchema>;

/** POST /api/staff/ExportOrders — the board's filters without the pager: every matching order as .xlsx. */
export const staffExportOrdersBodySchema = staffQueryOrdersBodySchema.omit({ pageindex: true, limit: true });
export type StaffExportOrdersBody = z.infer<typeof staffExportOrdersBodySchema>;

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
  Note: z
    .string()
    .trim()
    .max(500)
    .superRefine(refineSafeMultilineText)
    .default('')
    .describe('备注（记入订单记录）'),
});
export type StaffOrderActionBody = z.infer<typeof staffOrderActionBodySchema>;

/** POST /api/staff/RejectArtwork — back to the customer with a reason. */
export const staffRejectBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z
    .string()
    .trim()
    .min(1, { error: '请填写退回原因' })
    .max(500)
    .superRefine(refineSafeMultilineText)
    .describe('退回原因（客户可见）'),
});
export type StaffRejectBody = z.infer<typeof staffRejectBodySchema>;

/** POST /api/staff/ShipOrder. */
export const staffShipBodySchema = z.object({
  OrderId: orderIdSchema,
  TrackingNo: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, { error: '快递单号只能包含字母、数字和连字符' })
    .default('')
    .describe('快递单号'),
  ExpressCompanyName: z
    .string()
    .trim()
    .max(50)
    .superRefine(refineSafeText)
    .nullish()
    .describe('实际承运的快递公司；省略为客户下单时所选'),
  Note: z.string().trim().max(500).superRefine(refineSafeMultilineText).default('').describe('备注'),
});
export type StaffShipBody = z.infer<typeof staffShipBodySchema>;

/** POST /api/staff/CancelOrder — cancel; a paid order is refunded to the customer's balance. */
export const staffCancelBodySchema = z.object({
  OrderId: orderIdSchema,
  Reason: z
    .string()
    .trim()
    .min(1, { error: '请填写取消原因' })
    .max(200)
    .superRefine(refineSafeMultilineText)
    .describe('取消原因（客户可见）'),
});
export type StaffCancelBody = z.infer<typeof staffCancelBodySchema>;

/**
 * Reply of POST /api/staff/CancelOrder: the order, and where its money went. A paid order's total
 * is credited to the balance in the cancel's transaction; when it was paid through 微信支付 or
 * 支付宝 it is then sent back there (out of the balance again), and a refund the gateway refuses
 * or cannot take stays in the balance.
 */
export const staffCancelReplySchema = staffOrderDetailSchema.extend({
  Refund: z
    .object({
      To: z
        .enum(['none', 'balance', 'wechat', 'alipay'])
        .describe('退款去向：none 未付款无需退款，balance 客户余额，wechat / alipay 原路退回'),
      AmountFen: z.number().int().describe('退款金额（分）'),
      RefundNo: z.string().describe('原路退款单号；退回余额时为空'),
      StatusName: z.string().describe('退款状态，例如 已退回余额、退款成功、退款处理中'),
      Note: z.string().describe('给员工看的说明（原路退款未成功时说明原因，款项留在客户余额）'),
    })
    .describe('取消后的退款'),
});
export type StaffCancelReply = z.infer<typeof staffCancelReplySchema>;

/** POST /api/staff/OrderDetail. */
export const staffOrderIdBodySchema = z.object({ OrderId: orderIdSchema });

/** What the console prints of orders: order sheets (with prices) or delivery notes (without). */
export const STAFF_PRINT_TYPES = ['order', 'delivery_note'] as const;

/** POST /api/staff/PrintOrders — the merchant's orders as one A4 HTML page, each order on a page of its own. */
export const staffPrintOrdersBodySchema = z.object({
  PrintType: z
    .enum(STAFF_PRINT_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? '请指定打印类型'
          : '打印类型无效，应为 order（订单）或 delivery_note（送货单）',
    })
    .describe('打印类型（order 订单、delivery_note 送货单）'),
  OrderIds: z
    .array(idSchema('订单编号'), { error: '订单编号应为数组' })
    .min(1, { error: '请选择要打印的订单' })
    .max(PRINT_MAX_ORDERS, { error: `一次最多打印 ${PRINT_MAX_ORDERS} 个订单` })
    .describe('要打印的订单（本商户的任何订单；每个订单另起一页）'),
});
export type StaffPrintOrdersBody = z.infer<typeof staffPrintOrdersBodySchema>;

/** POST /api/staff/SaveStaff — create or change a staff account (管理员). */
export const saveStaffBodySchema = z.object({
  Id: idSchema('员工编号').nullish().describe('省略为新建'),
  Account: z
    .string()
    .trim()
    .min(2, { error: '账号至少 2 个字符' })
    .max(32, { error: '账号最多 32 个字符' })
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: '账号只能包含字母、数字和 _ . @ -' })
    .describe('员工账号'),
  Name: z
    .string()
    .trim()
    .min(1, { error: '请填写姓名' })
    .max(32, { error: '姓名最多 32 个字' })
    .superRefine(refineSafeText)
    .describe('姓名'),
  Password: z
    .string()
    .min(8, { error: '密码至少 8 位' })
    .max(64, { error: '密码最多 64 位' })
    .nullish()
    .describe('新密码；修改时省略则不变'),
  Roles: z.array(staffRoleSchema).min(1, { error: '请至少选择一个角色' }).max(6).describe('角色'),
  IsActive: z.boolean().default(true),
  Revision: z
    .number({ error: '版本号无效' })
    .int({ error: '版本号无效' })
    .min(1, { error: '版本号无效' })
    .max(2_147_483_647, { error: '版本号无效' })
    .nullish()
    .describe('修改时：读取员工时的版本号，其间已被他人修改则拒绝；新建时省略'),
});
export type SaveStaffBody = z.infer<typeof saveStaffBodySchema>;

export const staffListSchema = z.object({ List: z.array(staffInfoSchema) });

// ---------------------------------------------------------------------------------------------
// Site settings (docs/site-settings.md): what the shop's site is called, its colour, interface
// version and contact details. Saved with the revision they were read at.

/** A one-line setting of at most `max` characters, named `label` in its messages. */
function settingText(label: string, max: number) {
  return z
    .string({ error: `${label}应为文字` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字` })
    .superRefine(refineSafeText);
}

export const siteSettingsFieldsSchema = z.object({
  Name: settingText('商户名称', 40)
    .min(1, { error: '请填写商户名称' })
    .describe('商户名称（页脚、支付页的收款方）'),
  WebSiteName: settingText('网站名称', 60).describe('网站名称（页面标题；空为商户名称）'),
  ThemePreference: z
    .number({ error: '主题色应为 1（绿色）或 2（红色）' })
    .int({ error: '主题色应为 1（绿色）或 2（红色）' })
    .min(1, { error: '主题色应为 1（绿色）或 2（红色）' })
    .max(2, { error: '主题色应为 1（绿色）或 2（红色）' })
    .describe('主题色：2 红色，1 绿色（spec §1）'),
  InterfaceVersion: z
    .number({ error: '界面版本应为 1–4' })
    .int({ error: '界面版本应为 1–4' })
    .min(1, { error: '界面版本应为 1–4' })
    .max(4, { error: '界面版本应为 1–4' })
    .describe('界面版本 1–4（spec §2）：网站只提供该版本的页面，其他版本的地址转到本版本的同一页面'),
  ServicePhone: settingText('客服电话', 30).describe('客服电话'),
  ServiceQQ: settingText('客服 QQ', 20).describe('客服 QQ'),
  Address: settingText('门店地址', 120).describe('门店地址（到店自提也用此地址）'),
  BusinessHours: settingText('营业时间', 60).describe('营业时间'),
  IcpNumber: settingText('ICP 备案号', 40).describe('ICP 备案号'),
  Notice: z
    .string({ error: '网站公告应为文字' })
    .trim()
    .max(200, { error: '网站公告最多 200 个字' })
    .superRefine(refineSafeMultilineText)
    .describe('网站公告'),
});

/** The largest logo file UploadSiteLogo accepts (2 MB). */
export const SITE_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The box the stored logo fits in, its proportions kept (never enlarged). */
export const SITE_LOGO_MAX_WIDTH_PX = 480;
export const SITE_LOGO_MAX_HEIGHT_PX = 160;

export const siteSettingsSchema = siteSettingsFieldsSchema.extend({
  LogoUrl: z
    .string()
    .nullable()
    .describe(
      '商户 Logo 的地址（本站 /api/site-logo/…，WebP）；未上传为 null。另由 UploadSiteLogo / RemoveSiteLogo 修改',
    ),
  Revision: z.number().int().describe('设置的版本号：保存时原样带回'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** POST /api/staff/SaveSiteSettings */
export const saveSiteSettingsBodySchema = siteSettingsFieldsSchema.extend({
  Revision: z
    .number({ error: '请带上读取设置时的版本号' })
    .int({ error: '版本号无效' })
    .min(1, { error: '版本号无效' })
    .max(2_147_483_647, { error: '版本号无效' })
    .describe('读取设置时的版本号；其间已被他人保存则拒绝'),
});
export type SaveSiteSettingsBody = z.infer<typeof saveSiteSettingsBodySchema>;

// ---------------------------------------------------------------------------------------------
// 工作台: the console's dashboard (staff Dashboard)
// ---------------------------------------------------------------------------------------------

/**
 * The roles that see money on the dashboard (revenue, each product's sales); 管理员 sees
 * everything. Every other role gets the counts only: the reply then has no money field at all.
 */
export const DASHBOARD_MONEY_ROLES: readonly StaffRole[] = [StaffRole.Finance];

/** Days of the dashboard's sales chart and top products: today and the 29 days before it. */
export const DASHBOARD_DAYS = 30;

/** How many products each top list holds. */
export const DASHBOARD_TOP_PRODUCTS = 5;

const fenSchema = (description: string) => z.number().int().describe(`${description}（分）`);

const dashboardDaySchema = z.object({
  Date: z.string().describe('中国日期 YYYY-MM-DD'),
  Orders: z.number().int().describe('当天下单的订单数（不含已取消）'),
  PaidOrders: z.number().int().describe('当天付款的订单数（不含已取消）'),
  RevenueFen: fenSchema('当天付款订单的实付金额合计').optional(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

const dashboardProductSchema = z.object({
  ProductId: z.number().int(),
  Title: z.string(),
  Unit: z.string().describe('数量单位'),
  Quantity: z.number().int().describe('已付款订单中的数量合计'),
  Orders: z.number().int().describe('含该商品的已付款订单数'),
  AmountFen: fenSchema('该商品的销售额（商品金额，不含运费与优惠）').optional(),
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

/** POST /api/staff/Dashboard — 工作台: today, the orders waiting per status, 30 days' sales. */
export const dashboardSchema = z.object({
  Today: dashboardDaySchema,
  Yesterday: dashboardDaySchema,
  Waiting: z
    .object({
      Unpaid: z.number().int().describe('待付款'),
      ReviewPending: z.number().int().describe('待审稿 · 待审核'),
      ReviewRejected: z.number().int().describe('待审稿 · 稿件退回'),
      ProductionNotStarted: z.number().int().describe('生产中 · 未开始'),
      ProductionStarted: z.number().int().describe('生产中 · 已开始'),
      Shipped: z.number().int().describe('已发货（待完成）'),
    })
    .describe('各状态等待处理的订单数（当前）'),
  Days: z.array(dashboardDaySchema).describe('最近 30 个中国日（含今天），由早到晚，每天都有'),
  TopByQuantity: z.array(dashboardProductSchema).describe('最近 30 天按数量的前 5 个商品'),
  TopByRevenue: z
    .array(dashboardProductSchema)
    .optional()
    .describe('最近 30 天按销售额的前 5 个商品（仅财务、管理员）'),
  ShowsMoney: z.boolean().describe('是否含金额（财务、管理员）'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
