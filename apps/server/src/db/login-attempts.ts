import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * The accounts that sign in with a password and lock after too many wrong ones, and the counters
 * kept for names that are not accounts (so a guesser cannot tell the two apart).
 */
export type PasswordAccountTable = 'customers' | 'staff' | 'unknown_login_accounts';

export interface AttemptPolicy {
  /** Wrong passwords in a row that lock the account. */
  maxFailures: number;
  /** How long the lock lasts. */
  lockMs: number;
}

/** A password check's claim on the account: the failure count it reserved. */
export interface AttemptReservation {
  count: number;
}

/**
 * Reserves one attempt before the password is checked: a single conditional UPDATE counts it as
 * a failure and locks the account when the count reaches the limit, so N guesses sent at once
 * cost N attempts whatever their order. An account still locked reserves nothing (null). A lock
 * that has run out starts the count again.
 */
export async function reserveAttempt(
  db: Db,
  table: PasswordAccountTable,
  id: number,
  policy: AttemptPolicy,
  now: number,
): Promise<AttemptReservation | null> {
  const expired = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
  const nextCount = sql<number>`case when ${expired} then 1 else failed_login_count + 1 end`;
  const row = await db
    .updateTable(table)
    .set({
      failed_login_count: nextCount,
      locked_until: sql<
        number | null
      >`case when (${nextCount}) >= ${policy.maxFailures} then cast(${now + policy.lockMs} as bigint) else null end`,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('failed_login_count')
    .executeTakeFirst();
  return row ? { count: Number(row.failed_login_count) } : null;
}

/**
 * The password was right. When no other attempt came in since this one was reserved, the count
 * and the lock are cleared (the usual reset after a good sign-in); otherwise only this attempt
 * is taken back, so failures made at the same instant still count and a lock they set stays.
 */
export async function settleSuccessfulAttempt(
  db: Db,
  table: PasswordAccountTable,
  id: number,
  reservation: AttemptReservation,
): Promise<void> {
  const cleared = await db
    .updateTable(table)
    .set({ failed_login_count: 0, locked_until: null })
    .where('id', '=', id)
    .where('failed_login_count', '=', reservation.count)
    .executeTakeFirst();
  if (Number(cleared.numUpdatedRows) > 0) return;
  await db
    .updateTable(table)
    .set({
      failed_login_count: sql<number>`case when failed_login_count > 0 then failed_login_count - 1 else 0 end`,
    })
    .where('id', '=', id)
    .execute();
}

/** When the account's lock ends (epoch ms), or null when it is not locked at `now`. */
export async function lockedUntil(
  db: Db,
  table: PasswordAccountTable,
  id: number,
  now: number,
): Promise<number | null> {
  const row = await db.selectFrom(table).select('locked_until').where('id', '=', id).executeTakeFirst();
  const until = row?.locked_until ?? null;
  return until !== null && Number(until) > now ? Number(until) : null;
}

/**
 * The counter row of an account name that does not exist (created on its first wrong password):
 * passed to reserveAttempt as table `unknown_login_accounts`, it locks like a real account.
 */
export async function unknownAccountCounter(
  db: Db,
  key: { merchantId: number; kind: 'customers' | 'staff'; account: string },
  now: number,
): Promise<number> {
  await db
    .insertInto('unknown_login_accounts')
    .values({ merchant_id: key.merchantId, kind: key.kind, account: key.account, created_at: now })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'account']).doNothing())
    .execute();
  const row = await db
    .selectFrom('unknown_login_accounts')
    .select('id')
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('account', '=', key.account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets counters of unknown names created before `before` (their locks have long run out). */
export async function deleteStaleUnknownAccounts(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('unknown_login_accounts')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
