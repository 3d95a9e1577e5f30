/**
 * What other modules ask of merchants beyond resolving a host: by code (CLI), API clients, and the
 * site settings the console edits.
 */
import type { Db } from '../../db/database.ts';
import { hashToken, safeEqual } from '../../lib/crypto.ts';
import type { SaveSiteSettingsBody, SiteSettings } from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Merchant, MerchantDirectory } from '../../lib/merchant.ts';
import { makeSiteLogoImage, siteLogoUrl } from './site-logo-image.ts';
import {
  deleteSiteLogo,
  findSiteLogo,
  replaceSiteLogo,
  findApiClient,
  findWebClient,
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

/** The credentials the merchant's site signs in with (published to it by CheckDomainName), or null. */
export async function webClientCredentials(
  db: Db,
  merchantId: number,
): Promise<{ appId: string; secret: string } | null> {
  const client = await findWebClient(db, merchantId);
  return client?.published_secret ? { appId: client.app_id, secret: client.published_secret } : null;
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
    LogoUrl: siteLogoUrl(row.logo_sha256),
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

/**
 * Makes `upload` the merchant's logo once it decodes as a JPG, PNG or WebP picture (refused in
 * Chinese otherwise, nothing changed). The site-settings revision is not raised: a logo and a
 * form being edited at the same time do not conflict.
 */
export async function setSiteLogo(
  db: Db,
  directory: MerchantDirectory,
  merchantId: number,
  upload: Buffer,
  now: number,
): Promise<SiteSettings> {
  const logo = await makeSiteLogoImage(upload);
  await replaceSiteLogo(
    db,
    merchantId,
    { sha256: logo.sha256, image: logo.webp, width: logo.width, height: logo.height },
    now,
  );
  directory.clear();
  return siteSettings(db, merchantId);
}

/** Removes the merchant's logo; the site shows its name and text mark again. */
export async function removeSiteLogo(
  db: Db,
  directory: MerchantDirectory,
  merchantId: number,
): Promise<SiteSettings> {
  await deleteSiteLogo(db, merchantId);
  directory.clear();
  return siteSettings(db, merchantId);
}

/** The merchant's logo picture `sha256` (a WebP), or undefined when it is not its current one. */
export async function readSiteLogo(db: Db, merchantId: number, sha256: string) {
  return (await findSiteLogo(db, merchantId, sha256))?.image;
}
