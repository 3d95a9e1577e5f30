/**
 * The console's 商品与价格 section (docs/catalog.md, "Publishing from the console"): the current
 * catalogue read for editing, an edited catalogue or an imported file published as the next
 * version, and any version's file exported. Every version goes through the file validator and
 * the import's lock; the publishing instance's CatalogStore is invalidated, so its next quote
 * uses the new prices.
 */
import { Readable } from 'node:stream';
import type {
  CatalogEditor,
  ProductImageSet,
  PublishCatalogResult,
  SaveProductImagesBody,
} from '@inkstone/contracts';
import type { CatalogIssue } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { importCatalog, type CatalogOwner } from './catalog-import.service.ts';
import { findCatalog, listCatalogVersions } from './catalog.repository.ts';
import type { CatalogStore } from './catalog-store.ts';
import { readProductImageSet, saveProductImageSet, type FindSitePicture } from './product-images.ts';

/** Problems written out in a refusal's message; the rest are counted. */
const MAX_LISTED_ISSUES = 10;

/** The Chinese refusal of a catalogue that does not validate, naming each bad field. */
export function describeCatalogIssues(issues: readonly CatalogIssue[]): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `${issue.path}：${issue.message}`);
  const more = issues.length > MAX_LISTED_ISSUES ? `；另有 ${issues.length - MAX_LISTED_ISSUES} 处` : '';
  return `商品目录有 ${issues.length} 处错误，未发布：${listed.join('；')}${more}`;
}

/** The catalogue file's text a console edit is stored as: its JSON, indented by two spaces. */
export function catalogText(catalog: Record<string, unknown>): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

/** A version's file as a download. */
export interface CatalogDownload {
  fileName: string;
  body: Readable;
}

export interface CatalogAdminDeps {
  db: Db;
  clock: Clock;
  catalogs: Pick<CatalogStore, 'invalidate'>;
  /** The merchant's server pictures (website module), which product pictures name. */
  findSitePicture: FindSitePicture;
}

export class CatalogAdmin {
  constructor(private readonly deps: CatalogAdminDeps) {}

  /** The merchant's current catalogue and every version, for the editor. */
  async editor(merchantId: number): Promise<CatalogEditor> {
    const [current, versions] = await Promise.all([
      findCatalog(this.deps.db, merchantId),
      listCatalogVersions(this.deps.db, merchantId),
    ]);
    const head = versions.find((row) => row.version === current?.version);
    return {
      Version: current?.version ?? 0,
      PublishedAt: current ? new Date(Number(current.imported_at)).toISOString() : null,
      PublishedBy: head?.published_by ?? '',
      Catalog: current ? (JSON.parse(current.content) as Record<string, unknown>) : null,
      Versions: versions.map((row) => ({
        Version: row.version,
        PublishedAt: new Date(Number(row.imported_at)).toISOString(),
        PublishedBy: row.published_by,
      })),
    };
  }

  /** Publishes an edited catalogue (the editor's JSON object) as the next version. */
  async publish(
    owner: CatalogOwner,
    publisherName: string,
    baseVersion: number,
    catalog: Record<string, unknown>,
  ): Promise<PublishCatalogResult> {
    return this.publishText(owner, publisherName, baseVersion, catalogText(catalog));
  }

  /** Publishes a catalogue file's text, stored as it is, as the next version. */
  async publishText(
    owner: CatalogOwner,
    publisherName: string,
    baseVersion: number,
    text: string,
  ): Promise<PublishCatalogResult> {
    const result = await importCatalog(this.deps.db, owner, text, this.deps.clock.now(), this.deps.catalogs, {
      baseVersion,
      name: publisherName,
    });
    if (!result.ok) throw new AppError('CatalogInvalid', describeCatalogIssues(result.issues));
    return { ...(await this.editor(owner.id)), IsUnchanged: result.isUnchanged };
  }

  /** ProductImages: one product's pictures in order, and their revision. */
  async images(merchantId: number, productId: number): Promise<ProductImageSet> {
    return readProductImageSet(this.deps.db, merchantId, productId);
  }

  /**
   * SaveProductImages: one product's whole picture list, at the revision read. Pictures are live
   * product attributes (docs/catalog.md): the site shows them at its next call, with no new version.
   */
  async saveImages(merchantId: number, body: SaveProductImagesBody): Promise<ProductImageSet> {
    return saveProductImageSet(
      this.deps.db,
      this.deps.findSitePicture,
      merchantId,
      body,
      (body.Alt ?? '').trim(),
      this.deps.clock.now(),
    );
  }

  /** One version's file (the current one by default), byte for byte as stored. */
  async download(owner: CatalogOwner, version?: number): Promise<CatalogDownload> {
    const row = await findCatalog(this.deps.db, owner.id, version);
    if (!row) {
      throw new AppError(
        'ProductNotFound',
        version === undefined ? '还没有商品目录' : `商品目录没有第 ${version} 版`,
      );
    }
    return {
      fileName: `${owner.code}.catalog.v${row.version}.json`,
      body: Readable.from([Buffer.from(row.content, 'utf8')]),
    };
  }
}
