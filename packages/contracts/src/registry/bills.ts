/** The calls of the server's bills module (apps/server/src/modules/bills). */
import { defineContract } from '../call-contract.ts';
import { billPageSchema, queryCustomerBillBodySchema } from '../calls/payments.ts';

export const billsCalls = {
  QueryCustomerBill: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/order/QueryCustomerBill',
    summary:
      '我的账单：订单支付（余额、扫码）、充值、退款、调整，按类型与日期分页；Attach.SumAmount 为合计（分）',
    tags: ['order'],
    auth: 'customer',
    input: queryCustomerBillBodySchema,
    output: billPageSchema,
  }),
};
