/** The calls of the server's coupons module (apps/server/src/modules/coupons). */
import { defineContract } from '../call-contract.ts';
import {
  receivableCouponPageSchema,
  receiveCouponBodySchema,
  receiveListBodySchema,
  receivedCouponPageSchema,
  receivedCouponSchema,
  waitReceiveListBodySchema,
} from '../calls/coupons.ts';

export const couponsCalls = {
  receive: defineContract({
    method: 'POST',
    path: '/api/coupon/receive',
    summary: '领取优惠券；库存不会扣成负数，每人不超过限领张数',
    tags: ['coupon'],
    auth: 'customer',
    input: receiveCouponBodySchema,
    output: receivedCouponSchema,
    successMessage: '领取成功',
  }),
  receive_list: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/coupon/receive_list',
    summary: '我的优惠券（可按是否使用、是否过期筛选），并判断对商品与金额是否可用',
    tags: ['coupon'],
    auth: 'customer',
    input: receiveListBodySchema,
    output: receivedCouponPageSchema,
  }),
  wait_receive_list: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/coupon/wait_receive_list',
    summary: '可领取的优惠券，并判断对商品与金额是否可用',
    tags: ['coupon'],
    auth: 'customer',
    input: waitReceiveListBodySchema,
    output: receivableCouponPageSchema,
  }),
};
