import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import { MAX_DELIVERY_ADDRESSES } from '@inkstone/contracts';
import type { DeliverGoodsAddressPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** Every cached read of the address book: invalidate after a change. */
export const ADDRESSES_KEY = ['addresses'] as const;

/** POST /api/cust/QueryDeliverGoodsAddress: all of the customer's addresses (at most 50, one page), default first. */
export function queryDeliverGoodsAddress(): Promise<DeliverGoodsAddressPage> {
  return api.call(addressesCalls.QueryDeliverGoodsAddress, {
    pageindex: 1,
    limit: MAX_DELIVERY_ADDRESSES,
  });
}

export function addressesQuery() {
  return queryOptions({ queryKey: ADDRESSES_KEY, queryFn: queryDeliverGoodsAddress, staleTime: 30_000 });
}

export function useAddresses() {
  return useQuery(addressesQuery());
}
