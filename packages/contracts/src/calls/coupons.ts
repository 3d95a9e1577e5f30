/**
 * Coupons (spec §3 coupon, §7 Coupons, §9 page size 1000; docs/addresses-express-coupons.md).
 * Money is integer fen: `paymentAmount` is the order's payable amount in fen.
 */
import { z } from 'zod';
import { COUPON_PAGE_SIZE } from '../constants.ts';
import { INT32_MAX, flagSchema, pageIndexSchema, pagerSchema, recordIdSchema } from './commerce-fields.ts';

/** Largest payment a coupon list judges (fen): ¥100,000,000.00. */
export const MAX_COUPON_PAYMENT_FEN = 10_000_000_000;

/** A customer's coupon: 0 未使用, 1 已使用, 2 已过期 (unused and past its validity). */
export const CouponState = { Unused: 0, Used: 1, Expired: 2 } as const;
export type CouponState = (typeof CouponState)[keyof typeof CouponState];

/** Chinese names of the coupon states. */
export const COUPON_STATE_NAMES: Record<CouponState, string> = {
  [CouponState.Unused]: '未使用',
  [CouponState.Used]: '已使用',
  [CouponState.Expired]: '已过期',
};

/** A product id, or 0/null/absent for "no product" (the customer centre's lists). */
const productIdSchema = z
  .number({ error: '商品编号无效' })
  .int({ error: '商品编号无效' })
  .min(0, { error: '商品编号无效' })
  .max(INT32_MAX, { error: '商品编号无效' })
  .nullish()
  .describe('商品编号，判断每张券是否适用于该商品；0 或不传为不限商品');

const paymentAmountSchema = z
  .number({ error: '支付金额应为整数（分）' })
  .int({ error: '支付金额应为整数（分）' })
  .min(0, { error: '支付金额不能小于0' })
  .max(MAX_COUPON_PAYMENT_FEN, { error: '支付金额过大' })
  .nullish()
  .describe('支付金额（分），判断门槛并算出优惠；0 或不传为不判断门槛');

const limitSchema = z
  .number({ error: '每页条数应为整数' })
  .int({ error: '每页条数应为整数' })
  .min(1, { error: '每页条数不能小于1' })
  .max(COUPON_PAGE_SIZE, { error: `每页条数不能超过${COUPON_PAGE_SIZE}` })
  .default(COUPON_PAGE_SIZE)
  .describe(`每页条数，默认 ${COUPON_PAGE_SIZE}`);

const optionalFlag = (label: string) => flagSchema.nullish().describe(label);

/** POST /api/coupon/receive {id}: receive one coupon of the merchant. */
export const receiveCouponBodySchema = z.object({ id: recordIdSchema('优惠券编号') });
export type ReceiveCouponBody = z.output<typeof receiveCouponBodySchema>;

/** POST /api/coupon/receive_list: the customer's own coupons. */
export const receiveListBodySchema = z.object({
  productId: productIdSchema,
  isExpire: optionalFlag('是否已过期，true 只列已过期，false 只列未过期，不传为不限'),
  isUse: optionalFlag('是否已使用，true 只列已使用，false 只列未使用，不传为不限'),
  paymentAmount: paymentAmountSchema,
  pageindex: pageIndexSchema,
  limit: limitSchema,
});
export type ReceiveListBody = z.output<typeof receiveListBodySchema>;

/** POST /api/coupon/wait_receive_list: the merchant's coupons this customer can receive now. */
export const waitReceiveListBodySchema = z.object({
  productId: productIdSchema,
  paymentAmount: paymentAmountSchema,
  pageindex: pageIndexSchema,
  limit: limitSchema,
});
export type WaitReceiveListBody = z.output<typeof waitReceiveListBodySchema>;

