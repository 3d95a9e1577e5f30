import { Worker } from 'node:worker_threads';
import type { AnalysisJob, AnalysisReply, AnalysisThreadSettings } from './analysis-thread.ts';
import { kindOfFile, type StoredFacts } from './file-facts.ts';

/** pdfjs's render taking longer than this is abandoned (the thread is ended) and the PDF falls back. */
const RENDER_TIMEOUT_MS = 30_000;
/** The analysis thread's JavaScript heap; a file that needs more ends the thread, not the server. */
const MAX_HEAP_MB = 384;
/**
 * The analysis thread is ended after this long without a file, so sharp's and pdf-lib's code,
 * pdfjs-dist, @napi-rs/canvas and the thread's heap are held only while files come in; the next
 * file starts it again.
 */
const IDLE_STOP_MS = 60_000;

export interface FileAnalyserLimits {
  renderTimeoutMs?: number;
  idleMs?: number;
  maxHeapMb?: number;
}

/** The analysis thread ended (out of memory, a crash) before it had the file's facts. */
export class AnalysisThreadLost extends Error {
  constructor() {
    super('the analysis thread ended before the file was analysed');
  }
}

/** What a job's replies told, once it has ended. */
interface Outcome {
  facts?: StoredFacts;
  thumbnail?: Buffer | null;
  error?: string;
  /** The thread ended before the job did; `whileRendering`: during pdfjs's render. */
  lost?: { whileRendering: boolean };
}

interface Running {
  job: AnalysisJob;
  outcome: Outcome;
  isRendering: boolean;
  timer: NodeJS.Timeout | null;
  finish: () => void;
}

/** Asks an idle thread to empty the process-wide caches it filled; gives up after a second. */
function release(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', done);
      resolve();
    };
    const onMessage = (reply: AnalysisReply) => {
      if (reply.type === 'released') done();
    };
    const timer = setTimeout(done, 1_000);
    worker.on('message', onMessage);
    worker.once('exit', done);
    worker.postMessage({ id: 0, task: 'release', path: '', size: 0, extension: '' } satisfies AnalysisJob);
  });
}

/**
 * How the thread is started: the bundled dist/analysis-thread.js next to the bundle that runs
 * this code; from TypeScript sources (tests), analysis-thread.ts loaded through tsx, registered
 * by a two-line bootstrap (Node 20 does not apply a worker's `--import` loader hooks).
 */
function threadScript(): { script: string | URL; isEval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./analysis-thread.js', import.meta.url), isEval: false };
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./analysis-thread.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return { script, isEval: true };
}

/**
 * Analyses stored files on a thread of its own (analysis-thread.ts): facts (pdf-lib, sharp) and a
 * thumbnail (sharp; pdfjs-dist or pdftoppm for PDFs). The main thread never loads those packages
 * for analysis, parsing never holds up requests, pdfjs's render is limited in time, the thread's
 * heap is capped, and a hostile file ends only the thread (the next file gets a new one). One
 * file at a time. The thread starts with the first file and ends when no file came for `idleMs`.
 */
export class FileAnalyser {
  private worker: Worker | null = null;
  private running: Running | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly renderTimeoutMs: number;
  private readonly idleMs: number;
  private readonly maxHeapMb: number;

  constructor(
    private readonly settings: AnalysisThreadSettings,
    limits: FileAnalyserLimits = {},
  ) {
    this.renderTimeoutMs = limits.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
    this.idleMs = limits.idleMs ?? IDLE_STOP_MS;
    this.maxHeapMb = limits.maxHeapMb ?? MAX_HEAP_MB;
  }

  /** Whether the analysis thread (and the packages it loaded) is there now. */
  get isRunning(): boolean {
    return this.worker !== null;
  }

