import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { couponsCalls } from '@inkstone/contracts';
import { COUPON_PAGE_SIZE } from '@inkstone/contracts';
import type { ReceivedCouponPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ReceivedCouponTab } from '../utils/coupon-tabs.ts';
import { RECEIVED_TAB_FILTERS } from '../utils/coupon-tabs.ts';

/** Which of the customer's coupons to list, and what to judge them against. */
export interface ReceiveListFilters {
  isUse?: boolean;
  isExpire?: boolean;
  /** The product the coupons are judged against; omitted when the order holds several. */
  productId?: number;
  /** The goods amount in fen. */
  paymentAmount?: number;
}

/** What checkout judges the coupons against. */
export interface CouponParams {
  /** The product the coupons are judged against; omitted when the order holds several. */
  productId?: number;
  /** The goods amount in fen. */
  paymentAmount: number;
}

/** POST /api/coupon/receive_list: the customer's coupons that match (spec §9 page size 1000). */
export function receiveList(filters: ReceiveListFilters): Promise<ReceivedCouponPage> {
  return api.call(couponsCalls.receive_list, {
    ...filters,
    pageindex: 1,
    limit: COUPON_PAGE_SIZE,
  });
}

/** The customer's coupons of one state (account → 优惠券). */
export function receiveListQuery(tab: ReceivedCouponTab) {
  return queryOptions({
    queryKey: queryKeys.coupons.received(tab),
    queryFn: () => receiveList(RECEIVED_TAB_FILTERS[tab]),
  });
}

export function useReceiveList(tab: ReceivedCouponTab) {
  return useQuery({ ...receiveListQuery(tab), placeholderData: keepPreviousData });
}

/** For checkout: the customer's unused, unexpired coupons, judged for this order. */
export function useCheckoutCoupons(params: CouponParams | null) {
  return useQuery({
    queryKey: queryKeys.coupons.forCheckout(params),
    queryFn: () => receiveList({ ...params!, isUse: false, isExpire: false }),
    enabled: params !== null,
    staleTime: 0,
  });
}
