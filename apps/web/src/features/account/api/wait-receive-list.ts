import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponsCalls } from '@inkstone/contracts';
import { COUPON_PAGE_SIZE } from '@inkstone/contracts';
import type { ReceivableCouponPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/coupon/wait_receive_list: the merchant's coupons this customer can receive now. */
export function waitReceiveList(): Promise<ReceivableCouponPage> {
  return api.call(couponsCalls.wait_receive_list, {
    pageindex: 1,
    limit: COUPON_PAGE_SIZE,
  });
}

export function waitReceiveListQuery() {
  return queryOptions({ queryKey: queryKeys.coupons.toReceive, queryFn: waitReceiveList });
}

export function useWaitReceiveList() {
  return useQuery(waitReceiveListQuery());
}
