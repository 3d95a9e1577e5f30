import { UPLOAD_CHUNK_SIZE, UPLOAD_MAX_CHUNKS_IN_FLIGHT, UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadChunkFields, UploadChunkResult, UploadTypeValue } from '@inkstone/contracts';
import { preCheckFile } from './pre-check.ts';
import { fileKey } from './resume-store.ts';
import type { ResumeStore } from './resume-store.ts';

/** What the spec §8 calls a stopped upload. */
export const STOPPED_MESSAGE = '中途停止';

/**
 * How a chunk call failed, as far as the queue cares:
 * - `network`: no answer, a time-out or a server fault: wait, ask the server what it has, go on;
 * - `busy`: another request is assembling this file (-1085): wait and ask again;
 * - `checksum`: the joined file's MD5 differed (-1084) and the server discarded the chunks: start over;
 * - `refused`: the server refused the upload (name, type, size, login): show why and stop;
 * - `aborted`: the customer stopped it.
 */
export type UploadFailure = 'network' | 'busy' | 'checksum' | 'refused' | 'aborted';

export class UploadCallError extends Error {
  constructor(
    message: string,
    readonly failure: UploadFailure,
  ) {
    super(message);
    this.name = 'UploadCallError';
  }
}

/** The two calls of the chunk protocol (spec §4, docs/uploads.md). Failures are UploadCallErrors. */
export interface UploadTransport {
  /** GET /api/common/UploadChunkFile: which chunks the server holds, or the finished file. */
  check(fields: UploadChunkFields, signal: AbortSignal): Promise<UploadChunkResult>;
  /** POST /api/common/UploadChunkFile: one chunk's bytes. */
  send(fields: UploadChunkFields, chunk: Blob, signal: AbortSignal): Promise<UploadChunkResult>;
}

/** Computes the MD5 of a whole file (hex), reporting the bytes read so far. */
export interface FileHasher {
  hash(file: Blob, onProgress: (bytesDone: number) => void, signal: AbortSignal): Promise<string>;
  dispose?(): void;
}

/** Whether the browser has a network, and a way to wait for it to come back. */
export interface Connectivity {
  isOnline(): boolean;
  waitUntilOnline(signal: AbortSignal): Promise<void>;
}

