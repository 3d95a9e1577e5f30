import type { ReorderResult } from '@inkstone/contracts';
import { ordersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/Reorder: the order's lines back into the cart at today's price. */
export function reorder(orderId: number): Promise<ReorderResult> {
  return api.call(ordersCalls.Reorder, { OrderId: orderId });
}
