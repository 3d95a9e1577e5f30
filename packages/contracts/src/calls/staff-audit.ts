/**
 * The console's 员工 section (docs/console.md): the 操作日志 (staff QueryAuditLog) and the order
 * board's batch steps (BatchApproveArtwork, BatchStartProduction, BatchCompleteOrders).
 */
import { z } from 'zod';
import { idSchema, pagingFields } from './commerce-fields.ts';
import { dateSchema } from './orders.ts';

/** How a logged call ended: a change made (or a sign-in), or a refused sign-in. */
export const AUDIT_OUTCOMES = { done: '成功', refused: '被拒绝' } as const;
export type AuditOutcome = keyof typeof AUDIT_OUTCOMES;

/** POST /api/staff/QueryAuditLog — the merchant's 操作日志, newest first. */
export const queryAuditLogBodySchema = z.object({
  ...pagingFields(100),
  StaffId: idSchema('员工编号').nullish().describe('只看这位员工的操作'),
  Call: z
    .string({ error: '操作应为文字' })
    .trim()
    .max(64, { error: '操作最多 64 个字符' })
    .regex(/^[A-Za-z]*$/, { error: '操作应为接口名称，例如 ApproveArtwork' })
    .default('')
    .describe('只看这个接口（例如 ApproveArtwork）；空为全部'),
  Target: z
    .string({ error: '对象应为文字' })
    .trim()
    .max(64, { error: '对象最多 64 个字' })
    .default('')
    .describe('对象（订单号、客户、员工账号等）的一部分'),
  StartDate: dateSchema.nullish().describe('开始日期（YYYY-MM-DD，北京时间，含当天）'),
  EndDate: dateSchema.nullish().describe('结束日期（YYYY-MM-DD，北京时间，含当天）'),
});
export type QueryAuditLogBody = z.infer<typeof queryAuditLogBodySchema>;

/** One row of the 操作日志. */
export const auditEntrySchema = z.object({
  Id: z.number().int(),
  Time: z.string().describe('时间（ISO 8601）'),
  StaffId: z.number().int().nullable().describe('员工编号；登录失败且账号不存在时为 null'),
  StaffAccount: z.string().describe('当时的员工账号（登录失败时为所填账号）'),
  StaffName: z.string().describe('当时的员工姓名'),
  Call: z.string().describe('接口名称，例如 ApproveArtwork'),
  Label: z.string().describe('操作的中文名称'),
  Outcome: z.enum(['done', 'refused']).describe('done 成功；refused 登录被拒绝'),
  Message: z.string().describe('被拒绝时服务器的说明'),
  TargetType: z.string().describe('对象类型：order 订单、customer 客户、staff 员工、site 网站等；空为无'),
  TargetId: z.string().describe('对象编号'),
  TargetLabel: z.string().describe('对象名称，例如订单号'),
  Input: z.unknown().describe('请求内容（密码、密钥、令牌已替换为 ***）'),
  Before: z.unknown().nullable().describe('修改前（接口提供时）'),
  After: z.unknown().nullable().describe('修改后（接口提供时）'),
  Ip: z.string().describe('来源 IP'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  List: z.array(auditEntrySchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Calls: z
    .array(z.object({ Call: z.string(), Label: z.string() }))
    .describe('本商户日志中出现过的操作（筛选用）'),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The most orders one batch step takes (the board's page size is 20; a few pages). */
export const BATCH_ORDER_ACTION_MAX = 50;

/** POST /api/staff/BatchApproveArtwork, BatchStartProduction, BatchCompleteOrders. */
export const batchOrderActionBodySchema = z.object({
  OrderIds: z
    .array(idSchema('订单编号'), { error: '订单编号应为数组' })
    .min(1, { error: '请选择订单' })
    .max(BATCH_ORDER_ACTION_MAX, { error: `一次最多处理 ${BATCH_ORDER_ACTION_MAX} 个订单` })
    .describe('要处理的订单（本商户的订单；重复的只处理一次）'),
});
export type BatchOrderActionBody = z.infer<typeof batchOrderActionBodySchema>;

/** What a batch step did to each order, in the order they were sent. */
export const batchOrderActionResultSchema = z.object({
  Results: z.array(
    z.object({
      OrderId: z.number().int(),
      OrderNo: z.string().describe('订单号；订单不存在时为空'),
      Done: z.boolean(),
      Message: z.string().describe('成功时为空；否则为拒绝的原因（与单个操作的提示相同）'),
    }),
  ),
  DoneCount: z.number().int(),
  RefusedCount: z.number().int(),
});
export type BatchOrderActionResult = z.infer<typeof batchOrderActionResultSchema>;