export interface RetryPolicy {
  /** Failed attempts in a row before the upload pauses as failed (it can be continued). */
  maxAttempts: number;
  /** Wait before the first retry; doubled each time up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s: about two and a half minutes of trying. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 30_000 };

export type UploadStatus =
  'queued' | 'hashing' | 'uploading' | 'retrying' | 'done' | 'stopped' | 'failed' | 'rejected';

/** One file in the queue, as the screen shows it (an immutable snapshot). */
export interface UploadItem {
  id: string;
  /** The chosen file (for a local preview); never sent as a whole. */
  source: File;
  fileName: string;
  size: number;
  uploadType: UploadTypeValue;
  status: UploadStatus;
  /** 0–1 of the MD5 computation. */
  hashProgress: number;
  /** Bytes the server holds. */
  uploadedBytes: number;
  totalChunks: number;
  /** Chunks sent by this page (all runs). */
  chunksSent: number;
  /** Measured over the last seconds of sending; null before the first chunk of a run. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** What is happening or what went wrong, in Chinese; '' while all is well. */
  message: string;
  /** Set while waiting to retry: which attempt comes and when. */
  retry: { attempt: number; at: number } | null;
  /** Finished without sending a byte: the server already had the content (秒传). */
  isInstant: boolean;
  /** Stopped or failed in a way that continuing can fix. */
  canResume: boolean;
  file: ServerFile | null;
}

export interface UploadQueueOptions {
  transport: UploadTransport;
  hasher: FileHasher;
  uploadType?: UploadTypeValue;
  /**
   * Files uploaded at the same time. Each file's chunks go one after another (spec §4), or up to
   * the server's `ChunksInFlight` at once when its reply says so.
   */
  concurrency?: number;
  retry?: RetryPolicy;
  /** Remembers identifiers and progress across page loads. */
  resume?: ResumeStore;
  connectivity?: Connectivity;
  /** Waits `ms`, or rejects when `signal` aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  now?(): number;
  /** A file finished (sent, or 秒传). */
  onUploaded?(file: ServerFile, item: UploadItem): void;
}

interface Entry {
  id: string;
  source: File;
  key: string;
  status: UploadStatus;
  hashProgress: number;
  identifier: string | null;
  held: Set<number>;
  totalChunks: number;
  chunksSent: number;
  /** (time, bytes held) of the running upload, for speed and time left. */
  samples: { at: number; bytes: number }[];
  message: string;
  retry: { attempt: number; at: number } | null;
  isInstant: boolean;
  canResume: boolean;
  file: ServerFile | null;
  controller: AbortController | null;
  view: UploadItem | null;
}

/** One run of an upload: its signal, failed calls in a row (reset by every chunk the server takes), and restarts after a checksum failure. */
interface UploadRun {
  signal: AbortSignal;
  attempt: number;
  checksumRestarts: number;
}

/** Speed is measured over this window of the latest chunks. */
const SPEED_WINDOW_MS = 8000;

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const alwaysOnline: Connectivity = { isOnline: () => true, waitUntilOnline: () => Promise.resolve() };

function sizeOfChunk(number: number, totalSize: number): number {
  return Math.min(UPLOAD_CHUNK_SIZE, totalSize - (number - 1) * UPLOAD_CHUNK_SIZE);
}

/** How many chunk requests the server's reply allows in flight, within what this client sends. */
function chunksInFlightOf(result: UploadChunkResult): number {
  return Math.max(1, Math.min(UPLOAD_MAX_CHUNKS_IN_FLIGHT, result.ChunksInFlight ?? 1));
}

function totalChunksOf(size: number): number {
  return Math.max(1, Math.ceil(size / UPLOAD_CHUNK_SIZE));
}

let nextId = 1;

/**
 * The uploader of spec §4: for each file, the MD5 of the whole file (the identifier), then ask the
 * server which chunks it holds, send the missing ones one after another (or, when the server's
 * reply allows it, up to UPLOAD_MAX_CHUNKS_IN_FLIGHT at once), and finish when the server says the
 * file is complete. A failed call waits with back-off (1 s, 2 s, 4 s … 30 s, and
 * for the network to come back when the browser is offline), asks again what the server holds and
 * goes on, so a dropped connection or a page reload costs only the chunks not yet stored.
 * Stopping aborts the call in flight: the file stands 中途停止 until continued.
 */
export class UploadQueue {
  private readonly entries: Entry[] = [];
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly UploadItem[] = [];
  private isDirty = false;
  private running = 0;
  private readonly options: Required<
    Pick<UploadQueueOptions, 'uploadType' | 'concurrency' | 'retry' | 'connectivity' | 'sleep' | 'now'>
  > &
    UploadQueueOptions;

  constructor(options: UploadQueueOptions) {
    this.options = {
      uploadType: UploadType.Default,
      concurrency: 1,
      retry: DEFAULT_RETRY,
      connectivity: alwaysOnline,
      sleep: defaultSleep,
      now: () => Date.now(),
      ...options,
    };
  }

  /** Listeners are told after every change; read the items with getSnapshot(). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => {
    if (this.isDirty) {
      this.snapshot = this.entries.map((entry) => (entry.view ??= this.viewOf(entry)));
      this.isDirty = false;
    }
    return this.snapshot;
  };

  /**
   * Queues files. Each is checked against the upload type's rules first: a file that breaks one
   * is listed as rejected with the reason, and never hashed or sent.
   */
  add(files: readonly File[]): UploadItem[] {
    const added: Entry[] = [];
    for (const source of files) {
      const check = preCheckFile(source, this.options.uploadType);
      const entry: Entry = {
        id: `upload-${nextId++}`,
        source,
        key: fileKey(source, this.options.uploadType),
        status: check.ok ? 'queued' : 'rejected',
        hashProgress: 0,
        identifier: null,
        held: new Set(),
        totalChunks: totalChunksOf(source.size),
        chunksSent: 0,
        samples: [],
        message: check.ok ? '' : check.message,
        retry: null,
        isInstant: false,
        canResume: false,
        file: null,
        controller: null,
        view: null,
      };
      this.entries.push(entry);
      added.push(entry);
    }
    this.changed();
    this.pump();
    return added.map((entry) => (entry.view ??= this.viewOf(entry)));
  }

