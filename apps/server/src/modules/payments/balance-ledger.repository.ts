import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { executeCompiled, insertRowReturningId } from '../../db/row-statements.ts';
import type { LedgerEntryTable } from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/** Creates the customer's balance row (0) if it does not exist yet. */
export async function ensureBalanceRow(db: Db, owner: CustomerScope, now: number): Promise<void> {
  await db
    .insertInto('customer_balances')
    .values({ customer_id: owner.customerId, merchant_id: owner.merchantId, balance_fen: 0, updated_at: now })
    .onConflict((conflict) => conflict.column('customer_id').doNothing())
    .execute();
}

/**
 * Adds `deltaFen` (negative to deduct) to the balance, only if the result stays at or above zero;
 * returns the new balance, or null when the balance was too small (nothing changed).
 */
export async function changeBalance(
  db: Db,
  owner: CustomerScope,
  deltaFen: number,
  now: number,
): Promise<number | null> {
  const update = async () => {
    const query = db
      .updateTable('customer_balances')
      .set({ balance_fen: sql<number>`balance_fen + ${deltaFen}`, updated_at: now })
      .where('customer_id', '=', owner.customerId)
      .where('merchant_id', '=', owner.merchantId)
      .where(sql<boolean>`balance_fen + ${deltaFen} >= 0`)
      .returning('balance_fen')
      .compile();
    return (await executeCompiled(db, query)).rows[0];
  };
  // The row exists after a customer's first movement: update first, and only when nothing
  // changed make sure the row is there and try once more (a missing row is a balance of 0).
  let row = await update();
  if (!row) {
    await ensureBalanceRow(db, owner, now);
    row = await update();
  }
  return row ? Number(row.balance_fen) : null;
}

/** The customer's balance (0 before their first movement). */
export async function findBalance(db: Db, owner: CustomerScope): Promise<number> {
  const row = await db
    .selectFrom('customer_balances')
    .select('balance_fen')
    .where('customer_id', '=', owner.customerId)
    .where('merchant_id', '=', owner.merchantId)
    .executeTakeFirst();
  return row ? Number(row.balance_fen) : 0;
}

export async function insertLedgerEntry(db: Db, row: Insertable<LedgerEntryTable>): Promise<number> {
  return insertRowReturningId(db, 'ledger_entries', row);
}

/** True when a ledger line with this key exists (a movement already recorded). */
export async function hasLedgerKey(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('dedupe_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sum of the customer's ledger balance changes: must equal their balance. */
export async function sumLedgerBalanceChanges(db: Db, owner: CustomerScope): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number>('balance_change_fen').as('sum'))
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}
