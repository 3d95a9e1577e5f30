import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { ADDRESSES_KEY } from './query-deliver-goods-address.ts';

/** POST /api/cust/DeleteDeliverGoodsAddress {Id}: `{Id, DefaultId}`. */
export function deleteDeliverGoodsAddress(id: number): Promise<{ Id: number; DefaultId: number | null }> {
  return api.call(addressesCalls.DeleteDeliverGoodsAddress, { Id: id });
}

export function useDeleteDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
