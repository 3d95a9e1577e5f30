/** What other modules ask of merchants beyond resolving a host: by code (CLI), and API clients. */
import type { Db } from '../../db/database.ts';
import { hashToken, safeEqual } from '../../lib/crypto.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { findApiClient, findMerchantByCode } from './merchants.repository.ts';

/** The active merchant with this code, if any. */
export function merchantByCode(db: Db, code: string): Promise<Merchant | undefined> {
  return findMerchantByCode(db, code);
}

/**
 * The API client `appId` of this merchant when `secret` is its secret (compared in constant time);
 * null for an unknown, inactive or other merchant's client, or a wrong secret alike.
 */
export async function verifyApiClient(
  db: Db,
  merchantId: number,
  appId: string,
  secret: string,
): Promise<{ id: number } | null> {
  const client = await findApiClient(db, appId);
  if (!client || client.merchant_id !== merchantId) return null;
  return safeEqual(hashToken(secret), client.secret_hash) ? { id: client.id } : null;
}
