import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponsCalls } from '@inkstone/contracts';
import type { ReceivedCoupon } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/coupon/receive {id}: the received copy. */
export function receiveCoupon(id: number): Promise<ReceivedCoupon> {
  return api.call(couponsCalls.receive, { id });
}

export function useReceiveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: receiveCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
}
