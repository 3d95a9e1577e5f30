import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { AddressBody } from '../utils/address-form.ts';

/** POST /api/cust/AddDeliverGoodsAddress: the stored address. */
export function addDeliverGoodsAddress(body: AddressBody): Promise<DeliverGoodsAddress> {
  return api.call(addressesCalls.AddDeliverGoodsAddress, body);
}

export function useAddDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
