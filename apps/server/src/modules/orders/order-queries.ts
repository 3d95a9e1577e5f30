/** What other modules read of orders directly (payments, inside their own transactions). */
import type { Db } from '../../db/database.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { findOrdersByIds, isSelfPickupOrder, type OrderRow } from './orders.repository.ts';

export type { OrderRow };
/** 发货 needs no tracking number for these (staff 发货 and 批量发货, docs/orders.md). */
export { isSelfPickupOrder };

/** The customer's orders among `ids`, by id (any that are not theirs are left out). */
export function ordersOfCustomer(db: Db, owner: CustomerScope, ids: readonly number[]): Promise<OrderRow[]> {
  return findOrdersByIds(db, owner, ids);
}
