/**
 * The server's memory when it is idle (docs/performance.md "Server memory"). Target: ≤ 90 MB
 * resident right after start. Run with `npm run bench:memory` (builds the server first) or
 * `npx tsx bench/server-memory.ts` after `npm run build -w @inkstone/server`.
 *
 * It starts the built server (apps/server/dist/main.js, API only) as `npm start` runs it (the
 * environment variables and node flags of the root package.json's start script) on a fresh SQLite
 * database twice:
 * the first start migrates and seeds the demo merchants, the second finds them there, as every
 * later start of a real server does. For each start it reads the process's resident memory (VmRSS)
 * and its high-water mark (VmHWM) from /proc once /healthz answers, and again after 5 s idle.
 *
 * Each build is also measured as plain `node main.js`, so the run shows what the start script's
 * flags are worth.
 *
 * MEMORY_BENCH_COMPARE=<dir> measures a second build the same way in the same run (a directory
 * holding an older build's main.js: a copy of an earlier commit's apps/server/dist placed under
 * apps/server, e.g. apps/server/dist-before, so that it finds the same node_modules), for a
 * before/after table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, npmStartCommand, type StartCommand } from './server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'apps/server/dist');
const IDLE_MS = 5_000;
const READY_TIMEOUT_MS = 60_000;
const TARGET_IDLE_MB = 90;

const PLAIN_NODE: StartCommand = { label: 'node', env: {}, nodeFlags: [] };

interface Reading {
  rssMb: number;
  hwmMb: number;
}

interface StartFigures {
  ready: Reading;
  idle: Reading;
  startMs: number;
}

/** VmRSS and VmHWM of a process, in MB. */
function readMemory(pid: number): Reading {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

async function waitUntilAnswering(port: number, child: ChildProcess): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error('the server did not answer /healthz in time');
}

async function measureStart(build: string, databaseFile: string, start: StartCommand): Promise<StartFigures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...start.nodeFlags, path.join(build, 'main.js')], {
    env: {
      ...process.env,
      ...start.env,
      DATABASE_FILE: databaseFile,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilAnswering(port, child);
    const startMs = performance.now() - started;
    const ready = readMemory(child.pid!);
    await sleep(IDLE_MS);
    const idle = readMemory(child.pid!);
    return { ready, idle, startMs };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Both starts of one build on one fresh database. */
async function measureBuild(
  build: string,
  start: StartCommand,
): Promise<{ first: StartFigures; second: StartFigures }> {
  if (!fs.existsSync(path.join(build, 'main.js'))) {
    throw new Error(
      `${path.relative(ROOT, build)}/main.js is missing: run npm run build -w @inkstone/server`,
    );
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-memory-'));
  try {
    const databaseFile = path.join(directory, 'bench.sqlite');
    const first = await measureStart(build, databaseFile, start);
    const second = await measureStart(build, databaseFile, start);
    return { first, second };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

const mb = (value: number) => value.toFixed(0).padStart(5);

function printRows(
  label: string,
  start: StartCommand,
  figures: { first: StartFigures; second: StartFigures },
): void {
  for (const [name, run] of [
    ['first start (seeds)', figures.first],
    ['second start', figures.second],
  ] as const) {
    console.log(
      `${label.padEnd(8)} ${start.label.padEnd(10)} ${name.padEnd(20)} ${mb(run.ready.rssMb)} ${mb(run.ready.hwmMb)}  ${mb(run.idle.rssMb)} ${mb(run.idle.hwmMb)}  ${mb(run.startMs)}`,
    );
  }
}

async function main(): Promise<void> {
  const compare = process.env.MEMORY_BENCH_COMPARE ? path.resolve(process.env.MEMORY_BENCH_COMPARE) : '';
  const npmStart = npmStartCommand();
  const builds = compare
    ? [['before', compare] as const, ['this', BUILD] as const]
    : [['this', BUILD] as const];
  const rows: { label: string; start: StartCommand; figures: Awaited<ReturnType<typeof measureBuild>> }[] =
    [];
  for (const [label, build] of builds) {
    for (const start of [PLAIN_NODE, npmStart]) {
      rows.push({ label, start, figures: await measureBuild(build, start) });
    }
  }

  const startEnv = Object.entries(npmStart.env).map(([name, value]) => `${name}=${value}`);
  console.log(`Server memory (MB; node ${process.version}; idle = after ${IDLE_MS / 1000} s)`);
  console.log(
    `npm start: ${[...startEnv, 'node', ...npmStart.nodeFlags].join(' ')} apps/server/dist/main.js`,
  );
  console.log(
    `${'build'.padEnd(8)} ${'as'.padEnd(10)} ${'start'.padEnd(20)} ${'ready RSS / HWM'.padEnd(12)} ${'idle RSS / HWM'.padEnd(12)}  ms`,
  );
  for (const row of rows) printRows(row.label, row.start, row.figures);
  const idle = rows.at(-1)!.figures.second.idle.rssMb;
  console.log(
    `idle RSS of the second start as npm start runs it: ${idle.toFixed(0)} MB (target ≤ ${TARGET_IDLE_MB} MB: ${idle <= TARGET_IDLE_MB ? 'met' : 'not met'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
