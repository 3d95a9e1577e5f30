import type { ReactNode } from 'react';
import type { ReceivableCoupon, ReceivedCoupon } from '@inkstone/contracts';

interface CouponCardProps {
  coupon: ReceivedCoupon | ReceivableCoupon;
  /** A used or expired coupon is drawn muted. */
  isMuted?: boolean;
  badge?: ReactNode;
  action?: ReactNode;
  /** Extra line under the terms (received time, stock). */
  note?: ReactNode;
}

/** One coupon: its discount, threshold, scope and validity as the server words them, and why it does not apply. */
export function CouponCard({ coupon, isMuted = false, badge, action, note }: CouponCardProps) {
  return (
    <li className={`ink-coupon${isMuted ? ' ink-coupon--muted' : ''}`}>
      <div className="ink-coupon__value">
        <strong className="ink-coupon__discount">{coupon.DiscountText}</strong>
        <span className="ink-coupon__threshold">{coupon.ThresholdText}</span>
      </div>
      <div className="ink-coupon__body">
        <div className="ink-coupon__title">
          <span className="ink-coupon__name">{coupon.Name}</span>
          {badge}
        </div>
        <div className="ink-coupon__scope">{coupon.ScopeText}</div>
        <div className="ink-coupon__valid">{coupon.ValidText}</div>
        {note && <div className="ink-coupon__note">{note}</div>}
        {!coupon.IsApplicable && coupon.NotApplicableReason && (
          <div className="ink-coupon__reason">{coupon.NotApplicableReason}</div>
        )}
      </div>
      {action && <div className="ink-coupon__action">{action}</div>}
    </li>
  );
}
