import { useQuery } from '@tanstack/react-query';
import { calls } from '@inkstone/contracts';
import type { ReceivedCouponPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

export interface CouponParams {
  /** The product the coupons are judged against; omitted when the order holds several. */
  productId?: number;
  /** The goods amount in fen. */
  paymentAmount: number;
}

/** Spec §9: coupon lists are asked 1000 at a time. */
const COUPON_PAGE_SIZE = 1000;

/** POST /api/coupon/receive_list: the customer's unused, unexpired coupons, judged for this order. */
export function receiveList(params: CouponParams): Promise<ReceivedCouponPage> {
  return api.call(calls.coupons.receive_list, {
    ...params,
    isUse: false,
    isExpire: false,
    pageindex: 1,
    limit: COUPON_PAGE_SIZE,
  });
}

export function useCheckoutCoupons(params: CouponParams | null) {
  return useQuery({
    queryKey: ['coupons', 'checkout', params],
    queryFn: () => receiveList(params!),
    enabled: params !== null,
    staleTime: 0,
  });
}
