import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { couponsCalls as calls } from '@inkstone/contracts';
import { defineCall, customerScopeOf } from '../../plugins/call.ts';
import type { CatalogStore } from '../products/index.ts';
import { couponCatalogSource } from './coupon-catalog.ts';
import { listReceivableCouponsFor, listReceivedCoupons, receiveCoupon } from './coupons.service.ts';

/**
 * Spec §7 Coupons: receive, receive_list, wait_receive_list (signed-in customers). Category
 * scopes and scope names come from the products module's catalogue store when it is registered.
 */
export function registerCouponRoutes(
  app: FastifyInstance,
  context: ServerContext,
  catalogStore: CatalogStore,
): void {
  const catalogs = couponCatalogSource(() => catalogStore);

  defineCall(app, calls.receive, async ({ request, input }) =>
    receiveCoupon(context, catalogs, customerScopeOf(request), input.id),
  );

  defineCall(app, calls.receive_list, async ({ request, input }) =>
    listReceivedCoupons(context, catalogs, customerScopeOf(request), input),
  );

  defineCall(app, calls.wait_receive_list, async ({ request, input }) =>
    listReceivableCouponsFor(context, catalogs, customerScopeOf(request), input),
  );
}
