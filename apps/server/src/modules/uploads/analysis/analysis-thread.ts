/**
 * The analysis thread's script (bundled as dist/analysis-thread.js; started by FileAnalyser,
 * file-analyser.ts). Everything heavy that analysing a stored file needs — pdf-lib for a PDF's
 * page boxes, sharp for images and thumbnails, pdfjs-dist and @napi-rs/canvas for a PDF's first
 * page — is loaded here, never in the server's main thread, and goes away with the thread when it
 * has been idle for a while. One job at a time.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { analyseFile, type StoredFacts } from './file-facts.ts';
import { renderPdfFirstPage } from './pdf-page-renderer.ts';
import { makeThumbnail, PdfRasteriser, type PdfRenderers } from './thumbnails.ts';

/** What the thread is started with. */
export interface AnalysisThreadSettings {
  /** Render PDFs' first pages with pdfjs-dist. */
  pdfjs: boolean;
  /** pdftoppm command, tried when pdfjs does not render; empty: not used. */
  pdfCommand: string;
  maxPdfBytes: number;
}

/**
 * A job: 'facts' only, 'analyse' (facts, then a thumbnail), 'rasterise' (a PDF's thumbnail by
 * pdftoppm alone, after pdfjs ran out of time or memory on a thread that was then ended), or
 * 'release' (before the thread is ended: empty libvips's operation cache, which belongs to the
 * process and would outlive the thread).
 */
export interface AnalysisJob {
  id: number;
  task: 'facts' | 'analyse' | 'rasterise' | 'release';
  path: string;
  size: number;
  extension: string;
}

/**
 * The thread's replies to a job, in this order: 'facts' (ends a 'facts' job), 'rendering' and
 * 'rendered' around pdfjs's render (the only step with a time limit), 'thumbnail' (ends the other
 * jobs); 'failed' ends any job.
 */
export type AnalysisReply =
  | { id: number; type: 'facts'; facts: StoredFacts }
  | { id: number; type: 'rendering' | 'rendered' }
  | { id: number; type: 'thumbnail'; picture: Uint8Array | null }
  | { id: number; type: 'released' }
  | { id: number; type: 'failed'; error: string };

const port = parentPort;
if (port) {
  const settings = workerData as AnalysisThreadSettings;
  const pdfCommand = settings.pdfCommand ? new PdfRasteriser(settings.pdfCommand) : null;

  const post = (reply: AnalysisReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

  const postThumbnail = (id: number, picture: Buffer | null) => {
    const bytes = picture ? new Uint8Array(picture).slice() : null;
    post({ id, type: 'thumbnail', picture: bytes }, bytes ? [bytes.buffer] : []);
  };

  const run = async (job: AnalysisJob) => {
    const { id } = job;
    if (job.task === 'release') {
      // Emptied (false) and set back to sharp's defaults (true) for the process's other users.
      const loaded = createRequire(import.meta.url).cache;
      if (Object.keys(loaded).some((file) => file.includes(`${path.sep}sharp${path.sep}`))) {
        const { default: sharp } = await import('sharp');
        sharp.cache(false);
        sharp.cache(true);
      }
      post({ id, type: 'released' });
      return;
    }
    if (job.task === 'rasterise') {
      postThumbnail(id, pdfCommand ? await pdfCommand.firstPage(job.path).catch(() => null) : null);
      return;
    }
    const facts = await analyseFile(job.path, job.size, job.extension, settings);
    post({ id, type: 'facts', facts });
    if (job.task === 'facts') return;
    const renderers: PdfRenderers = {
      pdfjs: settings.pdfjs
        ? {
            async firstPage(pdfPath, size) {
              post({ id, type: 'rendering' });
              try {
                return await renderPdfFirstPage(pdfPath, size);
              } finally {
                post({ id, type: 'rendered' });
              }
            },
          }
        : null,
      pdfCommand,
    };
    postThumbnail(id, await makeThumbnail(job.path, facts, renderers).catch(() => null));
  };

  port.on('message', (job: AnalysisJob) => {
    run(job).catch((error: unknown) =>
      post({ id: job.id, type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
