/**
 * The console's 营销 section (staff calls QueryCoupons, SaveCoupon, SetCouponActive;
 * docs/addresses-express-coupons.md#coupons-in-the-console). Money is integer fen, times ISO 8601.
 */
import { z } from 'zod';
import { INT32_MAX } from './commerce-fields.ts';

/** Largest amount a coupon may take off or require (fen): ¥100,000.00. */
export const MAX_COUPON_TERM_FEN = 10_000_000;
/** Largest number of copies a coupon may issue. */
export const MAX_COUPON_STOCK = 1_000_000;
/** Most copies of one coupon a customer may hold. */
export const MAX_COUPON_PER_CUSTOMER = 100;
/** Longest `ValidDays` (领取后…天内有效). */
export const MAX_COUPON_VALID_DAYS = 3650;
/** Most products or categories one coupon may be limited to. */
export const MAX_COUPON_SCOPE_IDS = 200;

/** Where a coupon stands for receiving, as the console shows it. */
export const CouponStatus = {
  Active: 'active',
  NotStarted: 'not-started',
  SoldOut: 'sold-out',
  Ended: 'ended',
  Stopped: 'stopped',
} as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];

/** Chinese names of {@link CouponStatus}. */
export const COUPON_STATUS_NAMES: Record<CouponStatus, string> = {
  [CouponStatus.Active]: '领取中',
  [CouponStatus.NotStarted]: '未开始',
  [CouponStatus.SoldOut]: '已领完',
  [CouponStatus.Ended]: '已结束',
  [CouponStatus.Stopped]: '已停用',
};

/**
 * The fields of a coupon that decide what it is worth. Once a customer holds a copy they are
 * fixed (a received coupon's value never changes under its holder); 有效期结束 may then only move
 * later. Keys are the SaveCoupon fields, values the Chinese names used in messages.
 */
export const COUPON_FIXED_FIELDS = {
  DiscountType: '优惠类型',
  AmountOffFen: '减免金额',
  PayPercent: '折扣',
  MaxDiscountFen: '最高优惠',
  ThresholdFen: '使用门槛',
  ScopeType: '适用范围',
  ScopeIds: '适用商品或分类',
  ValidStartTime: '有效期开始时间',
  ValidDays: '领取后有效天数',
} as const;

const revisionSchema = z
  .number({ error: '请带上读取优惠券时的版本号' })
  .int({ error: '版本号无效' })
  .min(1, { error: '版本号无效' })
  .max(INT32_MAX, { error: '版本号无效' })
  .describe('版本号，读取时的版本号；其间已被他人保存则拒绝');

const couponIdSchema = z
  .number({ error: '请指定优惠券编号' })
  .int({ error: '优惠券编号无效' })
  .min(1, { error: '优惠券编号无效' })
  .max(INT32_MAX, { error: '优惠券编号无效' })
  .describe('优惠券编号');

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 time with its offset (`2026-12-01T00:00:00+08:00`), as epoch milliseconds. */
function timeSchema(label: string) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .refine((text) => ISO_TIME.test(text) && !Number.isNaN(Date.parse(text)), {
      error: `${label}格式无效，应为带时区的时间，如 2026-12-01T00:00:00+08:00`,
    })
    .transform((text) => Date.parse(text))
    .describe(`${label}（ISO 8601，带时区）`);
}

function fenSchema(label: string, min: number) {
  return z
    .number({ error: `请填写${label}（分）` })
    .int({ error: `${label}应为整数（分）` })
    .min(min, { error: min > 0 ? `${label}应大于0` : `${label}不能小于0` })
    .max(MAX_COUPON_TERM_FEN, { error: `${label}不能超过10万元` })
    .describe(`${label}（分）`);
}

/** POST /api/staff/QueryCoupons: every coupon of the merchant, newest first within the order. */
export const queryCouponsBodySchema = z.object({}).catchall(z.unknown());

