/** The calls of the server's staff module (apps/server/src/modules/staff). */
import { z } from 'zod';
import {
  adjustBalanceBodySchema,
  adjustBalanceResultSchema,
  gatewayRefundSchema,
  paymentGatewaySettingsSchema,
  refundToOriginalBodySchema,
  savePaymentGatewaySettingsBodySchema,
} from '../calls/payments.ts';
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import { PRINT_MEDIA_TYPE } from '../calls/print.ts';
import { XLSX_MEDIA_TYPE } from '../calls/excel.ts';
import {
  StaffRole,
  dashboardSchema,
  saveSiteSettingsBodySchema,
  saveStaffBodySchema,
  siteSettingsSchema,
  staffCancelBodySchema,
  staffCancelReplySchema,
  staffInfoSchema,
  staffListSchema,
  staffLoginBodySchema,
  staffOrderActionBodySchema,
  staffOrderDetailSchema,
  staffOrderIdBodySchema,
  staffOrderPageSchema,
  staffPrintOrdersBodySchema,
  staffExportOrdersBodySchema,
  staffQueryOrdersBodySchema,
  staffRejectBodySchema,
  staffShipBodySchema,
  staffTokenSchema,
} from '../calls/staff.ts';
import {
  setCustomerEnabledBodySchema,
  staffCustomerDetailBodySchema,
  staffCustomerDetailSchema,
  staffCustomerPageSchema,
  staffQueryCustomersBodySchema,
} from '../calls/staff-customers.ts';
import {
  saveSmsSettingsBodySchema,
  sendTestSmsBodySchema,
  sendTestSmsResultSchema,
  smsSettingsSchema,
} from '../calls/sms-settings.ts';

