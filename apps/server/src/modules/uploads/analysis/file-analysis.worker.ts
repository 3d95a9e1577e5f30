import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import {
  claimBlobForAnalysis,
  findBlobExtension,
  saveBlobAnalysis,
  saveBlobFacts,
  type UploadBlob,
} from '../uploads.repository.ts';
import { AnalysisThreadLost, FileAnalyser, type FileAnalyserLimits } from './file-analyser.ts';
import type { StoredFacts } from './file-facts.ts';

export interface FileAnalysisOptions {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Render PDFs' first pages with pdfjs-dist (in-process, on the analysis thread). */
  pdfjs: boolean;
  /** pdftoppm command, tried when pdfjs does not render; empty: not used. */
  pdfCommand: string;
  maxPdfBytes: number;
  /** How often to look for work left by a restart or another instance. */
  pollMs: number;
  /** The analysis thread's time-out, heap and idle time (tests); defaults otherwise. */
  limits?: FileAnalyserLimits;
}

/** The facts of a file whose analysis ended its thread (out of memory, a crash). */
const UNREADABLE: StoredFacts = { kind: 'other', problem: 'unreadable' };

/** A claim older than this is taken to belong to a worker that died. */
const STALE_CLAIM_MS = 10 * 60_000;

/** Where a content's thumbnail is stored. */
export function thumbnailKey(storageKey: string): string {
  return `thumbs/${storageKey.replace(/^files\//, '')}.webp`;
}

/**
 * Background analysis of newly stored contents: facts for preflight and the file card, and a
 * thumbnail. The queue is the upload_blobs table itself (thumbnail_status 'pending'), so work
 * survives restarts and any instance may take it; one content at a time per process keeps
 * memory flat. The analysis itself runs on a thread of its own (FileAnalyser), started by the
 * first content and ended when idle, so sharp, pdf-lib and pdfjs never load into the main thread
 * for it.
 */
export class FileAnalysisWorker {
  private running: Promise<void> | null = null;
  private shouldRunAgain = false;
  private isStopped = false;
  private timer: NodeJS.Timeout | null = null;
  /** The analysis thread's handle (tests look at whether it is running). */
  readonly analyser: FileAnalyser;

  constructor(private readonly options: FileAnalysisOptions) {
    this.analyser = new FileAnalyser(
      { pdfjs: options.pdfjs, pdfCommand: options.pdfCommand, maxPdfBytes: options.maxPdfBytes },
      options.limits,
    );
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (after a new content was stored). */
  kick(): void {
    if (this.isStopped) return;
    if (this.running) {
      this.shouldRunAgain = true;
      return;
    }
    this.running = this.work()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'file analysis failed'))
      .finally(() => {
        this.running = null;
        if (this.shouldRunAgain) {
          this.shouldRunAgain = false;
          this.kick();
        }
      });
  }

  /** Resolves when no content is waiting (tests, and the benchmark). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
    await this.analyser.close();
  }

  private async work(): Promise<void> {
    while (!this.isStopped) {
      const now = this.options.clock.now();
      const blob = await claimBlobForAnalysis(this.options.db, now, now - STALE_CLAIM_MS);
      if (!blob) return;
      await this.process(blob);
    }
  }

  private async process(blob: UploadBlob): Promise<void> {
    const { db, storage, log } = this.options;
    let facts = UNREADABLE;
    let thumbnail: Buffer | null = null;
    try {
      const extension = await findBlobExtension(db, blob.id);
      ({ facts, thumbnail } = await storage.withLocalFile(blob.storage_key, (filePath) =>
        this.analyser.analyse(filePath, blob.size, extension),
      ));
    } catch (error) {
      log.warn({ err: error, blob: blob.id }, 'could not analyse a stored file');
    }
    let key: string | null = null;
    if (thumbnail) {
      key = thumbnailKey(blob.storage_key);
      await storage.put(key, thumbnail, 'image/webp');
    }
    await saveBlobAnalysis(db, blob.id, {
      thumbnailStatus: key ? 'preview' : 'icon',
      thumbnailKey: key,
      factsJson: JSON.stringify(facts),
    });
  }

  /** Facts of a content, analysing it now when the background has not reached it yet. */
  async factsOf(blob: UploadBlob): Promise<StoredFacts> {
    if (blob.facts_json) return JSON.parse(blob.facts_json) as StoredFacts;
    const extension = await findBlobExtension(this.options.db, blob.id);
    const facts = await this.options.storage
      .withLocalFile(blob.storage_key, (filePath) => this.analyser.facts(filePath, blob.size, extension))
      .catch((error: unknown) => {
        if (error instanceof AnalysisThreadLost) return UNREADABLE;
        throw error;
      });
    await saveBlobFacts(this.options.db, blob.id, JSON.stringify(facts));
    return facts;
  }
}
