import dayjs, { type Dayjs } from 'dayjs';
import type { SaveCouponInput, StaffCoupon } from '@inkstone/contracts';

/** What the coupon form holds: money in yuan, the discount in 折, the windows as date ranges. */
export interface CouponFormValues {
  Name: string;
  Description: string;
  DiscountType: 'amount' | 'percent';
  AmountOffYuan: number | null;
  /** 9 = 9折, 8.5 = 8.5折. */
  Zhe: number | null;
  MaxDiscountYuan: number | null;
  ThresholdYuan: number | null;
  ScopeType: 'all' | 'products' | 'categories';
  ScopeIds: number[];
  ReceiveWindow: [Dayjs, Dayjs] | null;
  ValidWindow: [Dayjs, Dayjs] | null;
  /** 领取后…天内有效; null = the validity window. */
  ValidDays: number | null;
  PerCustomerLimit: number | null;
  TotalStock: number | null;
  SortOrder: number | null;
}

/** Yuan as typed (two decimals at most) to integer fen; empty stays empty. */
export function yuanToFen(yuan: number | null | undefined): number | null {
  return yuan === null || yuan === undefined ? null : Math.round(yuan * 100);
}

/** Fen to yuan for an input. */
export function fenToYuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fen / 100;
}

/** 9折 → 90, 8.5折 → 85: the percentage paid. */
export function zheToPayPercent(zhe: number | null | undefined): number | null {
  return zhe === null || zhe === undefined ? null : Math.round(zhe * 10);
}

/** A new coupon's form: 满减, no threshold, all products, receivable and valid for 30 days from `now`. */
export function newCouponValues(now: Dayjs): CouponFormValues {
  const start = now.startOf('minute');
  const end = start.add(30, 'day');
  return {
    Name: '',
    Description: '',
    DiscountType: 'amount',
    AmountOffYuan: null,
    Zhe: 9,
    MaxDiscountYuan: null,
    ThresholdYuan: 0,
    ScopeType: 'all',
    ScopeIds: [],
    ReceiveWindow: [start, end],
    ValidWindow: [start, end],
    ValidDays: null,
    PerCustomerLimit: 1,
    TotalStock: 100,
    SortOrder: 0,
  };
}

/** The form of a coupon as read. */
export function couponToValues(coupon: StaffCoupon): CouponFormValues {
  return {
    Name: coupon.Name,
    Description: coupon.Description,
    DiscountType: coupon.DiscountType,
    AmountOffYuan: coupon.DiscountType === 'amount' ? fenToYuan(coupon.AmountOffFen) : null,
    Zhe: coupon.DiscountType === 'percent' ? coupon.PayPercent / 10 : 9,
    MaxDiscountYuan: fenToYuan(coupon.MaxDiscountFen),
    ThresholdYuan: fenToYuan(coupon.ThresholdFen),
    ScopeType: coupon.ScopeType,
    ScopeIds: coupon.ScopeIds,
    ReceiveWindow: [dayjs(coupon.ReceiveStartTime), dayjs(coupon.ReceiveEndTime)],
    ValidWindow: [dayjs(coupon.ValidStartTime), dayjs(coupon.ValidEndTime)],
    ValidDays: coupon.ValidDays,
    PerCustomerLimit: coupon.PerCustomerLimit,
    TotalStock: coupon.TotalStock,
    SortOrder: coupon.SortOrder,
  };
}

/**
 * The SaveCoupon body of the form (the server checks every rule again and names the field it
 * refuses). `editing` is the coupon as read, whose id and revision the save names.
 */
export function valuesToBody(values: CouponFormValues, editing: StaffCoupon | null): SaveCouponInput {
  const isPercent = values.DiscountType === 'percent';
  return {
    ...(editing ? { Id: editing.Id, Revision: editing.Revision } : {}),
    Name: values.Name,
    Description: values.Description ?? '',
    DiscountType: values.DiscountType,
    AmountOffFen: isPercent ? 0 : (yuanToFen(values.AmountOffYuan) ?? 0),
    PayPercent: isPercent ? (zheToPayPercent(values.Zhe) ?? 100) : 100,
    MaxDiscountFen: isPercent ? yuanToFen(values.MaxDiscountYuan) : null,
    ThresholdFen: yuanToFen(values.ThresholdYuan) ?? 0,
    ScopeType: values.ScopeType,
    ScopeIds: values.ScopeType === 'all' ? [] : values.ScopeIds,
    ReceiveStartTime: values.ReceiveWindow?.[0].toISOString() ?? '',
    ReceiveEndTime: values.ReceiveWindow?.[1].toISOString() ?? '',
    ValidStartTime: values.ValidWindow?.[0].toISOString() ?? '',
    ValidEndTime: values.ValidWindow?.[1].toISOString() ?? '',
    ValidDays: values.ValidDays ?? null,
    PerCustomerLimit: values.PerCustomerLimit ?? 0,
    TotalStock: values.TotalStock ?? 0,
    SortOrder: values.SortOrder ?? 0,
  };
}
