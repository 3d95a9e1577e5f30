import type { AddOrderBody, PlacedOrder } from '@inkstone/contracts';
import { ordersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/addorder: the chosen cart lines become one order (待付款). */
export function addOrder(body: AddOrderBody): Promise<PlacedOrder> {
  return api.call(ordersCalls.addorder, body);
}
