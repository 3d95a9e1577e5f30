import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { billsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { queryCustomerBill } from './bills.service.ts';

/** Spec §7 Orders QueryCustomerBill (docs/payments.md). */
export function registerBillRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.QueryCustomerBill, async ({ request, input }) =>
    queryCustomerBill(
      context.db,
      { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id },
      input,
    ),
  );
}
