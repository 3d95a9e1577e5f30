import type { ServerContext } from '../../context.ts';
import { storageClock as defaultStorageClock, type Clock } from '../../lib/clock.ts';
import { FileAnalysisWorker } from './analysis/file-analysis.worker.ts';
import { RunningDigests } from './running-digests.ts';
import { ServerFileService } from './server-files.service.ts';
import { createFileStorage } from './storage/create-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { ChunkUploadService } from './upload-chunks.service.ts';
import { cleanUpAbandonedUploads, type CleanupResult } from './upload-cleanup.ts';

/** The uploads module's parts, built once per server. */
export interface UploadsModule {
  storage: FileStorage;
  analysis: FileAnalysisWorker;
  chunks: ChunkUploadService;
  files: ServerFileService;
  /** Removes abandoned uploads now (also runs every UPLOAD_CLEANUP_INTERVAL_MINUTES). */
  cleanUp(): Promise<CleanupResult>;
  start(): void;
  stop(): Promise<void>;
}

const ANALYSIS_POLL_MS = 30_000;

export function createUploadsModule(
  context: ServerContext,
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
  let timer: NodeJS.Timeout | null = null;

  return {
    storage,
    analysis,
    chunks: new ChunkUploadService({ db, storage, clock, log, analysis, digests, settings }),
    files: new ServerFileService({ db, storage, clock, analysis, settings }),
    cleanUp,
    start() {
      analysis.start();
      timer = setInterval(() => {
        cleanUp().catch((error: unknown) => log.warn({ err: error }, 'upload cleanup failed'));
      }, config.UPLOAD_CLEANUP_INTERVAL_MINUTES * 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await analysis.stop();
      await digests.close();
      await storage.close();
    },
  };
}
