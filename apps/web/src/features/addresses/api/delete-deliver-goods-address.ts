import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressesCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/cust/DeleteDeliverGoodsAddress {Id}: `{Id, DefaultId}`. */
export function deleteDeliverGoodsAddress(id: number): Promise<{ Id: number; DefaultId: number | null }> {
  return api.call(addressesCalls.DeleteDeliverGoodsAddress, { Id: id });
}

export function useDeleteDeliverGoodsAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliverGoodsAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
