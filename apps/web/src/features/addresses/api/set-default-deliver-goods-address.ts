import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { ADDRESSES_KEY } from './query-deliver-goods-address.ts';

/** POST /api/cust/SetDefaultDeliverGoodsAddress {Id}: the address, now the default. */
export function setDefaultDeliverGoodsAddress(id: number): Promise<DeliverGoodsAddress> {
  return api.call(addressesCalls.SetDefaultDeliverGoodsAddress, { Id: id });
}

export function useSetDefaultDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDefaultDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
