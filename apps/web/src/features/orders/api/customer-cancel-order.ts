import type { OrderDetail } from '@inkstone/contracts';
import { ordersCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/order/CustomerCancelOrder: cancels an unpaid order (message 订单已取消). */
export function customerCancelOrder(orderId: number, reason = ''): Promise<OrderDetail> {
  return api.call(ordersCalls.CustomerCancelOrder, { OrderId: orderId, Reason: reason });
}