  /**
   * Facts and thumbnail (WebP, or null: a typed icon) of a file. Rejects when the file cannot be
   * read, or with AnalysisThreadLost when the thread ended before it had the facts.
   */
  analyse(
    filePath: string,
    size: number,
    extension: string,
  ): Promise<{ facts: StoredFacts; thumbnail: Buffer | null }> {
    return this.enqueue(async () => {
      // A file that is neither a PDF nor a picture (an archive, AI, CDR, PSD…) has no facts to
      // parse and no preview: answered here, without starting the thread for it.
      if ((await kindOfFile(filePath, extension)) === 'other') {
        return { facts: { kind: 'other' }, thumbnail: null };
      }
      const outcome = await this.run('analyse', filePath, size, extension);
      const facts = this.factsOf(outcome);
      let thumbnail = outcome.thumbnail ?? null;
      // pdfjs ran out of time or memory and took the thread with it: pdftoppm, on a new thread.
      if (outcome.lost?.whileRendering && this.settings.pdfCommand) {
        thumbnail = (await this.run('rasterise', filePath, size, extension)).thumbnail ?? null;
      }
      return { facts, thumbnail };
    });
  }

  /** Facts of a file only; rejects as analyse() does. */
  facts(filePath: string, size: number, extension: string): Promise<StoredFacts> {
    return this.enqueue(async () => {
      if ((await kindOfFile(filePath, extension)) === 'other') return { kind: 'other' };
      return this.factsOf(await this.run('facts', filePath, size, extension));
    });
  }

  /** Ends the thread (when idle, or at server shutdown); a later file starts a new one. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    if (!worker) return;
    if (this.running) return this.lose(worker);
    // Detached first, so that a file arriving meanwhile gets a new thread.
    this.worker = null;
    await release(worker);
    await worker.terminate();
  }

  private factsOf(outcome: Outcome): StoredFacts {
    if (outcome.facts) return outcome.facts;
    if (outcome.error !== undefined) throw new Error(outcome.error);
    throw new AnalysisThreadLost();
  }

  /** Runs `task` after the jobs before it; the thread's idle clock starts when none is left. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const result = this.queue.then(task);
    this.queue = result.catch(() => null);
    void this.queue.then(() => {
      this.waiting -= 1;
      if (this.waiting === 0 && this.worker) {
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
        this.idleTimer.unref();
      }
    });
    return result;
  }

  private run(task: AnalysisJob['task'], path: string, size: number, extension: string): Promise<Outcome> {
    const worker = this.thread();
    const job: AnalysisJob = { id: this.nextId++, task, path, size, extension };
    return new Promise<Outcome>((resolve) => {
      const running: Running = {
        job,
        outcome: {},
        isRendering: false,
        timer: null,
        finish: () => {
          if (running.timer) clearTimeout(running.timer);
          if (this.running === running) this.running = null;
          worker.unref();
          resolve(running.outcome);
        },
      };
      this.running = running;
      // A job in progress keeps the process alive; an idle thread does not.
      worker.ref();
      worker.postMessage(job);
    });
  }

  private receive(worker: Worker, reply: AnalysisReply): void {
    const running = this.running;
    if (!running || reply.id !== running.job.id) return;
    switch (reply.type) {
      case 'facts':
        running.outcome.facts = reply.facts;
        if (running.job.task === 'facts') running.finish();
        return;
      case 'rendering':
        running.isRendering = true;
        // A render that does not finish is stopped by ending the thread.
        running.timer = setTimeout(() => void this.lose(worker), this.renderTimeoutMs);
        return;
      case 'rendered':
        running.isRendering = false;
        if (running.timer) clearTimeout(running.timer);
        running.timer = null;
        return;
      case 'thumbnail':
        running.outcome.thumbnail = reply.picture
          ? Buffer.from(reply.picture.buffer, reply.picture.byteOffset, reply.picture.byteLength)
          : null;
        running.finish();
        return;
      case 'failed':
        running.outcome.error = reply.error;
        running.finish();
        return;
    }
  }

  /** The thread ended or is being ended: the job in progress ends with what it had. */
  private async lose(worker: Worker): Promise<void> {
    if (this.worker !== worker) return;
    this.worker = null;
    const running = this.running;
    if (running) {
      running.outcome.lost = { whileRendering: running.isRendering };
      running.finish();
    }
    await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const { script, isEval } = threadScript();
    const worker = new Worker(script, {
      eval: isEval,
      workerData: this.settings,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    // pdfjs's console warnings about damaged files are dropped, not mixed into the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (reply: AnalysisReply) => this.receive(worker, reply));
    // Out of memory or a crash: the job in progress falls back; the next file gets a new thread.
    worker.on('error', () => void this.lose(worker));
    worker.on('exit', () => void this.lose(worker));
    this.worker = worker;
    return worker;
  }
}
