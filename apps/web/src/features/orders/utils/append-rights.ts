import { OrderStatus } from '@inkstone/contracts';
import type { OrderDetail } from '@inkstone/contracts';

/** Files may be added while 待付款 or 待审稿; remarks until the order is shipped. */
export function appendRights(order: OrderDetail): { canFiles: boolean; canRemarks: boolean } {
  return {
    canFiles: order.Status === OrderStatus.Unpaid || order.Status === OrderStatus.Reviewing,
    canRemarks:
      order.Status === OrderStatus.Unpaid ||
      order.Status === OrderStatus.Reviewing ||
      order.Status === OrderStatus.Producing,
  };
}
