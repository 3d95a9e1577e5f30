import { Skeleton } from 'antd';
import type { ReceivedCoupon } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { ClaimableCoupons } from './claimable-coupons.tsx';

export interface CouponChoicesProps {
  isLoading: boolean;
  /** Applicable first (sortCoupons). */
  coupons: readonly ReceivedCoupon[];
  couponId: number | null;
  onChoose(couponId: number | null): void;
}

/** 优惠券: 不使用优惠券, then each coupon, the inapplicable ones disabled with the reason. */
export function CouponChoices({ isLoading, coupons, couponId, onChoose }: CouponChoicesProps) {
  return (
    <div className="ink-orders__card" role="group" aria-label="优惠券">
      <h2 className="ink-orders__card-title">优惠券</h2>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className="ink-orders__choices">
          <button
            type="button"
            className={`ink-orders__choice${couponId === null ? ' is-active' : ''}`}
            aria-pressed={couponId === null}
            onClick={() => onChoose(null)}
          >
            <span className="ink-orders__choice-head">不使用优惠券</span>
            <span className="ink-orders__muted">
              {coupons.some((coupon) => coupon.IsApplicable)
                ? `${coupons.filter((coupon) => coupon.IsApplicable).length} 张可用`
                : '暂无可用优惠券'}
            </span>
          </button>
          {coupons.map((coupon) => (
            <button
              key={coupon.Id}
              type="button"
              className={`ink-orders__choice${couponId === coupon.Id ? ' is-active' : ''}`}
              aria-pressed={couponId === coupon.Id}
              disabled={!coupon.IsApplicable}
              onClick={() => onChoose(coupon.Id)}
            >
              <span className="ink-orders__choice-head">
                <span>{coupon.Name}</span>
                <span>
                  {coupon.DiscountFen !== null ? `-${formatFen(coupon.DiscountFen)}` : coupon.DiscountText}
                </span>
              </span>
              <span className="ink-orders__muted">
                {coupon.ThresholdText} · {coupon.ScopeText}
              </span>
              {!coupon.IsApplicable && (
                <span className="ink-orders__muted" style={{ display: 'block', color: '#cf1322' }}>
                  不可用：{coupon.NotApplicableReason}
                </span>
              )}
            </button>
          ))}
        </div>
      )}
      <ClaimableCoupons />
    </div>
  );
}
