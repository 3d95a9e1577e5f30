import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { AddressBody } from '../utils/address-form.ts';

/** POST /api/cust/UpdateDeliverGoodsAddress: every field again, with the address's Id. */
export function updateDeliverGoodsAddress(body: AddressBody & { Id: number }): Promise<DeliverGoodsAddress> {
  return api.call(addressesCalls.UpdateDeliverGoodsAddress, body);
}

export function useUpdateDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
