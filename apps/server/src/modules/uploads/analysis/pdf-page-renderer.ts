import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A render taking longer than this is abandoned (the thread is ended) and the PDF falls back. */
const RENDER_TIMEOUT_MS = 30_000;
/** The rendering thread's JavaScript heap; a PDF that needs more ends the thread, not the server. */
const MAX_HEAP_MB = 384;
/**
 * The rendering thread is ended after this long without a render, so pdfjs-dist, @napi-rs/canvas
 * and the thread's heap (tens of MB) are held only while PDFs come in; the next PDF starts it again.
 */
const IDLE_STOP_MS = 60_000;
/** Images in a PDF larger than this many pixels are not decoded for a thumbnail. */
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The rendering thread: loads pdfjs-dist (legacy build for Node, which draws with @napi-rs/canvas)
 * and renders page 1 of each PDF it is sent to a PNG whose long side is `size` pixels. Plain
 * JavaScript evaluated as the worker's script, so the bundled server needs no extra file; pdfjs
 * parses on this same thread (its "fake worker"). Fonts, CMaps and decoders come from the package
 * folder on disk: nothing is fetched from the network and no font is installed in the process.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs/promises');
const loaded = import(workerData.pdfjsUrl);
parentPort.on('message', async (message) => {
  let document = null;
  try {
    const pdfjs = await loaded;
    const data = new Uint8Array(await fs.readFile(message.path));
    document = await pdfjs.getDocument({
      data,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: workerData.assets + 'standard_fonts/',
      cMapUrl: workerData.assets + 'cmaps/',
      cMapPacked: true,
      wasmUrl: workerData.assets + 'wasm/',
      iccUrl: workerData.assets + 'iccs/',
      useWorkerFetch: false,
      isEvalSupported: false,
      enableXfa: false,
      maxImageSize: workerData.maxImagePixels,
      verbosity: 0,
    }).promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = message.size / Math.max(natural.width, natural.height, 1);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.min(message.size, Math.round(viewport.width)));
    const height = Math.max(1, Math.min(message.size, Math.round(viewport.height)));
    const { canvas, context } = document.canvasFactory.create(width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    const png = canvas.toBuffer('image/png');
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
    parentPort.postMessage({ id: message.id, png: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  } finally {
    if (document) await document.destroy().catch(() => {});
  }
});
`;

type Reply = { id: number; png: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve: (png: Buffer | null) => void;
  timer: NodeJS.Timeout;
}

/** Where pdfjs-dist is installed, or null when it is not (PDFs then fall back). */
function locatePdfjs(): { pdfjsUrl: string; assets: string } | null {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
    const root = path.resolve(path.dirname(entry), '..', '..');
    return { pdfjsUrl: pathToFileURL(entry).href, assets: root + path.sep };
  } catch {
    return null;
  }
}

/**
 * Renders a PDF's first page in-process with pdfjs-dist, on a thread of its own: parsing and
 * drawing never hold up requests, a render is limited in time and memory, and a hostile PDF ends
 * only that thread (a new one is started for the next PDF). One render at a time; the analysis
 * worker sends one content at a time anyway. The thread starts with the first PDF and ends when
 * no PDF came for `idleMs`.
 */
export class PdfPageRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly location = locatePdfjs();
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
    private readonly idleMs = IDLE_STOP_MS,
  ) {}

  /** Whether the rendering thread (and pdfjs with it) is loaded now. */
  get isRunning(): boolean {
    return this.worker !== null;
  }

  /** PNG of page 1, long side `size` pixels, or null when it could not be rendered in time. */
  firstPage(pdfPath: string, size: number): Promise<Buffer | null> {
    this.waiting += 1;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const run = this.queue.then(() => this.render(pdfPath, size));
    this.queue = run.catch(() => null);
    void this.queue.then(() => {
      this.waiting -= 1;
      if (this.waiting === 0 && this.worker) {
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
        this.idleTimer.unref();
      }
    });
    return run;
  }

  /** Ends the rendering thread (when idle, or at server shutdown); a later render starts a new one. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.settleAll();
    if (worker) await worker.terminate();
  }

  private render(pdfPath: string, size: number): Promise<Buffer | null> {
    const worker = this.thread();
    if (!worker) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => {
        // A render that does not finish is stopped by ending its thread.
        this.pending.delete(id);
        resolve(null);
        void this.close();
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, path: pdfPath, size });
    });
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    if (!this.location) return null;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...this.location, maxImagePixels: MAX_IMAGE_PIXELS },
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    // pdfjs's console warnings about damaged files are dropped, not mixed into the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      waiting.resolve('png' in reply ? Buffer.from(reply.png) : null);
    });
    // Out of memory or a crash: every waiting render falls back; the next PDF gets a new thread.
    // (A thread already ended by close() has settled its renders there.)
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.settleAll();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private settleAll(): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.resolve(null);
      this.pending.delete(id);
    }
  }
}
