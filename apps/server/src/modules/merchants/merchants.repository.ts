import type { Merchant } from '../../lib/merchant.ts';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';

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
      'logo_sha256',
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

/** The merchant's logo picture when `sha256` is its current one. */
export async function findSiteLogo(db: Db, merchantId: number, sha256: string) {
  return db
    .selectFrom('merchant_logos')
    .select(['image', 'width', 'height'])
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** Makes `logo` the merchant's logo (replacing any) and names it on the merchant, in one transaction. */
export async function replaceSiteLogo(
  db: Db,
  merchantId: number,
  logo: { sha256: string; image: Buffer; width: number; height: number },
  now: number,
): Promise<void> {
  await withLock(db, `merchant-logo:${merchantId}`, async (trx) => {
    await trx.deleteFrom('merchant_logos').where('merchant_id', '=', merchantId).execute();
    await trx
      .insertInto('merchant_logos')
      .values({ merchant_id: merchantId, ...logo, size_bytes: logo.image.length, created_at: now })
      .execute();
    await trx
      .updateTable('merchants')
      .set({ logo_sha256: logo.sha256 })
      .where('id', '=', merchantId)
      .execute();
  });
}

/** Removes the merchant's logo (nothing to do without one). */
export async function deleteSiteLogo(db: Db, merchantId: number): Promise<void> {
  await withLock(db, `merchant-logo:${merchantId}`, async (trx) => {
    await trx.updateTable('merchants').set({ logo_sha256: null }).where('id', '=', merchantId).execute();
    await trx.deleteFrom('merchant_logos').where('merchant_id', '=', merchantId).execute();
  });
}
