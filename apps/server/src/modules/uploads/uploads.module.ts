import type { ServerContext } from '../../context.ts';
import type { InstanceIdentity } from '../../db/instances.ts';
import { storageClock as defaultStorageClock, type Clock } from '../../lib/clock.ts';
import { FileAnalysisWorker } from './analysis/file-analysis.worker.ts';
import { RunningDigests } from './running-digests.ts';
import { ServerFileService } from './server-files.service.ts';
import { createFileStorage } from './storage/create-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { ChunkUploadService } from './upload-chunks.service.ts';
import { cleanUpAbandonedUploads, type CleanupResult } from './upload-cleanup.ts';
import { hashUnhashedContents, type HashingResult } from './unhashed-contents.ts';
import { releaseDeadClaims } from './uploads.repository.ts';

/** The uploads module's parts, built once per server. */
export interface UploadsModule {
  storage: FileStorage;
  analysis: FileAnalysisWorker;
  chunks: ChunkUploadService;
  files: ServerFileService;
  /** Chunk requests of one file the web client may keep in flight (UPLOAD_CHUNKS_IN_FLIGHT). */
  chunksInFlight: number;
  /** Removes abandoned uploads now (also runs every UPLOAD_CLEANUP_INTERVAL_MINUTES). */
  cleanUp(): Promise<CleanupResult>;
  /**
   * Releases the assembly claims of server instances that are dead (run at start; a request that
   * meets such a claim later takes it over itself); returns how many.
   */
  releaseDeadClaims(): Promise<number>;
  /** Hashes contents stored without a SHA-256 (at start and with every clean-up). */
  hashUnhashedContents(): Promise<HashingResult>;
  /**
   * Releases the claims of dead instances, then starts the background work; the instance must be
   * registered (db/instances.ts).
   */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const ANALYSIS_POLL_MS = 30_000;

export function createUploadsModule(
  context: ServerContext,
  instance: InstanceIdentity,
  storage = createFileStorage(context.config),
  storageClock: Clock = defaultStorageClock,
): UploadsModule {
  const { config, db, clock, log } = context;
  const digests = new RunningDigests(clock);
  const analysis = new FileAnalysisWorker({
    db,
    storage,
    clock,
    log,
    pdfjs: config.PDF_THUMBNAIL_PDFJS,
    pdfCommand: config.PDF_THUMBNAIL_COMMAND,
    maxPdfBytes: config.PREFLIGHT_MAX_PDF_MB * 1024 * 1024,
    pollMs: ANALYSIS_POLL_MS,
  });
  const settings = {
    instantScope: config.UPLOAD_INSTANT_SCOPE,
    signingSecret: context.signingSecret,
    linkTtlSeconds: config.FILE_LINK_TTL_SECONDS,
    maxPdfMb: config.PREFLIGHT_MAX_PDF_MB,
  };
  const ttlMs = config.UPLOAD_CHUNK_TTL_HOURS * 3_600_000;
  const cleanUp = () =>
    cleanUpAbandonedUploads({ db, storage, digests, log, storageClock }, clock.now(), ttlMs);
  const releaseClaims = async () => {
    const released = await releaseDeadClaims(db, instance.aliveSince(clock.now()));
    if (released) log.info({ released }, 'released upload assemblies claimed by dead server instances');
    return released;
  };
  let hashing: Promise<HashingResult> | null = null;
  let isStopping = false;
  const hashContents = () => {
    hashing ??= hashUnhashedContents({ db, storage, log, isStopping: () => isStopping }).finally(
      () => (hashing = null),
    );
    return hashing;
  };
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  let timer: NodeJS.Timeout | null = null;

  return {
    storage,
    analysis,
    chunks: new ChunkUploadService({ db, storage, clock, log, analysis, digests, settings, instance }),
    files: new ServerFileService({ db, storage, clock, analysis, settings }),
    chunksInFlight: config.UPLOAD_CHUNKS_IN_FLIGHT,
    cleanUp,
    releaseDeadClaims: releaseClaims,
    hashUnhashedContents: hashContents,
    async start() {
      // An upload whose assembly was cut off by a killed process is assembled again on request.
      await releaseClaims().catch(warn('releasing dead upload claims failed'));
      analysis.start();
      hashContents().catch(warn('hashing stored contents failed'));
      timer = setInterval(() => {
        cleanUp().catch(warn('upload cleanup failed'));
        hashContents().catch(warn('hashing stored contents failed'));
      }, config.UPLOAD_CLEANUP_INTERVAL_MINUTES * 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      isStopping = true;
      await hashing?.catch(() => undefined);
      await analysis.stop();
      await digests.close();
      await storage.close();
    },
  };
}
