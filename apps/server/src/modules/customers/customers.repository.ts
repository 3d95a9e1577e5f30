import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomerTable } from '../../db/schema.ts';

export type Customer = Selectable<CustomerTable>;

/** The merchant's customer with this account (accounts are mobile numbers), if any. */
export async function findCustomerByAccount(
  db: Db,
  merchantId: number,
  account: string,
): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('account', '=', account)
    .executeTakeFirst();
}

export async function getCustomer(db: Db, merchantId: number, id: number): Promise<Customer> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function insertCustomer(
  db: Db,
  row: {
    merchant_id: number;
    account: string;
    mobile_no: string;
    nick_name: string;
    password_hash: string;
    created_at: number;
    password_changed_at: number;
  },
): Promise<number> {
  const inserted = await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Counts a wrong password atomically; returns the new count. */
/**
 * A successful sign-in: stamps the time. The failure count is settled by the password check
 * (db/login-attempts.ts), never reset here, so failures made at the same instant still count.
 */
export async function recordSuccessfulLogin(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('customers').set({ last_login_at: now }).where('id', '=', id).execute();
}

export async function updatePassword(db: Db, id: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ password_hash: passwordHash, password_changed_at: now, failed_login_count: 0, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** The merchant's customers among `ids` (any missing are left out). */
export async function listCustomersByIds(db: Db, merchantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('customers')
    .select(['id', 'account', 'mobile_no', 'nick_name'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}