export const staffCalls = {
  Login: defineContract({
    method: 'POST',
    path: '/api/staff/Login',
    summary: '商家员工登录：返回员工令牌（放在请求头 stafftoken）',
    tags: ['staff'],
    auth: 'public',
    input: staffLoginBodySchema,
    output: staffTokenSchema,
    rateLimit: { group: 'login', perAccount: 'Account' },
    successMessage: '登录成功',
  }),
  Logout: defineContract({
    method: 'POST',
    path: '/api/staff/Logout',
    summary: '员工退出登录（令牌作废）（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: z.object({}),
  }),
  Info: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/Info',
    summary: '当前员工信息与角色（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: staffInfoSchema,
  }),
  QueryOrders: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/QueryOrders',
    summary: '商户全部订单：按状态、审稿状态、客户、关键字、日期分页（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffQueryOrdersBodySchema,
    output: staffOrderPageSchema,
  }),
  Dashboard: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/Dashboard',
    summary:
      '工作台：今天与昨天的订单数和付款金额（中国日）、各状态等待处理的订单数、最近 30 天每天的付款订单与金额、最近 30 天的热销商品；金额仅财务、管理员可见（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: dashboardSchema,
  }),
  OrderDetail: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/OrderDetail',
    summary: '订单详情（含客户、支付记录、订单记录、文件预检）（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffOrderIdBodySchema,
    output: staffOrderDetailSchema,
  }),
  PrintOrders: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/PrintOrders',
    summary:
      '打印订单（A4 HTML 页面）：订单（含图稿缩略图、规格与价格明细）或送货单（无价格），每个订单另起一页；失败时仍为 JSON 信封（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    rateLimit: { group: 'document' },
    input: staffPrintOrdersBodySchema,
    output: z.string().describe('HTML 页面'),
    htmlReply: { mediaType: PRINT_MEDIA_TYPE },
  }),
  ExportOrders: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/ExportOrders',
    summary:
      '导出订单（.xlsx 文件流，文件名见 Content-Disposition，X-Export-Rows 为数据行数）：按订单看板的筛选导出全部客户的订单，含客户；失败时仍为 JSON 信封。角色：财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffExportOrdersBodySchema,
    output: z.string().describe('xlsx 文件（二进制）'),
    fileReply: { mediaType: XLSX_MEDIA_TYPE },
    rateLimit: { group: 'export' },
  }),
  ApproveArtwork: defineContract({
    method: 'POST',
    path: '/api/staff/ApproveArtwork',
    summary: '审稿通过：待审稿 → 生产中（每个商品至少一个文件）。角色：审稿（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffOrderActionBodySchema,
    output: staffOrderDetailSchema,
    successMessage: '审稿通过',
  }),
  RejectArtwork: defineContract({
    method: 'POST',
    path: '/api/staff/RejectArtwork',
    summary: '稿件退回客户（附原因），客户补传文件后重新审稿。角色：审稿（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffRejectBodySchema,
    output: staffOrderDetailSchema,
    successMessage: '已退回',
  }),
  StartProduction: defineContract({
    method: 'POST',
    path: '/api/staff/StartProduction',
    summary: '记录开始生产（生产中，仅一次）。角色：生产（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffOrderActionBodySchema,
    output: staffOrderDetailSchema,
  }),
  ShipOrder: defineContract({
    method: 'POST',
    path: '/api/staff/ShipOrder',
    summary:
      '发货：生产中 → 已发货（快递单号，快递公司默认客户所选）。角色：发货（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffShipBodySchema,
    output: staffOrderDetailSchema,
    successMessage: '已发货',
  }),
  CompleteOrder: defineContract({
    method: 'POST',
    path: '/api/staff/CompleteOrder',
    summary: '完成：已发货 → 已完成。角色：发货（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffOrderActionBodySchema,
    output: staffOrderDetailSchema,
  }),
  CancelOrder: defineContract({
    method: 'POST',
    path: '/api/staff/CancelOrder',
    summary:
      '商家取消订单；已付款的订单全额退回客户余额（同一事务），经微信支付或支付宝付款的再原路退回（退款不成功则留在余额）。角色：财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffCancelBodySchema,
    output: staffCancelReplySchema,
    successMessage: '订单已取消',
  }),
  AdjustBalance: defineContract({
    method: 'POST',
    path: '/api/staff/AdjustBalance',
    summary: '调整客户余额（记入账单，扣减不能低于 0）。角色：财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: adjustBalanceBodySchema,
    output: adjustBalanceResultSchema,
  }),
  QueryCustomers: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/QueryCustomers',
    summary:
      '商户的客户：按手机号、账号或昵称搜索，分页，含注册时间、余额、订单数与消费合计。角色：客服、财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffQueryCustomersBodySchema,
    output: staffCustomerPageSchema,
  }),
  CustomerDetail: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/CustomerDetail',
    summary:
      '客户详情：资料、余额、账单（分页，最新在前）与最近的订单。角色：客服、财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: staffCustomerDetailBodySchema,
    output: staffCustomerDetailSchema,
  }),
  SetCustomerEnabled: defineContract({
    method: 'POST',
    path: '/api/staff/SetCustomerEnabled',
    summary:
      '停用或启用客户账号（须填原因）；停用后不能登录，已登录的会话立即失效。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: setCustomerEnabledBodySchema,
    output: staffCustomerDetailSchema.shape.Customer,
  }),
  QueryStaff: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/QueryStaff',
    summary: '员工列表。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: staffListSchema,
  }),
  SaveStaff: defineContract({
    method: 'POST',
    path: '/api/staff/SaveStaff',
    summary: '新建或修改员工（角色、密码、停用）。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: saveStaffBodySchema,
    output: staffInfoSchema,
  }),
  SiteSettings: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/SiteSettings',
    summary: '网站设置：名称、主题色、界面版本、联系方式与版本号（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: siteSettingsSchema,
  }),
  SaveSiteSettings: defineContract({
    method: 'POST',
    path: '/api/staff/SaveSiteSettings',
    summary:
      '保存网站设置；带回读取时的版本号，其间已被他人保存则拒绝。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: saveSiteSettingsBodySchema,
    output: siteSettingsSchema,
    successMessage: '网站设置已保存',
  }),
  UploadSiteLogo: defineContract({
    method: 'POST',
    path: '/api/staff/UploadSiteLogo',
    summary:
      '上传商户 Logo：multipart/form-data，图片放在 file（JPG、PNG 或 WebP，不超过 2 MB；不接受 SVG）；按比例缩到 480×160 以内存为 WebP，返回新的网站设置。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    multipart: true,
    input: emptyInputSchema,
    output: siteSettingsSchema,
    successMessage: 'Logo 已更新',
  }),
  RemoveSiteLogo: defineContract({
    method: 'POST',
    path: '/api/staff/RemoveSiteLogo',
    summary: '移除商户 Logo；返回新的网站设置。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: siteSettingsSchema,
    successMessage: 'Logo 已移除',
  }),
  PaymentGatewaySettings: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/PaymentGatewaySettings',
    summary:
      '收款设置：本商户的微信支付与支付宝账户（只返回是否已保存密钥，不返回密钥本身）。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: paymentGatewaySettingsSchema,
  }),
  SavePaymentGatewaySettings: defineContract({
    method: 'POST',
    path: '/api/staff/SavePaymentGatewaySettings',
    summary:
      '保存一个支付渠道的收款账户（密钥加密保存；留空的密钥保留原值）。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: savePaymentGatewaySettingsBodySchema,
    output: paymentGatewaySettingsSchema,
    successMessage: '收款设置已保存',
  }),
  RefundToOriginal: defineContract({
    method: 'POST',
    path: '/api/staff/RefundToOriginal',
    summary:
      '原路退款：从客户余额扣出，经微信支付或支付宝退回付款账户（不超过该支付单扫码所付）。角色：财务（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: refundToOriginalBodySchema,
    output: gatewayRefundSchema,
  }),
  SmsSettings: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/SmsSettings',
    summary:
      '短信设置：服务商、签名与各类短信的模板；密钥不返回，只说明是否已保存。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: smsSettingsSchema,
  }),
  SaveSmsSettings: defineContract({
    method: 'POST',
    path: '/api/staff/SaveSmsSettings',
    summary:
      '保存短信设置（阿里云短信或腾讯云短信，空为短信发件箱）；密钥加密保存，留空则保留原密钥。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: saveSmsSettingsBodySchema,
    output: smsSettingsSchema,
    successMessage: '短信设置已保存',
  }),
  SendTestSms: defineContract({
    method: 'POST',
    path: '/api/staff/SendTestSms',
    summary:
      '用当前短信设置给一个号码试发一条短信（示例验证码或示例运单），失败时说明服务商的错误。角色：管理员（商家后台：请求头 stafftoken）',
    tags: ['staff'],
    auth: 'staff',
    input: sendTestSmsBodySchema,
    output: sendTestSmsResultSchema,
    successMessage: '试发短信已发出',
  }),
};

