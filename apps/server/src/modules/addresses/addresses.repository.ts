import type { Insertable, Selectable, Updateable } from 'kysely';
import {
  countRowsWhere,
  insertRowReturningId,
  selectRowsWhere,
  updateRowsWhere,
  type RowConditions,
} from '../../db/row-statements.ts';
import type { Db } from '../../db/database.ts';
import type { DeliveryAddressTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Every query of the addresses module. Each takes the database or a transaction and is scoped
 * by merchant and customer: a customer reaches only their own addresses.
 */
export type DeliveryAddressRow = Selectable<DeliveryAddressTable>;

/** The conditions of the owner's addresses: all of them, or the one of `id`. */
function owned(owner: CustomerScope, id?: number): RowConditions<'delivery_addresses'> {
  return { merchant_id: owner.merchantId, customer_id: owner.customerId, id };
}

/** The owner's addresses: the default first, then the most recently changed. */
export async function listAddresses(
  db: Db,
  owner: CustomerScope,
  page: { offset: number; limit: number },
): Promise<DeliveryAddressRow[]> {
  return selectRowsWhere(db, 'delivery_addresses', owned(owner), {
    orderBy: [
      ['is_default', 'desc'],
      ['updated_at', 'desc'],
      ['id', 'desc'],
    ],
    page,
  });
}

export async function countAddresses(db: Db, owner: CustomerScope): Promise<number> {
  return (await countRowsWhere(db, 'delivery_addresses', owned(owner))).count;
}

export async function findAddress(
  db: Db,
  owner: CustomerScope,
  id: number,
): Promise<DeliveryAddressRow | undefined> {
  const [address] = await selectRowsWhere(db, 'delivery_addresses', owned(owner, id));
  return address;
}

/** The owner's default address (at most one: a unique index keeps it so). */
export async function findDefaultAddress(
  db: Db,
  owner: CustomerScope,
): Promise<DeliveryAddressRow | undefined> {
  const [address] = await selectRowsWhere(db, 'delivery_addresses', { ...owned(owner), is_default: 1 });
  return address;
}

export async function insertAddress(db: Db, row: Insertable<DeliveryAddressTable>): Promise<number> {
  return insertRowReturningId(db, 'delivery_addresses', row);
}

/** Changes one of the owner's addresses; returns how many rows changed (0 or 1). */
export async function updateAddress(
  db: Db,
  owner: CustomerScope,
  id: number,
  values: Updateable<DeliveryAddressTable>,
): Promise<number> {
  return updateRowsWhere(db, 'delivery_addresses', values, owned(owner, id));
}

export async function deleteAddress(db: Db, owner: CustomerScope, id: number): Promise<number> {
  const result = await db
    .deleteFrom('delivery_addresses')
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Clears the owner's default flag on every address but `keepId` (their order is kept). */
export async function clearDefault(db: Db, owner: CustomerScope, keepId: number | null): Promise<void> {
  let query = db
    .updateTable('delivery_addresses')
    .set({ is_default: 0 })
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('is_default', '=', 1);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  await query.execute();
}
