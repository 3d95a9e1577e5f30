import { Button } from 'antd';
import { useReceiveCoupon, useWaitReceiveList } from '../../account/index.ts';

/**
 * Coupons the customer has not claimed yet, offered at checkout with 领取: once claimed they join
 * the choices above (the received list is fetched again).
 */
export function ClaimableCoupons() {
  const claimable = useWaitReceiveList();
  const receive = useReceiveCoupon();
  const coupons = (claimable.data?.List ?? []).filter(
    (coupon) => coupon.RemainingStock > 0 && coupon.ReceivedCount < coupon.PerCustomerLimit,
  );
  if (coupons.length === 0) return null;
  return (
    <div className="ink-orders__claimable" role="group" aria-label="可领取的优惠券">
      <p className="ink-orders__muted">还有 {coupons.length} 张优惠券可领取，领取后即可选用：</p>
      <div className="ink-orders__choices">
        {coupons.map((coupon) => (
          <div key={coupon.Id} className="ink-orders__choice">
            <span className="ink-orders__choice-head">
              <span>{coupon.Name}</span>
              <span>{coupon.DiscountText}</span>
            </span>
            <span className="ink-orders__muted">
              {coupon.ThresholdText} · {coupon.ScopeText}
            </span>
            <Button
              size="small"
              loading={receive.isPending && receive.variables === coupon.Id}
              onClick={() => receive.mutate(coupon.Id)}
            >
              领取
            </Button>
          </div>
        ))}
      </div>
    </div>
  );
}
