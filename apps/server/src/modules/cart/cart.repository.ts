import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  countRowsWhere,
  insertRowReturning,
  selectRowsWhere,
  updateRowsWhere,
  updateRowsWhereReturning,
  type RowConditions,
} from '../../db/row-statements.ts';
import type { OrderLineTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Queries of the cart: lines of `order_lines` without an order. Every function takes the database
 * or a transaction and is scoped by merchant and customer.
 */
export type OrderLineRow = Selectable<OrderLineTable>;

export async function insertLine(db: Db, row: Insertable<OrderLineTable>): Promise<OrderLineRow> {
  return insertRowReturning(db, 'order_lines', row);
}

export async function countCartLines(
  db: Db,
  owner: CustomerScope,
): Promise<{ count: number; sumFen: number }> {
  const { count, sum } = await countRowsWhere(db, 'order_lines', inCart(owner), 'amount_fen');
  return { count, sumFen: sum };
}

/** Every cart line, newest first (the cart is small: at most MAX_CART_LINES). */
export async function listCartLines(db: Db, owner: CustomerScope): Promise<OrderLineRow[]> {
  return selectRowsWhere(db, 'order_lines', inCart(owner), { orderBy: [['id', 'desc']] });
}

/** The cart lines among `ids` (missing, removed or checked-out ones are left out). */
export async function findCartLines(
  db: Db,
  owner: CustomerScope,
  ids: readonly number[],
): Promise<OrderLineRow[]> {
  return selectRowsWhere(db, 'order_lines', inCart(owner, ids), { orderBy: [['id', 'asc']] });
}

/** Changes a line while it is still in the cart; false when it no longer is. */
export async function updateCartLine(
  db: Db,
  owner: CustomerScope,
  id: number,
  set: Updateable<OrderLineTable>,
): Promise<boolean> {
  return (await updateRowsWhere(db, 'order_lines', set, inCart(owner, id))) === 1;
}

/**
 * The conditions of the customer's lines while they are still in the cart: all of them, or those
 * of `id` (one, or a list).
 */
function inCart(owner: CustomerScope, id?: number | readonly number[]): RowConditions<'order_lines'> {
  return {
    id,
    merchant_id: owner.merchantId,
    customer_id: owner.customerId,
    order_id: null,
    removed_at: null,
  };
}

/**
 * Changes a line while it is still in the cart and returns it as stored; undefined when it no
 * longer is (checkout: the line as it now belongs to the order, without reading it back).
 */
export async function updateCartLineReturning(
  db: Db,
  owner: CustomerScope,
  id: number,
  set: Updateable<OrderLineTable>,
): Promise<OrderLineRow | undefined> {
  const [line] = await updateRowsWhereReturning(db, 'order_lines', set, inCart(owner, id));
  return line;
}

/** Removes cart lines; returns how many were removed. */
export async function removeCartLines(
  db: Db,
  owner: CustomerScope,
  ids: readonly number[],
  now: number,
): Promise<number> {
  return updateRowsWhere(db, 'order_lines', { removed_at: now, updated_at: now }, inCart(owner, ids));
}

/** Order numbers of the merchant's orders among `ids` (a reordered line names its source). */
export async function findOrderNos(db: Db, merchantId: number, ids: readonly number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}
