import type { DeleteShopCarOrdersBody } from '@inkstone/contracts';
import { cartCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/DeleteShopCarOrders: removes the lines (all or none). */
export function deleteShopCarOrders(body: DeleteShopCarOrdersBody): Promise<{ Deleted: number }> {
  return api.call(cartCalls.DeleteShopCarOrders, body);
}
