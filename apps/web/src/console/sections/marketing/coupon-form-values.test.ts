import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { saveCouponBodySchema, type StaffCoupon } from '@inkstone/contracts';
import {
  couponToValues,
  newCouponValues,
  valuesToBody,
  yuanToFen,
  zheToPayPercent,
} from './coupon-form-values.ts';

const NOW = dayjs('2026-11-26T10:15:30+08:00');

describe('the coupon form', () => {
  it('turns yuan into whole fen and 折 into the percentage paid, exactly', () => {
    expect(yuanToFen(0.1)).toBe(10);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(1234.56)).toBe(123456);
    expect(yuanToFen(null)).toBeNull();
    expect(zheToPayPercent(9)).toBe(90);
    expect(zheToPayPercent(8.5)).toBe(85);
    expect(zheToPayPercent(0.1)).toBe(1);
  });

  it('starts a new coupon as one the server accepts once named and priced', () => {
    const values = { ...newCouponValues(NOW), Name: '满100减10', AmountOffYuan: 10, ThresholdYuan: 100 };
    const body = saveCouponBodySchema.parse(valuesToBody(values, null));
    expect(body).toMatchObject({
      AmountOffFen: 1000,
      ThresholdFen: 10_000,
      PayPercent: 100,
      TotalStock: 100,
    });
    expect(body.ValidEndTime - body.ValidStartTime).toBe(30 * 86_400_000);
    expect(body.Id).toBeUndefined();
  });

  it('sends a percent coupon with its cap, scope and the revision it was read at', () => {
    const read = {
      Id: 7,
      Revision: 3,
      Name: '名片8.5折',
      Description: '',
      DiscountType: 'percent',
      AmountOffFen: 0,
      PayPercent: 85,
      MaxDiscountFen: 3000,
      ThresholdFen: 5000,
      ScopeType: 'categories',
      ScopeIds: [100],
      ReceiveStartTime: '2026-11-26T00:00:00.000Z',
      ReceiveEndTime: '2026-12-26T00:00:00.000Z',
      ValidStartTime: '2026-11-26T00:00:00.000Z',
      ValidEndTime: '2027-01-26T00:00:00.000Z',
      ValidDays: 15,
      PerCustomerLimit: 2,
      TotalStock: 300,
      SortOrder: 10,
    } as StaffCoupon;
    const body = saveCouponBodySchema.parse(valuesToBody(couponToValues(read), read));
    expect(body).toMatchObject({
      Id: 7,
      Revision: 3,
      PayPercent: 85,
      MaxDiscountFen: 3000,
      ThresholdFen: 5000,
      ScopeIds: [100],
      ValidDays: 15,
      ReceiveStartTime: Date.parse(read.ReceiveStartTime),
      ValidEndTime: Date.parse(read.ValidEndTime),
    });
  });
});
