import type { AppendOrderInfoBody, OrderDetail } from '@inkstone/contracts';
import { ordersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/AppendOrderInfo: more artwork for lines, or remarks appended to the order. */
export function appendOrderInfo(body: AppendOrderInfoBody): Promise<OrderDetail> {
  return api.call(ordersCalls.AppendOrderInfo, body);
}
