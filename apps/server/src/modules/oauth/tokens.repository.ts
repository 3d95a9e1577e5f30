import type { Db } from '../../db/database.ts';

/** An app token row by its hash, scoped to the merchant. */
export async function findAppToken(db: Db, merchantId: number, tokenHash: string) {
  return db
    .selectFrom('app_tokens')
    .select(['expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function insertAppToken(
  db: Db,
  row: {
    token_hash: string;
    merchant_id: number;
    api_client_id: number;
    expires_at: number;
    created_at: number;
  },
): Promise<void> {
  await db.insertInto('app_tokens').values(row).execute();
}

/** Removes expired app tokens (refused from their `expires_at` on, as the auth check does); returns how many. */
export async function deleteExpiredAppTokens(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('app_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An access token with its customer, by token hash (not yet scoped: the caller checks the merchant). */
export async function findAccessTokenWithCustomer(db: Db, tokenHash: string) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .select([
      't.merchant_id',
      't.customer_id',
      't.expires_at',
      't.revoked_at',
      't.is_long_term',
      'c.account',
      'c.mobile_no',
      'c.nick_name',
      'c.is_active',
      'c.created_at',
      'c.last_login_at',
      'c.avatar_sha256',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertAccessToken(
  db: Db,
  row: {
    token_hash: string;
    merchant_id: number;
    customer_id: number;
    is_long_term: number;
    expires_at: number;
    created_at: number;
  },
): Promise<void> {
  await db.insertInto('access_tokens').values(row).execute();
}

/** Revokes one access token (logout). */
export async function revokeAccessToken(
  db: Db,
  merchantId: number,
  tokenHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('merchant_id', '=', merchantId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token of a customer, optionally sparing one (password change). */
export async function revokeCustomerTokens(
  db: Db,
  customerId: number,
  now: number,
  exceptHash?: string,
): Promise<void> {
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null);
  if (exceptHash) query = query.where('token_hash', '!=', exceptHash);
  await query.execute();
}