  /** Stops a file: the call in flight is aborted and the file stands 中途停止. */
  stop(id: string): void {
    const entry = this.find(id);
    if (!entry || !this.isActive(entry)) return;
    if (entry.controller) entry.controller.abort();
    else this.settle(entry, 'stopped', STOPPED_MESSAGE, true);
  }

  stopAll(): void {
    for (const entry of this.entries) this.stop(entry.id);
  }

  /** Continues a stopped or failed file: asks the server what it holds and sends the rest. */
  resume(id: string): void {
    const entry = this.find(id);
    if (!entry || !entry.canResume || (entry.status !== 'stopped' && entry.status !== 'failed')) return;
    entry.status = 'queued';
    entry.message = '';
    entry.canResume = false;
    this.touch(entry);
    this.pump();
  }

  resumeAll(): void {
    for (const entry of this.entries) this.resume(entry.id);
  }

  /** Takes a file off the list, stopping it first. */
  remove(id: string): void {
    const index = this.entries.findIndex((entry) => entry.id === id);
    if (index < 0) return;
    const [entry] = this.entries.splice(index, 1);
    entry?.controller?.abort();
    this.changed();
  }

  /** Takes finished and rejected files off the list. */
  clearSettled(): void {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const status = this.entries[i]!.status;
      if (status === 'done' || status === 'rejected') this.entries.splice(i, 1);
    }
    this.changed();
  }

  /** Files waiting or being hashed or sent. */
  get activeCount(): number {
    return this.entries.filter((entry) => this.isActive(entry)).length;
  }

  /** Stops everything and releases the hasher (leaving the page). The queue stays usable. */
  dispose(): void {
    this.stopAll();
    this.options.hasher.dispose?.();
  }

  private find(id: string): Entry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  private isActive(entry: Entry): boolean {
    return (
      entry.status === 'queued' ||
      entry.status === 'hashing' ||
      entry.status === 'uploading' ||
      entry.status === 'retrying'
    );
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const next = this.entries.find((entry) => entry.status === 'queued' && !entry.controller);
      if (!next) return;
      this.running += 1;
      void this.run(next).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    entry.samples = [];
    try {
      await this.upload(entry, controller.signal);
    } catch (error) {
      const failure = error instanceof UploadCallError ? error : null;
      if (controller.signal.aborted || failure?.failure === 'aborted') {
        this.settle(entry, 'stopped', STOPPED_MESSAGE, true);
      } else {
        const message = failure?.message || (error instanceof Error && error.message) || '上传失败';
        this.settle(entry, 'failed', message, failure?.failure !== 'refused');
      }
    } finally {
      entry.controller = null;
      entry.retry = null;
      this.touch(entry);
    }
  }

  private async upload(entry: Entry, signal: AbortSignal): Promise<void> {
    const run: UploadRun = { signal, attempt: 0, checksumRestarts: 0 };
    for (;;) {
      if (!entry.identifier) {
        entry.identifier = await this.identify(entry, signal);
      }
      if (entry.status !== 'uploading') {
        entry.status = 'uploading';
        entry.message = '';
        this.touch(entry);
      }

      // Ask the server what it holds (spec §4); a reload or a lost reply costs nothing more.
      let result: UploadChunkResult;
      try {
        result = await this.options.transport.check(this.fieldsOf(entry, 1), signal);
      } catch (error) {
        const failure = this.asCallError(error, signal);
        if (failure.failure !== 'network' && failure.failure !== 'busy') throw failure;
        await this.waitToRetry(entry, run, failure);
        continue;
      }
      if (result.SkipUpload && result.FilePath) {
        this.finish(entry, result, entry.chunksSent === 0);
        return;
      }
      this.hold(entry, result.Uploaded);
      this.options.resume?.remember(this.recordOf(entry, false));

      const outcome = await this.sendChunks(entry, run, chunksInFlightOf(result));
      if (outcome === 'finished') return;
      if (outcome !== 'none-sent') continue;
      // The server holds every chunk but has not said the file is complete (another request is
      // assembling it): wait, then ask again.
      await this.waitToRetry(entry, run, new UploadCallError('', 'busy'));
    }
  }

