/** The console's 客户 section (staff calls QueryCustomers, CustomerDetail, SetCustomerEnabled). */
import { z } from 'zod';
import { idSchema, pagingFields } from './commerce-fields.ts';
import { orderSchema } from './orders.ts';
import { billPageSchema } from './payments.ts';
import { refineSafeMultilineText } from '../text-rules.ts';

/** POST /api/staff/QueryCustomers — the merchant's customers, newest first. */
export const staffQueryCustomersBodySchema = z.object({
  ...pagingFields(100),
  Keyword: z
    .string()
    .trim()
    .max(64, { error: '搜索内容最多 64 个字' })
    .default('')
    .describe('手机号、账号或昵称的一部分'),
});
export type StaffQueryCustomersBody = z.infer<typeof staffQueryCustomersBodySchema>;

/** A customer as the console lists them. */
export const staffCustomerSchema = z.object({
  Id: z.number().int(),
  Account: z.string(),
  MobileNo: z.string(),
  NickName: z.string(),
  IsActive: z.boolean().describe('false：已停用，不能登录'),
  CreatedAt: z.string().describe('注册时间'),
  LastLoginAt: z.string().nullable().describe('上次登录'),
  BalanceFen: z.number().int().describe('余额（分）'),
  OrderCount: z.number().int().describe('订单数（全部状态）'),
  SpentFen: z.number().int().describe('消费合计（分）：已付款且未取消的订单'),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const staffCustomerPageSchema = z.object({
  List: z.array(staffCustomerSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
});
export type StaffCustomerPage = z.infer<typeof staffCustomerPageSchema>;

/** POST /api/staff/CustomerDetail — one customer; the pager is the ledger's. */
export const staffCustomerDetailBodySchema = z.object({
  CustomerId: idSchema('客户编号'),
  ...pagingFields(100),
});
export type StaffCustomerDetailBody = z.infer<typeof staffCustomerDetailBodySchema>;

/** The last 停用 / 启用 of the account, with its reason. */
export const customerStatusChangeSchema = z.object({
  Reason: z.string(),
  ChangedAt: z.string(),
  ChangedBy: z.string().describe('操作员工'),
});

export const staffCustomerDetailSchema = z.object({
  Customer: staffCustomerSchema.extend({
    StatusChange: customerStatusChangeSchema.nullable().describe('最近一次停用或启用；从未变更为 null'),
  }),
  Ledger: billPageSchema.describe('账单（余额流水），最新在前，按本请求的页码分页'),
  Orders: z.array(orderSchema).describe('最近的订单（最多 10 个）'),
});
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>;

/** POST /api/staff/SetCustomerEnabled — 停用 or 启用 an account, with the reason. */
export const setCustomerEnabledBodySchema = z.object({
  CustomerId: idSchema('客户编号'),
  Enabled: z.boolean().describe('true 启用、false 停用'),
  Reason: z
    .string()
    .trim()
    .min(1, { error: '请填写原因' })
    .max(200, { error: '原因最多 200 个字' })
    .superRefine(refineSafeMultilineText)
    .describe('原因（记入客户资料）'),
});
export type SetCustomerEnabledBody = z.infer<typeof setCustomerEnabledBodySchema>;
