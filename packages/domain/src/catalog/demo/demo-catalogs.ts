/**
 * The two demo merchants' catalogue files: 墨砚快印 (code demo), a quick-print shop using every
 * engine feature, and 红枫图文 (code maple), a small copy shop sharing nothing with it.
 */
import type { Catalog } from '../catalog.schema.ts';
import { parseCatalog } from '../catalog.ts';
import demoCatalogFile from './demo.catalog.json' with { type: 'json' };
import mapleCatalogFile from './maple.catalog.json' with { type: 'json' };

/** Merchant codes of the demo catalogues. */
export const DEMO_MERCHANT_CODES = ['demo', 'maple'] as const;
/** Merchant code of a demo catalogue. */
export type DemoMerchantCode = (typeof DEMO_MERCHANT_CODES)[number];

/** The raw catalogue files as parsed JSON, before validation (for seeding and tests). */
export const DEMO_CATALOG_FILES: Readonly<Record<DemoMerchantCode, unknown>> = {
  demo: demoCatalogFile,
  maple: mapleCatalogFile,
};

const cache = new Map<DemoMerchantCode, Catalog>();

/**
 * The validated demo catalogue of `code`. Throws when a shipped file is invalid: that is a
 * defect in the repository, not an expected input.
 */
export function getDemoCatalog(code: DemoMerchantCode): Catalog {
  const cached = cache.get(code);
  if (cached) return cached;
  const result = parseCatalog(DEMO_CATALOG_FILES[code]);
  if (!result.ok) {
    throw new Error(
      `demo catalogue ${code} is invalid: ${result.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
    );
  }
  cache.set(code, result.catalog);
  return result.catalog;
}
