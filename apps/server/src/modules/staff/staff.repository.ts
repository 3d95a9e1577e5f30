import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StaffTable, StaffTokenTable } from '../../db/schema.ts';

/** Queries of staff accounts and their tokens, scoped by merchant. */
export type StaffRow = Selectable<StaffTable>;

export async function findStaffByAccount(db: Db, merchantId: number, account: string) {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('account', '=', account)
    .executeTakeFirst();
}

export async function findStaff(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listStaff(db: Db, merchantId: number): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().where('merchant_id', '=', merchantId).orderBy('id').execute();
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<number> {
  const { id } = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateStaff(db: Db, merchantId: number, id: number, set: Updateable<StaffTable>) {
  await db.updateTable('staff').set(set).where('merchant_id', '=', merchantId).where('id', '=', id).execute();
}

/**
 * Changes a staff account if it is still at `revision`, raising the revision. False — and nothing
 * changed — when another save came first.
 */
export async function updateStaffAtRevision(
  db: Db,
  merchantId: number,
  id: number,
  revision: number,
  set: Updateable<StaffTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set((eb) => ({ ...set, revision: eb('revision', '+', 1) }))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertStaffToken(db: Db, row: Insertable<StaffTokenTable>): Promise<void> {
  await db.insertInto('staff_tokens').values(row).execute();
}

/** A staff token with its account. */
export async function findStaffToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_tokens as t')
    .innerJoin('staff as s', 's.id', 't.staff_id')
    .select([
      't.merchant_id',
      't.expires_at',
      't.revoked_at',
      's.id',
      's.account',
      's.name',
      's.roles',
      's.is_active',
      's.last_login_at',
      's.revision',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeStaffToken(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('staff_tokens').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** Revokes every token of a staff account (disabled, or its password changed). */
export async function revokeStaffTokens(db: Db, staffId: number, now: number): Promise<void> {
  await db
    .updateTable('staff_tokens')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** What staff call one of the merchant's customers (mobile, else account); null when not theirs. */
export async function merchantCustomerLabel(
  db: Db,
  merchantId: number,
  customerId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('customers')
    .select(['mobile_no', 'account'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row ? row.mobile_no || row.account : null;
}
