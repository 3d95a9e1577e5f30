/**
 * Importing and exporting a merchant's catalogue file (docs/catalog.md). An import is atomic: the
 * whole file is checked before anything is written, and a good file becomes one new version in
 * one statement under the merchant's catalogue lock. Every version is kept.
 */
import { DEMO_CATALOG_FILES, DEMO_MERCHANT_CODES, type CatalogIssue } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import { readCatalogFile, formatCatalogIssues } from './catalog-file.ts';
import { findCatalog, findCatalogHead, insertCatalogVersion, type CatalogRow } from './catalog.repository.ts';
import type { CatalogStore } from './catalog-store.ts';

/** The merchant an import is for. */
export interface CatalogOwner {
  id: number;
  code: string;
}

/** Outcome of an import: the version now current, or every problem found (nothing written). */
export type ImportCatalogResult =
  | {
      ok: true;
      version: number;
      /** True when the file is identical to the current version, which then stays current. */
      isUnchanged: boolean;
      productCount: number;
      categoryCount: number;
    }
  | { ok: false; issues: CatalogIssue[] };

/** Who publishes a version from the console, and the version their edit started from. */
export interface CatalogPublisher {
  /** The version the edit was read at (0: none yet); another is current → EditConflict. */
  baseVersion: number;
  /** The staff member's name, stored with the version. */
  name: string;
}

/**
 * Imports a catalogue file's text as the merchant's next version. A file identical to the current
 * version adds no version. Problems come back as values with the JSON path of each bad field.
 * Instances whose cache was not passed in (other processes, the command line) see the new
 * version within CATALOG_VERSION_CHECK_MS. With a `publisher` (the console), a version published
 * since `publisher.baseVersion` refuses the import with EditConflict, checked under the lock,
 * so of two publishes from the same base exactly one is written.
 */
export async function importCatalog(
  db: Db,
  owner: CatalogOwner,
  text: string,
  now: number,
  /** This instance's catalogue cache: told at once, so its next quote uses the new version. */
  catalogs?: Pick<CatalogStore, 'invalidate'>,
  publisher?: CatalogPublisher,
): Promise<ImportCatalogResult> {
  const file = readCatalogFile(text, owner.code);
  if (!file.ok) return file;
  const counts = {
    productCount: file.catalog.Products.length,
    categoryCount: file.catalog.Categories.length,
  };
  const result = await withLock(db, `catalog:${owner.id}`, async (trx): Promise<ImportCatalogResult> => {
    const current = await findCatalog(trx, owner.id);
    if (publisher && (current?.version ?? 0) !== publisher.baseVersion) throw new AppError('EditConflict');
    if (current && current.content === file.content) {
      return { ok: true, version: current.version, isUnchanged: true, ...counts };
    }
    const version = (current?.version ?? 0) + 1;
    await insertCatalogVersion(trx, {
      merchant_id: owner.id,
      version,
      content: file.content,
      imported_at: now,
      published_by: publisher?.name ?? '',
    });
    return { ok: true, version, isUnchanged: false, ...counts };
  });
  catalogs?.invalidate(owner.id);
  return result;
}

/** The stored file of one version (the current one by default), exactly as it was imported. */
export async function exportCatalog(
  db: Db,
  merchantId: number,
  version?: number,
): Promise<CatalogRow | undefined> {
  return findCatalog(db, merchantId, version);
}

/** The text a demo catalogue is stored with: its JSON, indented by two spaces. */
export function demoCatalogText(code: (typeof DEMO_MERCHANT_CODES)[number]): string {
  return `${JSON.stringify(DEMO_CATALOG_FILES[code], null, 2)}\n`;
}

/**
 * Gives each demo merchant that exists and has no catalogue yet its demo catalogue (version 1).
 * Returns the codes that got one. Throws when a shipped demo file is invalid (a defect).
 */
export async function seedDemoCatalogs(db: Db, now: number): Promise<string[]> {
  const seeded: string[] = [];
  for (const code of DEMO_MERCHANT_CODES) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!merchant || (await findCatalogHead(db, merchant.id))) continue;
    const result = await importCatalog(db, { id: merchant.id, code }, demoCatalogText(code), now);
    if (!result.ok) {
      throw new Error(`demo catalogue ${code} is invalid: ${formatCatalogIssues(result.issues).join('; ')}`);
    }
    seeded.push(code);
  }
  return seeded;
}
