import type { CartLine, UpdateShopCarOrderBody } from '@inkstone/contracts';
import { cartCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/UpdateShopCarOrder: a line's new quantity or remarks; the reply is re-priced. */
export function updateShopCarOrder(body: UpdateShopCarOrderBody): Promise<CartLine> {
  return api.call(cartCalls.UpdateShopCarOrder, body);
}