/**
 * The roles a staff call needs besides a valid `stafftoken` (管理员 may make every call; an empty
 * list: any signed-in staff member). The server checks them on every call; the console reads the
 * same table to show a staff member only the menu items and buttons their roles allow.
 */
export const STAFF_CALL_ROLES = {
  Login: [],
  Logout: [],
  Info: [],
  QueryOrders: [],
  Dashboard: [],
  OrderDetail: [],
  PrintOrders: [],
  ExportOrders: [StaffRole.Finance],
  ApproveArtwork: [StaffRole.Reviewer],
  RejectArtwork: [StaffRole.Reviewer],
  StartProduction: [StaffRole.Production],
  ShipOrder: [StaffRole.Shipping],
  CompleteOrder: [StaffRole.Shipping],
  CancelOrder: [StaffRole.Finance],
  AdjustBalance: [StaffRole.Finance],
  QueryCustomers: [StaffRole.Service, StaffRole.Finance],
  CustomerDetail: [StaffRole.Service, StaffRole.Finance],
  SetCustomerEnabled: [StaffRole.Admin],
  QueryStaff: [StaffRole.Admin],
  SaveStaff: [StaffRole.Admin],
  SiteSettings: [],
  SaveSiteSettings: [StaffRole.Admin],
  UploadSiteLogo: [StaffRole.Admin],
  RemoveSiteLogo: [StaffRole.Admin],
  PaymentGatewaySettings: [StaffRole.Admin],
  SavePaymentGatewaySettings: [StaffRole.Admin],
  RefundToOriginal: [StaffRole.Finance],
  SmsSettings: [StaffRole.Admin],
  SaveSmsSettings: [StaffRole.Admin],
  SendTestSms: [StaffRole.Admin],
} as const satisfies Record<keyof typeof staffCalls, readonly StaffRole[]>;

/** A staff call's name, as in `staffCalls`. */
export type StaffCallName = keyof typeof staffCalls;

/**
 * True when a staff member with `roles` may make the call `name` (管理员 may make every call).
 * The server's own check (apps/server/src/modules/staff) is the one that counts.
 */
export function mayMakeStaffCall(roles: readonly StaffRole[], name: StaffCallName): boolean {
  const needed: readonly StaffRole[] = STAFF_CALL_ROLES[name];
  return (
    needed.length === 0 || roles.includes(StaffRole.Admin) || needed.some((role) => roles.includes(role))
  );
}
