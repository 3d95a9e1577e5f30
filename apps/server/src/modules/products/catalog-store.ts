/**
 * The compiled catalogue of each merchant, kept in memory (docs/catalog.md, "Cache").
 *
 * A quote must not read the database: the store answers from memory and asks the database only
 * for the current version number, at most once every CATALOG_VERSION_CHECK_MS per merchant. An
 * import on this instance calls `invalidate` and is seen at once; an import elsewhere (another
 * instance, the command line) is seen within the check interval. Concurrent requests share one
 * look-up. Old versions stay loadable for orders priced with them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatCatalogIssues, readCatalogFile } from './catalog-file.ts';
import { findCatalog, findCatalogHead, type CatalogRow } from './catalog.repository.ts';
import { CatalogSnapshot } from './catalog-snapshot.ts';

/** Longest time an instance keeps serving a catalogue before asking whether a newer one exists. */
export const CATALOG_VERSION_CHECK_MS = 3_000;
/** Merchants whose current catalogue stays in memory; the least recently used leaves first. */
const MAX_CACHED_MERCHANTS = 1_000;
/** Older versions kept in memory for re-pricing orders. */
const MAX_CACHED_OLD_VERSIONS = 50;

interface Entry {
  /** 0 when the merchant has no catalogue. */
  version: number;
  snapshot: CatalogSnapshot | null;
  /** The stored file no longer passes validation (e.g. the engine's rules were tightened). */
  isBroken: boolean;
  checkedAt: number;
}

export interface CatalogStoreDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class CatalogStore {
  private readonly entries = new Map<number, Entry>();
  private readonly pending = new Map<number, Promise<Entry>>();
  /** Bumped by `invalidate`, so a look-up that started before an import cannot store stale data. */
  private readonly generations = new Map<number, number>();
  private readonly oldVersions = new Map<string, CatalogSnapshot>();

  constructor(
    private readonly deps: CatalogStoreDeps,
    private readonly checkIntervalMs = CATALOG_VERSION_CHECK_MS,
  ) {}

  /**
   * The merchant's current catalogue, or null when none was imported. Throws CatalogUnavailable
   * when the stored file no longer validates (logged with its problems).
   */
  async current(merchantId: number): Promise<CatalogSnapshot | null> {
    const known = this.cached(merchantId);
    if (known !== undefined) return known;
    const entry = await this.refresh(merchantId, this.entries.get(merchantId));
    if (entry.isBroken) throw new AppError('CatalogUnavailable');
    return entry.snapshot;
  }

  /**
   * `current` without waiting, when this instance checked the merchant's version recently;
   * undefined when it has to ask the database (then `current`).
   */
  cached(merchantId: number): CatalogSnapshot | null | undefined {
    const entry = this.entries.get(merchantId);
    if (!entry || this.deps.clock.now() - entry.checkedAt >= this.checkIntervalMs) return undefined;
    if (entry.isBroken) throw new AppError('CatalogUnavailable');
    return entry.snapshot;
  }

  /** A given version of the merchant's catalogue (for orders sold at it), or null when absent. */
  async atVersion(merchantId: number, version: number): Promise<CatalogSnapshot | null> {
    const current = this.entries.get(merchantId)?.snapshot;
    if (current?.version === version) return current;
    const key = `${merchantId}:${version}`;
    const cached = this.oldVersions.get(key);
    if (cached) return cached;
    const row = await findCatalog(this.deps.db, merchantId, version);
    if (!row) return null;
    const snapshot = this.build(merchantId, row);
    if (!snapshot) throw new AppError('CatalogUnavailable');
    this.oldVersions.set(key, snapshot);
    if (this.oldVersions.size > MAX_CACHED_OLD_VERSIONS) {
      const oldest = this.oldVersions.keys().next().value;
      if (oldest !== undefined) this.oldVersions.delete(oldest);
    }
    return snapshot;
  }

  /** Forgets the merchant's catalogue on this instance; the next request loads the newest. */
  invalidate(merchantId: number): void {
    this.generations.set(merchantId, (this.generations.get(merchantId) ?? 0) + 1);
    this.entries.delete(merchantId);
    this.pending.delete(merchantId);
  }

  private refresh(merchantId: number, previous: Entry | undefined): Promise<Entry> {
    const running = this.pending.get(merchantId);
    if (running) return running;
    const generation = this.generations.get(merchantId) ?? 0;
    const promise = this.load(merchantId, previous).then(
      (entry) => {
        if (this.pending.get(merchantId) === promise) this.pending.delete(merchantId);
        if ((this.generations.get(merchantId) ?? 0) === generation) this.remember(merchantId, entry);
        return entry;
      },
      (error: unknown) => {
        if (this.pending.get(merchantId) === promise) this.pending.delete(merchantId);
        throw error;
      },
    );
    this.pending.set(merchantId, promise);
    return promise;
  }

  private async load(merchantId: number, previous: Entry | undefined): Promise<Entry> {
    const checkedAt = this.deps.clock.now();
    const head = await findCatalogHead(this.deps.db, merchantId);
    if (!head) return { version: 0, snapshot: null, isBroken: false, checkedAt };
    if (previous && previous.version === head.version) return { ...previous, checkedAt };
    const row = await findCatalog(this.deps.db, merchantId, head.version);
    if (!row) return { version: 0, snapshot: null, isBroken: false, checkedAt };
    const snapshot = this.build(merchantId, row);
    return { version: row.version, snapshot, isBroken: snapshot === null, checkedAt };
  }

  /** Validates and compiles a stored version; null (and an error log line) when it is invalid. */
  private build(merchantId: number, row: CatalogRow): CatalogSnapshot | null {
    const file = readCatalogFile(row.content);
    if (!file.ok) {
      this.deps.log.error(
        { merchantId, version: row.version, issues: formatCatalogIssues(file.issues).slice(0, 20) },
        'stored catalogue no longer validates; import it again',
      );
      return null;
    }
    return new CatalogSnapshot(merchantId, row.version, row.imported_at, file.catalog);
  }

  private remember(merchantId: number, entry: Entry): void {
    this.entries.delete(merchantId);
    this.entries.set(merchantId, entry);
    if (this.entries.size > MAX_CACHED_MERCHANTS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
