/**
 * The server's memory around the analysis of uploads (docs/performance.md "Server memory"): the
 * resident memory of an idle server, after a PNG and a PDF were uploaded and analysed (facts and
 * thumbnails), and after the analysis has been idle past its stop (65 s). Run with
 * `npm run build -w @inkstone/server && npx tsx bench/analysis-memory.ts`.
 *
 * For each build it seeds a fresh SQLite database with one start of the built server
 * (apps/server/dist/main.js), then starts it again as `npm start` runs it (its environment
 * variables and node flags), signs in the demo customer, uploads the two files through the chunk
 * protocol (one chunk each), waits until neither is pending analysis, and reads VmRSS and the
 * number of threads from /proc at each step.
 *
 * ANALYSIS_BENCH_COMPARE=<dir> measures an older build in the same run, side by side (both
 * servers run at once so the idle wait is shared): a directory holding that build's main.js under
 * apps/server (e.g. apps/server/dist-before; not inside dist, whose package.json makes it
 * CommonJS) so that it finds the same node_modules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { callApi, signInCustomer } from '../apps/server/src/bench-client.ts';
import { freePort, npmStartCommand } from './server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'apps/server/dist');
const HOST = 'demo.localhost';
const DEMO = { account: '13800138000', password: 'Demo1234' };
const SETTLE_MS = 5_000;
/** The analysis thread (and the old build's PDF thread) end after 60 s without a file. */
const IDLE_STOP_MS = 65_000;

interface Reading {
  rssMb: number;
  threads: number;
}

function readProcess(pid: number): Reading {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: field('VmRSS') / 1024, threads: field('Threads') };
}

interface Server {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(build: string, dir: string): Promise<Server> {
  const port = await freePort();
  const start = npmStartCommand();
  const child = spawn(process.execPath, [...start.nodeFlags, path.join(build, 'main.js')], {
    env: {
      ...process.env,
      ...start.env,
      DATABASE_FILE: path.join(dir, 'bench.sqlite'),
      DATABASE_URL: '',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'warn',
      PDF_THUMBNAIL_COMMAND: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    if (waited > 60_000) throw new Error('the server did not answer /healthz in time');
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await sleep(50);
  }
  return {
    base,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One-chunk upload through the chunk protocol (spec §4). */
async function upload(base: string, headers: Record<string, string>, content: Buffer, name: string) {
  const form = new FormData();
  const fields = {
    identifier: createHash('md5').update(content).digest('hex'),
    filename: name,
    totalChunks: '1',
    chunkSize: '2097152',
    currentChunkSize: String(content.length),
    chunkNumber: '1',
    totalSize: String(content.length),
    uploaderFileType: '1',
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(content)]), 'blob');
  await callApi(base, '/api/common/UploadChunkFile', { method: 'POST', headers, body: form });
}

async function waitForAnalysis(base: string, headers: Record<string, string>): Promise<void> {
  for (;;) {
    const list = await callApi(base, '/api/v1/get_service_files?limit=100', { headers });
    const statuses = (list.List as { ThumbnailStatus: string }[]).map((file) => file.ThumbnailStatus);
    if (statuses.length === 2 && !statuses.includes('pending')) return;
    await sleep(100);
  }
}

async function picture(): Promise<Buffer> {
  const noise = Buffer.alloc(1200 * 900 * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
  return sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
    .png()
    .toBuffer();
}

async function document(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < 4; index += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 40, width: 515, height: 762, color: rgb(0.1, 0.6, 0.3) });
    page.drawText(`Inkstone page ${index + 1}`, { x: 60, y: 780, size: 24 });
  }
  return Buffer.from(await pdf.save());
}

const STEPS = ['idle after start', 'PNG + PDF analysed', 'after the idle stop'] as const;

async function measure(label: string, build: string, files: { png: Buffer; pdf: Buffer }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-analysis-memory-'));
  const seeding = await startServer(build, dir);
  await seeding.stop();
  const server = await startServer(build, dir);
  const pid = server.child.pid!;
  const readings: Reading[] = [];
  return {
    label,
    readings,
    async before() {
      await sleep(SETTLE_MS);
      readings.push(readProcess(pid));
    },
    async analyse() {
      const headers = await signInCustomer(server.base, HOST, DEMO);
      await upload(server.base, headers, files.png, 'photo.png');
      await upload(server.base, headers, files.pdf, 'flyer.pdf');
      await waitForAnalysis(server.base, headers);
      await sleep(SETTLE_MS);
      readings.push(readProcess(pid));
    },
    async idle() {
      readings.push(readProcess(pid));
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const compare = process.env.ANALYSIS_BENCH_COMPARE ? path.resolve(process.env.ANALYSIS_BENCH_COMPARE) : '';
  const files = { png: await picture(), pdf: await document() };
  const builds = compare
    ? [['before', compare] as const, ['this', BUILD] as const]
    : [['this', BUILD] as const];
  const runs = [];
  for (const [label, build] of builds) runs.push(await measure(label, build, files));
  await Promise.all(runs.map((run) => run.before()));
  for (const run of runs) await run.analyse();
  await sleep(IDLE_STOP_MS - SETTLE_MS);
  for (const run of runs) await run.idle();

  console.log(
    `Server RSS around analysis (MB; node ${process.version}; PNG ${(files.png.length / 1024).toFixed(0)} KB, PDF ${(files.pdf.length / 1024).toFixed(0)} KB; started as npm start runs it)`,
  );
  console.log(`${'build'.padEnd(8)} ${STEPS.map((step) => step.padStart(22)).join('')}`);
  for (const run of runs) {
    const cells = run.readings.map((reading) => `${reading.rssMb.toFixed(0)} MB, ${reading.threads} thr`);
    console.log(`${run.label.padEnd(8)} ${cells.map((cell) => cell.padStart(22)).join('')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
