import type { Db } from '../../db/database.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Queries of batch ordering: its submissions (`batch_order_requests`). Every function takes the
 * database or a transaction and is scoped by merchant and customer.
 */

/** The submission of `key`, if the customer made one. */
export async function findRequest(db: Db, owner: CustomerScope, key: string) {
  return db
    .selectFrom('batch_order_requests')
    .select(['id', 'target', 'result_json'])
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

/**
 * Records the submission of `key` within `trx`; null when the key is recorded already (on
 * PostgreSQL a parallel submission of the same key waits here until the first one commits).
 */
export async function claimRequest(
  trx: Db,
  owner: CustomerScope,
  key: string,
  target: string,
  now: number,
): Promise<number | null> {
  const row = await trx
    .insertInto('batch_order_requests')
    .values({
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      request_key: key,
      target,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'customer_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function saveRequestResult(trx: Db, id: number, resultJson: string): Promise<void> {
  await trx
    .updateTable('batch_order_requests')
    .set({ result_json: resultJson })
    .where('id', '=', id)
    .execute();
}
