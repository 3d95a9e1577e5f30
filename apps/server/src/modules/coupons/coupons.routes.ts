import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { couponsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import type { CatalogStore } from '../products/index.ts';
import { couponCatalogSource } from './coupon-catalog.ts';
import type { CouponOwner } from './coupons.repository.ts';
import { listReceivableCouponsFor, listReceivedCoupons, receiveCoupon } from './coupons.service.ts';

function ownerOf(request: FastifyRequest): CouponOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

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
    receiveCoupon(context, catalogs, ownerOf(request), input.id),
  );

  defineCall(app, calls.receive_list, async ({ request, input }) =>
    listReceivedCoupons(context, catalogs, ownerOf(request), input),
  );

  defineCall(app, calls.wait_receive_list, async ({ request, input }) =>
    listReceivableCouponsFor(context, catalogs, ownerOf(request), input),
  );
}