  /**
   * Sends the chunks the server does not hold, in order, keeping up to `inFlight` requests going
   * (1: one after another, as spec §4 describes; more when the server's reply allows it). After a
   * failure no further chunk starts; those in flight finish, then the failure is dealt with once.
   * Says whether the file is finished, whether to ask the server again (after a failure, or after
   * chunks were sent), or that there was nothing to send.
   */
  private async sendChunks(
    entry: Entry,
    run: UploadRun,
    inFlight: number,
  ): Promise<'finished' | 'ask-again' | 'none-sent'> {
    const missing: number[] = [];
    for (let number = 1; number <= entry.totalChunks; number++) {
      if (!entry.held.has(number)) missing.push(number);
    }
    let next = 0;
    let hasProgressed = false;
    let isFinished = false;
    let failure: UploadCallError | null = null;
    const sendInTurn = async (): Promise<void> => {
      while (!failure && !isFinished && next < missing.length) {
        const number = missing[next++]!;
        const offset = (number - 1) * UPLOAD_CHUNK_SIZE;
        const chunk = entry.source.slice(offset, offset + sizeOfChunk(number, entry.source.size));
        let reply: UploadChunkResult;
        try {
          reply = await this.options.transport.send(this.fieldsOf(entry, number), chunk, run.signal);
        } catch (error) {
          failure ??= this.asCallError(error, run.signal);
          return;
        }
        run.attempt = 0;
        hasProgressed = true;
        entry.chunksSent += 1;
        entry.held.add(number);
        this.sample(entry);
        if (reply.SkipUpload && reply.FilePath) {
          if (!isFinished) this.finish(entry, reply, false);
          isFinished = true;
          return;
        }
        this.options.resume?.remember(this.recordOf(entry, false));
        this.touch(entry);
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, missing.length) }, sendInTurn));
    if (isFinished) return 'finished';
    if (failure) {
      await this.recoverFromChunkFailure(entry, run, failure);
      return 'ask-again';
    }
    return hasProgressed ? 'ask-again' : 'none-sent';
  }

  /** A chunk failed: wait and retry, or start over once after a checksum failure; else give up. */
  private async recoverFromChunkFailure(
    entry: Entry,
    run: UploadRun,
    failure: UploadCallError,
  ): Promise<void> {
    if (failure.failure === 'network' || failure.failure === 'busy') {
      await this.waitToRetry(entry, run, failure);
      return;
    }
    if (failure.failure === 'checksum' && run.checksumRestarts === 0) {
      // The server discarded every chunk: hash the file again (it may have changed) and
      // send it all once more.
      run.checksumRestarts += 1;
      this.options.resume?.forget(entry.key);
      entry.identifier = null;
      entry.held.clear();
      entry.samples = [];
      return;
    }
    if (failure.failure === 'checksum') {
      throw new UploadCallError('文件校验失败（内容与 MD5 不一致），请确认文件未被修改后重新选择', 'refused');
    }
    throw failure;
  }

  /**
   * After a failure: wait for the network when the browser is offline (not counted as an
   * attempt), else with back-off; give up after `maxAttempts` failures in a row.
   */
  private async waitToRetry(entry: Entry, run: UploadRun, error: UploadCallError): Promise<void> {
    const { retry, connectivity } = this.options;
    if (!connectivity.isOnline()) {
      entry.status = 'retrying';
      entry.message = '网络已断开，恢复后自动继续';
      entry.retry = null;
      this.touch(entry);
      await connectivity.waitUntilOnline(run.signal);
    }
    run.attempt += 1;
    if (run.attempt > retry.maxAttempts) {
      throw new UploadCallError(
        error.failure === 'busy'
          ? '服务器暂时无法完成文件合并，请稍后点击“继续”'
          : '网络连接不稳定，上传已暂停，请检查网络后点击“继续”',
        error.failure,
      );
    }
    const delay = Math.min(retry.baseDelayMs * 2 ** (run.attempt - 1), retry.maxDelayMs);
    entry.status = 'retrying';
    entry.message = error.failure === 'busy' ? '服务器正在合并文件，稍后自动重试' : '网络异常，稍后自动重试';
    entry.retry = { attempt: run.attempt, at: this.options.now() + delay };
    this.touch(entry);
    await this.options.sleep(delay, run.signal);
    entry.retry = null;
    entry.message = '';
  }

  private async identify(entry: Entry, signal: AbortSignal): Promise<string> {
    const remembered = this.options.resume?.identifierOf(entry.key);
    if (remembered) return remembered;
    entry.status = 'hashing';
    entry.hashProgress = 0;
    entry.message = '';
    this.touch(entry);
    const size = Math.max(1, entry.source.size);
    const identifier = await this.options.hasher.hash(
      entry.source,
      (done) => {
        entry.hashProgress = Math.min(1, done / size);
        this.touch(entry);
      },
      signal,
    );
    if (signal.aborted) throw new UploadCallError(STOPPED_MESSAGE, 'aborted');
    entry.hashProgress = 1;
    return identifier;
  }

  private asCallError(error: unknown, signal: AbortSignal): UploadCallError {
    if (signal.aborted) return new UploadCallError(STOPPED_MESSAGE, 'aborted');
    if (error instanceof UploadCallError) return error;
    return new UploadCallError(error instanceof Error ? error.message : '上传失败', 'network');
  }

  private fieldsOf(entry: Entry, number: number): UploadChunkFields {
    return {
      identifier: entry.identifier ?? '',
      filename: entry.source.name,
      totalChunks: entry.totalChunks,
      chunkSize: UPLOAD_CHUNK_SIZE,
      currentChunkSize: sizeOfChunk(number, entry.source.size),
      chunkNumber: number,
      totalSize: entry.source.size,
      uploaderFileType: this.options.uploadType,
    };
  }

  private hold(entry: Entry, numbers: readonly number[]): void {
    entry.held = new Set(numbers.filter((number) => number >= 1 && number <= entry.totalChunks));
    entry.samples = [];
    this.sample(entry);
    this.touch(entry);
  }

  private heldBytes(entry: Entry): number {
    let bytes = 0;
    for (const number of entry.held) bytes += sizeOfChunk(number, entry.source.size);
    return bytes;
  }

  private sample(entry: Entry): void {
    const at = this.options.now();
    entry.samples.push({ at, bytes: this.heldBytes(entry) });
    while (entry.samples.length > 2 && at - entry.samples[1]!.at > SPEED_WINDOW_MS) entry.samples.shift();
  }

  private finish(entry: Entry, result: UploadChunkResult, isInstant: boolean): void {
    entry.held = new Set(Array.from({ length: entry.totalChunks }, (_, index) => index + 1));
    entry.isInstant = isInstant;
    entry.file = result.File;
    entry.hashProgress = 1;
    this.options.resume?.remember(this.recordOf(entry, true));
    this.settle(entry, 'done', isInstant ? '秒传完成' : '上传完成', false);
    const view = (entry.view ??= this.viewOf(entry));
    if (result.File) this.options.onUploaded?.(result.File, view);
  }

  private recordOf(entry: Entry, isFinished: boolean) {
    return {
      key: entry.key,
      name: entry.source.name,
      size: entry.source.size,
      identifier: entry.identifier ?? '',
      uploadedBytes: this.heldBytes(entry),
      isFinished,
    };
  }

  private settle(entry: Entry, status: UploadStatus, message: string, canResume: boolean): void {
    entry.status = status;
    entry.message = message;
    entry.canResume = canResume;
    entry.retry = null;
    entry.samples = [];
    this.touch(entry);
  }

  private touch(entry: Entry): void {
    entry.view = null;
    this.changed();
  }

  private changed(): void {
    this.isDirty = true;
    for (const listener of this.listeners) listener();
  }

  private viewOf(entry: Entry): UploadItem {
    const uploadedBytes = this.heldBytes(entry);
    let bytesPerSecond: number | null = null;
    let secondsLeft: number | null = null;
    const first = entry.samples[0];
    const last = entry.samples[entry.samples.length - 1];
    if (first && last && last.at > first.at && last.bytes > first.bytes) {
      bytesPerSecond = ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
      secondsLeft = (entry.source.size - uploadedBytes) / bytesPerSecond;
    }
    return {
      id: entry.id,
      source: entry.source,
      fileName: entry.source.name,
      size: entry.source.size,
      uploadType: this.options.uploadType,
      status: entry.status,
      hashProgress: entry.hashProgress,
      uploadedBytes,
      totalChunks: entry.totalChunks,
      chunksSent: entry.chunksSent,
      bytesPerSecond,
      secondsLeft,
      message: entry.message,
      retry: entry.retry,
      isInstant: entry.isInstant,
      canResume: entry.canResume,
      file: entry.file,
    };
  }
}
