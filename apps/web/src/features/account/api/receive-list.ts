import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@inkstone/contracts';
import { COUPON_PAGE_SIZE } from '@inkstone/contracts';
import type { ReceivedCouponPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import type { ReceivedCouponTab } from '../utils/coupon-tabs.ts';
import { RECEIVED_TAB_FILTERS } from '../utils/coupon-tabs.ts';

export const COUPONS_KEY = ['account', 'coupons'] as const;

/** POST /api/coupon/receive_list: the customer's coupons of one state (spec §9 page size 1000). */
export function receiveList(tab: ReceivedCouponTab): Promise<ReceivedCouponPage> {
  return api.call(calls.coupons.receive_list, {
    ...RECEIVED_TAB_FILTERS[tab],
    pageindex: 1,
    limit: COUPON_PAGE_SIZE,
  });
}

export function receiveListQuery(tab: ReceivedCouponTab) {
  return queryOptions({ queryKey: [...COUPONS_KEY, 'received', tab], queryFn: () => receiveList(tab) });
}

export function useReceiveList(tab: ReceivedCouponTab) {
  return useQuery({ ...receiveListQuery(tab), placeholderData: keepPreviousData });
}