/** A coupon as the console lists it: its terms, its receiving state and what became of it. */
export const staffCouponSchema = z.object({
  Id: z.number().int(),
  Code: z.string().describe('商户内代码'),
  Name: z.string(),
  Description: z.string(),
  DiscountType: z.enum(['amount', 'percent']).describe('amount 满减；percent 折扣'),
  AmountOffFen: z.number().int().describe('满减：减免金额（分）'),
  PayPercent: z.number().int().describe('折扣：实付百分比，90 为 9折'),
  MaxDiscountFen: z.number().int().nullable().describe('折扣：最高优惠（分）；null 为不封顶'),
  ThresholdFen: z.number().int().describe('使用门槛（分）；0 为无门槛'),
  ScopeType: z.enum(['all', 'products', 'categories']),
  ScopeIds: z.array(z.number().int()),
  DiscountText: z.string(),
  ThresholdText: z.string(),
  ScopeText: z.string(),
  ReceiveStartTime: z.string(),
  ReceiveEndTime: z.string(),
  ValidStartTime: z.string(),
  ValidEndTime: z.string(),
  ValidDays: z.number().int().nullable().describe('领取后有效天数；null 为按有效期'),
  PerCustomerLimit: z.number().int(),
  TotalStock: z.number().int().describe('发放总量'),
  RemainingStock: z.number().int().describe('剩余可领'),
  SortOrder: z.number().int(),
  IsActive: z.boolean().describe('false：已停用，不能再领取'),
  Status: z.enum(['active', 'not-started', 'sold-out', 'ended', 'stopped']),
  StatusText: z.string(),
  ReceivedCount: z.number().int().describe('已领取张数'),
  UsedCount: z.number().int().describe('已使用张数（订单取消后退回的不计）'),
  DiscountedFen: z.number().int().describe('已使用的券共优惠（分）'),
  Revision: z.number().int(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
});
export type StaffCoupon = z.infer<typeof staffCouponSchema>;

export const staffCouponListSchema = z.object({
  List: z.array(staffCouponSchema),
  ScopeOptions: z
    .object({
      Products: z.array(z.object({ Id: z.number().int(), Title: z.string(), CategoryId: z.number().int() })),
      Categories: z.array(z.object({ Id: z.number().int(), Title: z.string(), ParentId: z.number().int() })),
    })
    .describe('可选的适用商品与分类（商户当前的商品目录）'),
});
export type StaffCouponList = z.infer<typeof staffCouponListSchema>;

/**
 * POST /api/staff/SaveCoupon: a new coupon (no `Id`), or the coupon `Id` as read at `Revision`.
 * Every rule of the coupon engine (docs/addresses-express-coupons.md#rules-of-a-coupon).
 */
export const saveCouponBodySchema = z
  .object({
    Id: couponIdSchema.nullish().describe('优惠券编号；不传为新建'),
    Revision: revisionSchema.nullish(),
    Name: z
      .string({ error: '请填写优惠券名称' })
      .trim()
      .min(1, { error: '请填写优惠券名称' })
      .max(30, { error: '优惠券名称不能超过30个字' })
      .describe('优惠券名称'),
    Description: z
      .string({ error: '使用说明无效' })
      .trim()
      .max(200, { error: '使用说明不能超过200个字' })
      .default('')
      .describe('使用说明'),
    DiscountType: z
      .enum(['amount', 'percent'], { error: '优惠类型应为 满减 或 折扣' })
      .describe('优惠类型，amount 满减，percent 折扣'),
    AmountOffFen: fenSchema('减免金额', 0).default(0),
    PayPercent: z
      .number({ error: '请填写折扣' })
      .int({ error: '折扣应为整数百分比，如 90 为 9折' })
      .min(1, { error: '折扣应在 0.1折 到 9.9折 之间（1–99，90 为 9折）' })
      .max(100, { error: '折扣应在 0.1折 到 9.9折 之间（1–99，90 为 9折）' })
      .default(100)
      .describe('折扣，实付百分比，90 为 9折；满减券为 100'),
    MaxDiscountFen: fenSchema('最高优惠', 1).nullish(),
    ThresholdFen: fenSchema('使用门槛', 0).default(0),
    ScopeType: z
      .enum(['all', 'products', 'categories'], { error: '适用范围应为 全部商品、指定商品 或 指定分类' })
      .describe('适用范围，all 全部商品，products 指定商品，categories 指定分类'),
    ScopeIds: z
      .array(
        z
          .number({ error: '适用商品或分类的编号无效' })
          .int({ error: '适用商品或分类的编号无效' })
          .min(1, { error: '适用商品或分类的编号无效' })
          .describe('适用商品或分类的编号'),
        { error: '适用商品或分类无效' },
      )
      .max(MAX_COUPON_SCOPE_IDS, { error: `适用商品或分类最多${MAX_COUPON_SCOPE_IDS}个` })
      .default([])
      .describe('适用，指定商品或分类的编号'),
    ReceiveStartTime: timeSchema('领取开始时间'),
    ReceiveEndTime: timeSchema('领取结束时间'),
    ValidStartTime: timeSchema('有效期开始时间'),
    ValidEndTime: timeSchema('有效期结束时间'),
    ValidDays: z
      .number({ error: '领取后有效天数应为整数' })
      .int({ error: '领取后有效天数应为整数' })
      .min(1, { error: '领取后有效天数至少1天' })
      .max(MAX_COUPON_VALID_DAYS, { error: `领取后有效天数不能超过${MAX_COUPON_VALID_DAYS}天` })
      .nullish()
      .describe('领取后有效天数，不传为按有效期'),
    PerCustomerLimit: z
      .number({ error: '请填写每人限领张数' })
      .int({ error: '每人限领应为整数' })
      .min(1, { error: '每人限领至少1张' })
      .max(MAX_COUPON_PER_CUSTOMER, { error: `每人限领不能超过${MAX_COUPON_PER_CUSTOMER}张` })
      .describe('每人限领（张）'),
    TotalStock: z
      .number({ error: '请填写发放总量' })
      .int({ error: '发放总量应为整数' })
      .min(1, { error: '发放总量至少1张' })
      .max(MAX_COUPON_STOCK, { error: `发放总量不能超过${MAX_COUPON_STOCK}张` })
      .describe('发放总量（张）'),
    SortOrder: z
      .number({ error: '排序应为整数' })
      .int({ error: '排序应为整数' })
      .min(0, { error: '排序不能小于0' })
      .max(9999, { error: '排序不能超过9999' })
      .default(0)
      .describe('排序，小的在前'),
  })
  .superRefine((coupon, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (
      coupon.Id !== null &&
      coupon.Id !== undefined &&
      (coupon.Revision === null || coupon.Revision === undefined)
    ) {
      issue('Revision', '请带上读取优惠券时的版本号');
    }
    if (coupon.DiscountType === 'amount') {
      if (coupon.AmountOffFen < 1) issue('AmountOffFen', '减免金额应大于0');
      else if (coupon.ThresholdFen > 0 && coupon.AmountOffFen > coupon.ThresholdFen) {
        issue('AmountOffFen', '减免金额不能大于使用门槛');
      }
    } else if (coupon.PayPercent > 99) {
      issue('PayPercent', '折扣应在 0.1折 到 9.9折 之间（1–99，90 为 9折）');
    }
    if (coupon.ScopeType !== 'all' && coupon.ScopeIds.length === 0) {
      issue('ScopeIds', coupon.ScopeType === 'products' ? '请选择适用商品' : '请选择适用分类');
    }
    if (new Set(coupon.ScopeIds).size !== coupon.ScopeIds.length) issue('ScopeIds', '适用商品或分类有重复');
    if (coupon.ReceiveEndTime <= coupon.ReceiveStartTime)
      issue('ReceiveEndTime', '领取结束时间应晚于领取开始时间');
    if (coupon.ValidEndTime <= coupon.ValidStartTime)
      issue('ValidEndTime', '有效期结束时间应晚于有效期开始时间');
    if (coupon.ReceiveEndTime > coupon.ValidEndTime)
      issue('ReceiveEndTime', '领取结束时间不能晚于有效期结束时间');
  });
export type SaveCouponBody = z.output<typeof saveCouponBodySchema>;
export type SaveCouponInput = z.input<typeof saveCouponBodySchema>;

/** POST /api/staff/SetCouponActive: 停用 (no longer received) or 启用 again. */
export const setCouponActiveBodySchema = z.object({
  Id: couponIdSchema,
  Revision: revisionSchema,
  IsActive: z.boolean({ error: '请说明是否启用（true 启用，false 停用）' }).describe('是否启用'),
});
export type SetCouponActiveBody = z.infer<typeof setCouponActiveBodySchema>;
