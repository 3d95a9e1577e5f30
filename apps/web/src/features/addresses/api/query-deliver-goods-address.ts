import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import { MAX_DELIVERY_ADDRESSES } from '@inkstone/contracts';
import type { DeliverGoodsAddressPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/cust/QueryDeliverGoodsAddress: all of the customer's addresses (at most 50, one page), default first. */
export function queryDeliverGoodsAddress(): Promise<DeliverGoodsAddressPage> {
  return api.call(addressesCalls.QueryDeliverGoodsAddress, {
    pageindex: 1,
    limit: MAX_DELIVERY_ADDRESSES,
  });
}

export function addressesQuery() {
  return queryOptions({
    queryKey: queryKeys.addresses.all,
    queryFn: queryDeliverGoodsAddress,
    staleTime: 30_000,
  });
}

export function useAddresses() {
  return useQuery(addressesQuery());
}
