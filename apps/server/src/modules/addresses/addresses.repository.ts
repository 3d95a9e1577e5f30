import type { Insertable, Selectable, Updateable } from 'kysely';
import { selectRowsWhere } from '../../db/row-statements.ts';
import type { Db } from '../../db/database.ts';
import type { DeliveryAddressTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Every query of the addresses module. Each takes the database or a transaction and is scoped
 * by merchant and customer: a customer reaches only their own addresses.
 */
export type DeliveryAddressRow = Selectable<DeliveryAddressTable>;

function owned(db: Db, owner: CustomerScope) {
  return db
    .selectFrom('delivery_addresses')
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId);
}

/** The owner's addresses: the default first, then the most recently changed. */
export async function listAddresses(
  db: Db,
  owner: CustomerScope,
  page: { offset: number; limit: number },
): Promise<DeliveryAddressRow[]> {
  return owned(db, owner)
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countAddresses(db: Db, owner: CustomerScope): Promise<number> {
  const row = await owned(db, owner)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findAddress(
  db: Db,
  owner: CustomerScope,
  id: number,
): Promise<DeliveryAddressRow | undefined> {
  const [address] = await selectRowsWhere(db, 'delivery_addresses', {
    merchant_id: owner.merchantId,
    customer_id: owner.customerId,
    id,
  });
  return address;
}

export async function findDefaultAddress(
  db: Db,
  owner: CustomerScope,
): Promise<DeliveryAddressRow | undefined> {
  return owned(db, owner).selectAll().where('is_default', '=', 1).executeTakeFirst();
}

export async function insertAddress(db: Db, row: Insertable<DeliveryAddressTable>): Promise<number> {
  const inserted = await db
    .insertInto('delivery_addresses')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes one of the owner's addresses; returns how many rows changed (0 or 1). */
export async function updateAddress(
  db: Db,
  owner: CustomerScope,
  id: number,
  values: Updateable<DeliveryAddressTable>,
): Promise<number> {
  const result = await db
    .updateTable('delivery_addresses')
    .set(values)
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one of the owner's addresses; returns how many rows went (0 or 1). */
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
