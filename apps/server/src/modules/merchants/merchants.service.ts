/**
 * What other modules ask of merchants beyond resolving a host: by code (CLI), API clients, and the
 * site settings the console edits.
 */
import type { Db } from '../../db/database.ts';
import { hashToken, safeEqual } from '../../lib/crypto.ts';
import type { SaveSiteSettingsBody, SiteSettings } from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Merchant, MerchantDirectory } from '../../lib/merchant.ts';
import {
  findApiClient,
  findMerchantByCode,
  findSiteSettings,
  updateSiteSettings,
} from './merchants.repository.ts';

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

/** The merchant's site settings as the console shows them (docs/site-settings.md). */
export async function siteSettings(db: Db, merchantId: number): Promise<SiteSettings> {
  const row = await findSiteSettings(db, merchantId);
  return {
    Name: row.name,
    WebSiteName: row.website_name,
    ThemePreference: row.theme_preference === 2 ? 2 : 1,
    InterfaceVersion: row.interface_version,
    ServicePhone: row.service_phone,
    ServiceQQ: row.service_qq,
    Address: row.address,
    BusinessHours: row.business_hours,
    IcpNumber: row.icp_number,
    Notice: row.notice,
    Revision: row.revision,
  };
}

/**
 * Saves the site settings edited from `input.Revision`; refused with EditConflict (nothing
 * written) when someone saved since. `directory` forgets its cached merchants, so this instance
 * serves the change at once (others within their cache's lifetime).
 */
export async function saveSiteSettings(
  db: Db,
  directory: MerchantDirectory,
  merchantId: number,
  input: SaveSiteSettingsBody,
): Promise<SiteSettings> {
  const saved = await updateSiteSettings(db, merchantId, input.Revision, {
    name: input.Name,
    website_name: input.WebSiteName,
    theme_preference: input.ThemePreference,
    interface_version: input.InterfaceVersion,
    service_phone: input.ServicePhone,
    service_qq: input.ServiceQQ,
    address: input.Address,
    business_hours: input.BusinessHours,
    icp_number: input.IcpNumber,
    notice: input.Notice,
  });
  if (!saved) throw new AppError('EditConflict');
  directory.clear();
  return siteSettings(db, merchantId);
}
