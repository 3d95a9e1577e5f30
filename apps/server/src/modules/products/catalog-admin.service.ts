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

/** The largest ids a merchant's versions up to `throughVersion` used (versions never change). */
interface UsedIds {
  throughVersion: number;
  product: number;
  category: number;
}

function largestId(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  return list.reduce<number>((max, item) => {
    const id = Number((item as { Id?: unknown } | null)?.Id);
    return Number.isFinite(id) && id > max ? id : max;
  }, 0);
}

export class CatalogAdmin {
  /** Per merchant: the ids its published versions used, folded in as new versions appear. */
  private readonly usedIds = new Map<number, UsedIds>();

  constructor(private readonly deps: CatalogAdminDeps) {}

  /**
   * The first ids a new product and a new category may take: above every id any version used
   * and every product that has pictures, so a removed product's or category's id is never given
   * to a new one (its pictures, coupons scoped to it, home items and links would follow the id).
   */
  private async freeIds(merchantId: number): Promise<{ product: number; category: number }> {
    const known = this.usedIds.get(merchantId) ?? { throughVersion: 0, product: 0, category: 0 };
    const newer = await this.deps.db
      .selectFrom('catalogs')
      .select(['version', 'content'])
      .where('merchant_id', '=', merchantId)
      .where('version', '>', known.throughVersion)
      .orderBy('version')
      .execute();
    const used = { ...known };
    for (const row of newer) {
      let content: { Products?: unknown; Categories?: unknown } = {};
      try {
        content = JSON.parse(row.content) as typeof content;
      } catch {
        // A stored version always parsed when it was published; nothing to learn from one that does not.
      }
      used.throughVersion = row.version;
      used.product = Math.max(used.product, largestId(content.Products));
      used.category = Math.max(used.category, largestId(content.Categories));
    }
    this.usedIds.set(merchantId, used);
    const pictured = await this.deps.db
      .selectFrom('product_image_sets')
      .select((eb) => eb.fn.max('product_id').as('largest'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return {
      product: Math.max(used.product, Number(pictured?.largest ?? 0)) + 1,
      category: used.category + 1,
    };
  }

  /** The merchant's current catalogue and every version, for the editor. */
  async editor(merchantId: number): Promise<CatalogEditor> {
    const [current, versions, free] = await Promise.all([
      findCatalog(this.deps.db, merchantId),
      listCatalogVersions(this.deps.db, merchantId),
      this.freeIds(merchantId),
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
      NextProductId: free.product,
      NextCategoryId: free.category,
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
