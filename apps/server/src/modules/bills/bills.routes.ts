import type { FastifyInstance } from 'fastify';
import { billPageSchema, queryCustomerBillBodySchema } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { queryCustomerBill } from './bills.service.ts';

/** Spec §7 Orders QueryCustomerBill (docs/payments.md). */
export function registerBillRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/order/QueryCustomerBill',
    summary:
      '我的账单：订单支付（余额、扫码）、充值、退款、调整，按类型与日期分页；Attach.SumAmount 为合计（分）',
    tags: ['order'],
    auth: 'customer',
    input: queryCustomerBillBodySchema,
    output: billPageSchema,
    handle: async ({ request, input }) =>
      queryCustomerBill(
        context.db,
        { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id },
        input,
      ),
  });
}