/** What a coupon promises, and whether it fits the productId/paymentAmount of the request. */
const couponTermsFields = {
  CouponId: z.number().int().describe('优惠券编号（商户的券）'),
  Name: z.string().describe('名称，如 满200减20'),
  Description: z.string().describe('使用说明'),
  DiscountType: z.enum(['amount', 'percent']).describe('amount 满减（减固定金额），percent 折扣'),
  AmountOffFen: z.number().int().describe('满减券减去的金额（分）；折扣券为 0'),
  PayPercent: z.number().int().describe('折扣券支付的百分比（90 为 9 折）；满减券为 100'),
  MaxDiscountFen: z.number().int().nullable().describe('折扣券最多减去（分）；null 为不封顶'),
  ThresholdFen: z.number().int().describe('使用门槛（分）；0 为无门槛'),
  ScopeType: z.enum(['all', 'products', 'categories']).describe('适用范围：全部商品、指定商品、指定分类'),
  ScopeIds: z.array(z.number().int()).describe('指定的商品编号或分类编号'),
  DiscountText: z.string().describe('如 减20元、9折，最高减50元'),
  ThresholdText: z.string().describe('如 满200元可用、无门槛'),
  ScopeText: z.string().describe('如 全部商品可用、仅限名片卡片可用'),
  ValidStartTime: z.string().describe('可用开始时间（ISO 8601）'),
  ValidEndTime: z.string().describe('可用截止时间（ISO 8601，不含）'),
  ValidText: z.string().describe('有效期说明，如 2026-11-21 10:00 至 2026-12-31 23:59、领取后30天内有效'),
  IsApplicable: z.boolean().describe('按请求的 productId、paymentAmount 现在能否使用'),
  NotApplicableReason: z.string().describe('不能使用的原因（中文）；能使用时为空'),
  DiscountFen: z
    .number()
    .int()
    .nullable()
    .describe('按 paymentAmount 可减去的金额（分）；不能使用或金额未知时为 null'),
};

/** A coupon the customer holds (receive_list, and the reply of receive). */
export const receivedCouponSchema = z.object({
  Id: z.number().int().describe('客户优惠券编号（下单时传此编号）'),
  ...couponTermsFields,
  State: z.number().int().describe('0 未使用，1 已使用，2 已过期'),
  StateText: z.string().describe('未使用、已使用、已过期'),
  ReceiveTime: z.string().describe('领取时间（ISO 8601）'),
  UseTime: z.string().nullable().describe('使用时间（ISO 8601）'),
  UsedOrderId: z.number().int().nullable().describe('使用该券的订单编号'),
});
export type ReceivedCoupon = z.infer<typeof receivedCouponSchema>;

/** A coupon the customer can receive (wait_receive_list). */
export const receivableCouponSchema = z.object({
  Id: z.number().int().describe('优惠券编号（领取时传此编号）'),
  ...couponTermsFields,
  ValidDays: z.number().int().nullable().describe('领取后有效天数；null 为固定有效期'),
  ReceiveStartTime: z.string().describe('领取开始时间（ISO 8601）'),
  ReceiveEndTime: z.string().describe('领取截止时间（ISO 8601，不含）'),
  TotalStock: z.number().int().describe('发放总量'),
  RemainingStock: z.number().int().describe('剩余数量'),
  PerCustomerLimit: z.number().int().describe('每人限领张数'),
  ReceivedCount: z.number().int().describe('当前客户已领张数'),
});
export type ReceivableCoupon = z.infer<typeof receivableCouponSchema>;

/** receive_list: the pager with the counts of each state for the tabs. */
export const receivedCouponPageSchema = pagerSchema(receivedCouponSchema, {
  UnusedCount: z.number().int().describe('未使用张数'),
  UsedCount: z.number().int().describe('已使用张数'),
  ExpiredCount: z.number().int().describe('已过期张数'),
});
export type ReceivedCouponPage = z.infer<typeof receivedCouponPageSchema>;

/** wait_receive_list: the pager of coupons to receive. */
export const receivableCouponPageSchema = pagerSchema(receivableCouponSchema, {});
export type ReceivableCouponPage = z.infer<typeof receivableCouponPageSchema>;
