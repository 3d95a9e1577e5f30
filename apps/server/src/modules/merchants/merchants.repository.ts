import type { Merchant } from '../../lib/merchant.ts';
import type { Db } from '../../db/database.ts';

export type { Merchant };

/** The active merchant with this company code, if any. */
export async function findMerchantByCode(db: Db, code: string): Promise<Merchant | undefined> {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where('code', '=', code)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** The active merchant whose custom domain is exactly this host, if any. */
export async function findMerchantByCustomDomain(db: Db, domain: string): Promise<Merchant | undefined> {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where('custom_domain', '=', domain)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** The merchant's public web client (its secret ships to browsers by design). */
export async function findWebClient(db: Db, merchantId: number) {
  return db
    .selectFrom('api_clients')
    .select(['id', 'app_id', 'published_secret'])
    .where('merchant_id', '=', merchantId)
    .where('is_active', '=', 1)
    .where('published_secret', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
}

/** An active API client by appid, with its merchant. */
export async function findApiClient(db: Db, appId: string) {
  return db
    .selectFrom('api_clients')
    .select(['id', 'merchant_id', 'secret_hash'])
    .where('app_id', '=', appId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** The columns of a merchant that its site settings are. */
export interface SiteSettingsColumns {
  name: string;
  website_name: string;
  theme_preference: number;
  interface_version: number;
  service_phone: string;
  service_qq: string;
  address: string;
  business_hours: string;
  icp_number: string;
  notice: string;
}

/** The merchant's site settings and their revision. */
export async function findSiteSettings(db: Db, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select([
      'name',
      'website_name',
      'theme_preference',
      'interface_version',
      'service_phone',
      'service_qq',
      'address',
      'business_hours',
      'icp_number',
      'notice',
      'revision',
    ])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

/**
 * Writes the settings when the stored revision is still `revision`, raising it by one in the same
 * statement; false when another save came first (nothing is written then).
 */
export async function updateSiteSettings(
  db: Db,
  merchantId: number,
  revision: number,
  columns: SiteSettingsColumns,
): Promise<boolean> {
  const result = await db
    .updateTable('merchants')
    .set((eb) => ({ ...columns, revision: eb('revision', '+', 1) }))
    .where('id', '=', merchantId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
