import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  receiveCouponBodySchema,
  receiveListBodySchema,
  receivableCouponPageSchema,
  receivedCouponPageSchema,
  receivedCouponSchema,
  waitReceiveListBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { couponCatalogSource } from './coupon-catalog.ts';
import type { CouponOwner } from './coupons.repository.ts';
import { listReceivableCouponsFor, listReceivedCoupons, receiveCoupon } from './coupons.service.ts';

const TAGS = ['coupon'];

function ownerOf(request: FastifyRequest): CouponOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/**
 * Spec §7 Coupons: receive, receive_list, wait_receive_list (signed-in customers). Category
 * scopes and scope names come from the products module's catalogue store when it is registered.
 */
export function registerCouponRoutes(app: FastifyInstance, context: ServerContext): void {
  const catalogs = couponCatalogSource(() => (app.hasDecorator('catalogs') ? app.catalogs : null));

  defineCall(app, {
    method: 'POST',
    url: '/api/coupon/receive',
    summary: '领取优惠券；库存不会扣成负数，每人不超过限领张数',
    tags: TAGS,
    auth: 'customer',
    input: receiveCouponBodySchema,
    output: receivedCouponSchema,
    successMessage: '领取成功',
    handle: async ({ request, input }) => receiveCoupon(context, catalogs, ownerOf(request), input.id),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/coupon/receive_list',
    summary: '我的优惠券（可按是否使用、是否过期筛选），并判断对商品与金额是否可用',
    tags: TAGS,
    auth: 'customer',
    input: receiveListBodySchema,
    output: receivedCouponPageSchema,
    handle: async ({ request, input }) => listReceivedCoupons(context, catalogs, ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/coupon/wait_receive_list',
    summary: '可领取的优惠券，并判断对商品与金额是否可用',
    tags: TAGS,
    auth: 'customer',
    input: waitReceiveListBodySchema,
    output: receivableCouponPageSchema,
    handle: async ({ request, input }) =>
      listReceivableCouponsFor(context, catalogs, ownerOf(request), input),
  });
}
