/**
 * What bench:api and bench:price share: the real server on a fresh SQLite file, the demo web
 * client's app token, and load from autocannon in a separate process; and the peak-RSS line every
 * benchmark that runs a server prints.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import {
  constants as perfConstants,
  monitorEventLoopDelay,
  PerformanceObserver,
  type PerformanceEntry,
} from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type BenchApp = Awaited<ReturnType<typeof buildApp>>['app'];

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const execFileAsync = promisify(execFile);

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

/**
 * Load from a separate process, so the load generator does not share the server's event loop.
 * With `body` the requests are POSTs carrying it; without, GETs.
 */
export async function measure(url: string, headers: Record<string, string>, body?: string) {
  const args = [autocannonCli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS)];
  if (body !== undefined) args.push('-m', 'POST', '-b', body);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The server on a fresh SQLite file in a temporary folder; `close` stops it and removes the folder. */
export async function startBenchApp(): Promise<{ app: BenchApp; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-'));
  const config = {
    ...loadConfig({}),
    DATABASE_FILE: path.join(dir, 'bench.sqlite'),
    LOG_LEVEL: 'warn' as const,
  };
  await seedInOwnProcess(config.DATABASE_FILE);
  const { app } = await buildApp({ config });
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The benchmarks measure the server as it runs on its data, not its first start: the demo seed
 * (`cli seed`) writes the database in a process of its own first, as `npm run seed` does. Run in
 * the measured server, the seed's drawing of the demo merchants' logos loads sharp, which then
 * stays in that process for the whole benchmark (docs/performance.md, twelfth round); the first
 * start, seed and all, is what `bench:memory` measures.
 */
async function seedInOwnProcess(databaseFile: string): Promise<void> {
  const fromSources = import.meta.url.endsWith('.ts');
  const cli = fileURLToPath(new URL(fromSources ? './cli.ts' : './cli.js', import.meta.url));
  const args = fromSources ? ['--import', 'tsx', cli, 'seed'] : [cli, 'seed'];
  await execFileAsync(process.execPath, args, {
    env: { ...process.env, DATABASE_FILE: databaseFile, DATABASE_URL: '' },
  });
}

/** The demo merchant's web client's app token (CheckDomainName, then RequestOauthToken). */
export async function requestDemoAppToken(app: BenchApp): Promise<string> {
  const company = await app.inject({
    method: 'POST',
    url: '/api/common/CheckDomainName',
    payload: { bizcontent: { domainName: 'demo.localhost' } },
  });
  const info = company.json().data;
  const oauth = await app.inject({
    method: 'POST',
    url: '/api/oauth/RequestOauthToken',
    headers: { host: 'demo.localhost' },
    payload: { appid: info.AppId, bizcontent: { secret: info.AppSecret } },
  });
  return oauth.json().data.Token as string;
}

/** Performance issue: a server's resident memory stays ≤ 150 MB at the peak of any benchmark. */
export const PEAK_RSS_TARGET_MB = 150;

/**
 * The line a benchmark prints about its server process's peak resident memory (`maxRSS`, in
 * KiB: this process's by default, or a server child's), and whether it ran with the memory
 * settings of `npm start` (docs/performance.md "Server memory"), which the bench scripts use.
 */
export function describePeakRss(maxRssKb = process.resourceUsage().maxRSS): string {
  const peakMb = maxRssKb / 1024;
  const hasStartSettings =
    process.execArgv.includes('--max-semi-space-size=1') &&
    process.execArgv.includes('--single-threaded-gc') &&
    process.env.MALLOC_ARENA_MAX === '2';
  return (
    `server RSS peak ${peakMb.toFixed(0)} MB (${hasStartSettings ? "npm start's memory settings" : 'plain node'})  ` +
    `(target ≤ ${PEAK_RSS_TARGET_MB} MB) ${peakMb <= PEAK_RSS_TARGET_MB ? 'MET' : 'NOT MET'}`
  );
}

/**
 * Watches the server's event loop and garbage collector during a load: how late the loop ran
 * (at 1 ms resolution) and the collector's pauses on the main thread: scavenges, full collections
 * and the incremental-marking and weak-callback slices of full collections, each kind apart.
 * `stop` ends the watch and describes it in one line. A request that arrives while the loop is
 * held waits for the whole hold, so these are what a latency tail is made of.
 */
export function watchServerStalls(): { stop(): string } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  // Node reports four kinds of collector work: scavenges of the young generation (minor), full
  // mark-compacts (major), incremental-marking steps and weak-callback passes. Only the first two
  // are whole pauses; the other two are slices of a full collection, so they are counted apart.
  const empty = () => ({ count: 0, ms: 0, longest: 0 });
  const pauses = { minor: empty(), major: empty(), slices: empty() };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const tally =
        kind === perfConstants.NODE_PERFORMANCE_GC_MINOR
          ? pauses.minor
          : kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR
            ? pauses.major
            : pauses.slices;
      tally.count += 1;
      tally.ms += entry.duration;
      tally.longest = Math.max(tally.longest, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  return {
    stop() {
      delay.disable();
      observer.disconnect();
      const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
      const gc = (label: string, tally: ReturnType<typeof empty>) =>
        `${label} ${tally.count} (${tally.ms.toFixed(0)} ms, longest ${tally.longest.toFixed(1)} ms)`;
      return (
        `server event loop late by p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, ` +
        `at most ${ms(delay.max)} ms; collector pauses: ${gc('scavenges', pauses.minor)}, ` +
        `${gc('full', pauses.major)}, ${gc('incremental-marking and weak-callback slices', pauses.slices)}`
      );
    },
  };
}

/**
 * Records this process's CPU profile (`cpuFile`, a .cpuprofile) and samples what it allocates
 * (`heapFile`, a .heapprofile: every allocation sampled, collected or not, so what a request
 * allocates rather than what it keeps) from now until `stop`, which writes the files. Either may be
 * left out; with neither nothing is recorded.
 */
export async function recordProfiles(files: {
  cpuFile?: string | undefined;
  heapFile?: string | undefined;
}): Promise<{ stop(): Promise<void> }> {
  const { cpuFile, heapFile } = files;
  if (!cpuFile && !heapFile) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  if (cpuFile) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapFile) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return {
    async stop() {
      if (cpuFile) {
        const { profile } = await session.post('Profiler.stop');
        fs.writeFileSync(cpuFile, JSON.stringify(profile));
      }
      if (heapFile) {
        const { profile } = await session.post('HeapProfiler.stopSampling');
        fs.writeFileSync(heapFile, JSON.stringify(profile));
      }
      session.disconnect();
    },
  };
}
