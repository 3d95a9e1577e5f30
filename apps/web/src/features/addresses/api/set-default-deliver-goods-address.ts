import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/cust/SetDefaultDeliverGoodsAddress {Id}: the address, now the default. */
export function setDefaultDeliverGoodsAddress(id: number): Promise<DeliverGoodsAddress> {
  return api.call(addressesCalls.SetDefaultDeliverGoodsAddress, { Id: id });
}

export function useSetDefaultDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDefaultDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
