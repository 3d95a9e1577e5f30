import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  STAFF_TOKEN_HEADER,
  StaffRole,
  adjustBalanceBodySchema,
  adjustBalanceResultSchema,
  saveStaffBodySchema,
  staffCancelBodySchema,
  staffInfoSchema,
  staffListSchema,
  staffLoginBodySchema,
  staffOrderActionBodySchema,
  staffOrderDetailSchema,
  staffOrderIdBodySchema,
  staffOrderPageSchema,
  staffQueryOrdersBodySchema,
  staffRejectBodySchema,
  staffShipBodySchema,
  staffTokenSchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineCall, emptyInputSchema, requireMerchant } from '../../plugins/call.ts';
import { StaffOrdersService } from './staff-orders.service.ts';
import { StaffService, hasRole, type StaffMember } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a back-office call (header `stafftoken`). */
    staff: StaffMember | null;
  }
}

const TAGS = ['staff'];
const HEADER_NOTE = '（商家后台：请求头 stafftoken）';

function requireStaff(request: FastifyRequest, roles: readonly StaffRole[] = []): StaffMember {
  const member = request.staff;
  if (!member) throw new AppError('StaffLoginRequired');
  if (roles.length > 0 && !hasRole(member, roles)) throw new AppError('StaffForbidden');
  return member;
}

/**
 * Merchant operations (docs/orders.md): the staff sign-in, and the back-office calls under
 * /api/staff/, which need the `stafftoken` header (checked before the body is) and a role.
 */
export function registerStaffRoutes(app: FastifyInstance, context: ServerContext): void {
  const staff = new StaffService({
    db: context.db,
    clock: context.clock,
    tokenTtlSeconds: context.config.STAFF_TOKEN_TTL_SECONDS,
  });
  const operations = new StaffOrdersService({ context, orders: () => app.orders });
  app.decorateRequest('staff', null);
  // Every call declared with auth 'staff', wherever it is registered, is checked before its body.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.auth !== 'staff') return;
    const merchant = requireMerchant(request);
    const header = request.headers[STAFF_TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    request.staff = await staff.authenticate(merchant.id, token);
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/staff/Login',
    summary: '商家员工登录：返回员工令牌（放在请求头 stafftoken）',
    tags: TAGS,
    auth: 'public',
    input: staffLoginBodySchema,
    output: staffTokenSchema,
    successMessage: '登录成功',
    handle: async ({ request, input }) => staff.login(requireMerchant(request), input),
  });

  void app.register(async (scope) => {
    const call = <In extends z.ZodType, Out extends z.ZodType>(definition: {
      name: string;
      summary: string;
      roles: readonly StaffRole[];
      input: In;
      output: Out;
      successMessage?: string;
      handle: (member: StaffMember, input: z.output<In>, request: FastifyRequest) => Promise<z.input<Out>>;
    }) =>
      defineCall(scope, {
        method: 'POST',
        url: `/api/staff/${definition.name}`,
        summary: `${definition.summary}${HEADER_NOTE}`,
        tags: TAGS,
        auth: 'staff',
        input: definition.input,
        output: definition.output,
        ...(definition.successMessage ? { successMessage: definition.successMessage } : {}),
        handle: async ({ request, input }) =>
          definition.handle(requireStaff(request, definition.roles), input, request),
      });

    call({
      name: 'Logout',
      summary: '员工退出登录（令牌作废）',
      roles: [],
      input: emptyInputSchema,
      output: z.object({}),
      handle: async (member) => {
        await staff.logout(member);
        return {};
      },
    });
    call({
      name: 'Info',
      summary: '当前员工信息与角色',
      roles: [],
      input: emptyInputSchema,
      output: staffInfoSchema,
      handle: async (member, _input, request) => staff.info(member, requireMerchant(request).code),
    });
    call({
      name: 'QueryOrders',
      summary: '商户全部订单：按状态、审稿状态、客户、关键字、日期分页',
      roles: [],
      input: staffQueryOrdersBodySchema,
      output: staffOrderPageSchema,
      handle: async (member, input) => operations.query(member, input),
    });
    call({
      name: 'OrderDetail',
      summary: '订单详情（含客户、支付记录、订单记录、文件预检）',
      roles: [],
      input: staffOrderIdBodySchema,
      output: staffOrderDetailSchema,
      handle: async (member, input) => operations.detail(member, input.OrderId),
    });
    call({
      name: 'ApproveArtwork',
      summary: '审稿通过：待审稿 → 生产中（每个商品至少一个文件）。角色：审稿',
      roles: [StaffRole.Reviewer],
      input: staffOrderActionBodySchema,
      output: staffOrderDetailSchema,
      successMessage: '审稿通过',
      handle: async (member, input) => operations.approve(member, input),
    });
    call({
      name: 'RejectArtwork',
      summary: '稿件退回客户（附原因），客户补传文件后重新审稿。角色：审稿',
      roles: [StaffRole.Reviewer],
      input: staffRejectBodySchema,
      output: staffOrderDetailSchema,
      successMessage: '已退回',
      handle: async (member, input) => operations.reject(member, input),
    });
    call({
      name: 'StartProduction',
      summary: '记录开始生产（生产中，仅一次）。角色：生产',
      roles: [StaffRole.Production],
      input: staffOrderActionBodySchema,
      output: staffOrderDetailSchema,
      handle: async (member, input) => operations.startProduction(member, input),
    });
    call({
      name: 'ShipOrder',
      summary: '发货：生产中 → 已发货（快递单号，快递公司默认客户所选）。角色：发货',
      roles: [StaffRole.Shipping],
      input: staffShipBodySchema,
      output: staffOrderDetailSchema,
      successMessage: '已发货',
      handle: async (member, input) => operations.ship(member, input),
    });
    call({
      name: 'CompleteOrder',
      summary: '完成：已发货 → 已完成。角色：发货',
      roles: [StaffRole.Shipping],
      input: staffOrderActionBodySchema,
      output: staffOrderDetailSchema,
      handle: async (member, input) => operations.complete(member, input),
    });
    call({
      name: 'CancelOrder',
      summary: '商家取消订单；已付款的订单全额退回客户余额（同一事务）。角色：财务',
      roles: [StaffRole.Finance],
      input: staffCancelBodySchema,
      output: staffOrderDetailSchema,
      successMessage: '订单已取消',
      handle: async (member, input) => operations.cancel(member, input),
    });
    call({
      name: 'AdjustBalance',
      summary: '调整客户余额（记入账单，扣减不能低于 0）。角色：财务',
      roles: [StaffRole.Finance],
      input: adjustBalanceBodySchema,
      output: adjustBalanceResultSchema,
      handle: async (member, input) => operations.adjustBalance(member, input),
    });
    call({
      name: 'QueryStaff',
      summary: '员工列表。角色：管理员',
      roles: [StaffRole.Admin],
      input: emptyInputSchema,
      output: staffListSchema,
      handle: async (_member, _input, request) => ({ List: await staff.list(requireMerchant(request)) }),
    });
    call({
      name: 'SaveStaff',
      summary: '新建或修改员工（角色、密码、停用）。角色：管理员',
      roles: [StaffRole.Admin],
      input: saveStaffBodySchema,
      output: staffInfoSchema,
      handle: async (member, input, request) => staff.save(requireMerchant(request), member, input),
    });
  });
}
