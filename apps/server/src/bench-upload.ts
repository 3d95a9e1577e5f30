/**
 * bench:upload — uploads a generated 1 GiB file through the real chunk protocol (spec §4) over
 * loopback to a server in a child process, and prints: end-to-end throughput (server-side
 * assembly and MD5 included; target ≥ 150 MB/s), the time to upload the same file again (秒传;
 * target < 1 s, the client's hashing excluded) and the server's peak RSS (target ≤ 150 MB,
 * docs/performance.md). A first server process migrates and seeds the fresh database and stops; the
 * measured one starts on it, as every later start of a real server does, so its peak is the
 * upload's and not the one-off demo seed's. `npm run bench:upload` runs it with the memory settings
 * of `npm start` (the server child inherits the node flags and environment).
 *
 * BENCH_UPLOAD_MB (default 1024) sets the size; BENCH_UPLOAD_PARALLEL (default 1: one chunk after
 * another, as the web client sends them) the chunk requests in flight.
 */
import { fork } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';

const CHUNK = 2_097_152;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const PARALLEL = Math.max(1, Number(process.env.BENCH_UPLOAD_PARALLEL ?? 1));
const HOST = 'demo.localhost';

interface ServerMessage {
  port?: number;
  maxRssKb?: number;
  /** User + system CPU time so far, in microseconds (all threads). */
  cpuMicros?: number;
  /** Time the main thread's event loop was busy so far, in ms. */
  loopBusyMs?: number;
}

/** The child: a real server on a temp SQLite database and upload directory. */
async function runServer(dir: string): Promise<void> {
  const config = {
    ...loadConfig({}),
    DATABASE_FILE: path.join(dir, 'bench.sqlite'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    LOG_LEVEL: 'warn' as const,
  };
  const { app } = await buildApp({ config });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send!({ port: Number(new URL(address).port) } satisfies ServerMessage);
  process.on('message', (message) => {
    if (message === 'rss') {
      const usage = process.resourceUsage();
      process.send!({
        maxRssKb: usage.maxRSS,
        cpuMicros: usage.userCPUTime + usage.systemCPUTime,
        loopBusyMs: performance.eventLoopUtilization().active,
      } satisfies ServerMessage);
    }
    if (message === 'stop') void app.close().then(() => process.exit(0));
  });
}

/** Writes `sizeMb` MiB of random bytes and returns its MD5 (the browser's part, not timed). */
function generateFile(filePath: string, sizeMb: number): string {
  const hash = createHash('md5');
  const fd = fs.openSync(filePath, 'w');
  const block = Buffer.allocUnsafe(8 * 1024 * 1024);
  let left = sizeMb * 1024 * 1024;
  while (left > 0) {
    const piece = block.subarray(0, Math.min(block.length, left));
    randomFillSync(piece);
    hash.update(piece);
    fs.writeSync(fd, piece);
    left -= piece.length;
  }
  fs.closeSync(fd);
  return hash.digest('hex');
}

async function call(base: string, url: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(base + url, init);
  const body = (await response.json()) as { success: boolean; message: string; data: any };
  if (!body.success) throw new Error(`${url}: ${body.message}`);
  return body.data;
}

async function signIn(base: string): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json', host: HOST };
  const company = await call(base, '/api/common/CheckDomainName', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ bizcontent: { domainName: HOST } }),
  });
  const token = await call(base, '/api/oauth/RequestOauthToken', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ appid: company.AppId, bizcontent: { secret: company.AppSecret } }),
  });
  const demo = DEMO_ACCOUNTS[0];
  const access = await call(base, '/api/oauth/RequestAccessToken', {
    method: 'POST',
    headers: { ...json, authtoken: token.Token },
    body: JSON.stringify({ bizcontent: { LoginType: 1, Account: demo.account, Password: demo.password } }),
  });
  return { host: HOST, authtoken: token.Token, accesstoken: access.AccessToken };
}

function fieldsOf(identifier: string, totalSize: number, number: number): Record<string, string> {
  const totalChunks = Math.ceil(totalSize / CHUNK);
  const current = number < totalChunks ? CHUNK : totalSize - (totalChunks - 1) * CHUNK;
  return {
    identifier,
    filename: 'bench.zip',
    totalChunks: String(totalChunks),
    chunkSize: String(CHUNK),
    currentChunkSize: String(current),
    chunkNumber: String(number),
    totalSize: String(totalSize),
    uploaderFileType: '1',
  };
}

/** The multipart envelope around a chunk: the fields and the file part's header, and the closing line. */
function multipartFrame(fields: Record<string, string>): { head: Buffer; tail: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    head: Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** POSTs one chunk with node:http, writing the frame and the bytes without joining them. */
function postChunk(
  base: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  data: Buffer,
) {
  const { head, tail, type } = multipartFrame(fields);
  return new Promise<any>((resolve, reject) => {
    const request = http.request(
      `${base}/api/common/UploadChunkFile`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': type,
          'content-length': head.length + data.length + tail.length,
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as {
            success: boolean;
            message: string;
            data: any;
          };
          if (body.success) resolve(body.data);
          else reject(new Error(`chunk ${fields.chunkNumber}: ${body.message}`));
        });
      },
    );
    request.on('error', reject);
    request.write(head);
    request.write(data);
    request.end(tail);
  });
}

/** The web client's protocol: ask, then send the missing chunks; returns the finished file's path. */
async function upload(
  base: string,
  headers: Record<string, string>,
  filePath: string,
  identifier: string,
  totalSize: number,
): Promise<{ filePath: string; posted: number }> {
  const query = new URLSearchParams(fieldsOf(identifier, totalSize, 1));
  const asked = await call(base, `/api/common/UploadChunkFile?${query}`, { headers });
  if (asked.SkipUpload) return { filePath: asked.FilePath, posted: 0 };
  const held = new Set<number>(asked.Uploaded);
  const missing = Array.from({ length: Math.ceil(totalSize / CHUNK) }, (_, index) => index + 1).filter(
    (number) => !held.has(number),
  );
  const fd = fs.openSync(filePath, 'r');
  let done = '';
  let next = 0;
  const worker = async () => {
    const buffer = Buffer.allocUnsafe(CHUNK);
    while (next < missing.length) {
      const number = missing[next++]!;
      const read = fs.readSync(fd, buffer, 0, CHUNK, (number - 1) * CHUNK);
      const result = await postChunk(
        base,
        headers,
        fieldsOf(identifier, totalSize, number),
        buffer.subarray(0, read),
      );
      if (result.FilePath) done = result.FilePath;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  fs.closeSync(fd);
  if (!done) throw new Error('upload finished without a file path');
  return { filePath: done, posted: missing.length };
}

/** Starts a server once on the fresh database in `dir` (it migrates and seeds) and stops it. */
async function seedDatabase(dir: string): Promise<void> {
  const seeder = fork(process.argv[1]!, ['--server', dir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => seeder.once('message', resolve));
  const exited = new Promise((resolve) => seeder.once('exit', resolve));
  seeder.send('stop');
  await exited;
}

async function main(): Promise<void> {
  if (process.argv[2] === '--server') return runServer(process.argv[3]!);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-upload-'));
  await seedDatabase(dir);
  const child = fork(process.argv[1]!, ['--server', dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (message: string) =>
    new Promise<ServerMessage>((resolve) => {
      child.once('message', (reply) => resolve(reply as ServerMessage));
      if (message) child.send(message);
    });
  try {
    const { port } = await ask('');
    const base = `http://127.0.0.1:${port}`;
    const source = path.join(dir, 'source.bin');
    console.log(
      `bench:upload — ${SIZE_MB} MiB of random bytes, ${CHUNK} B chunks, ${PARALLEL} in flight, local disk, SQLite; ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    let started = performance.now();
    const identifier = generateFile(source, SIZE_MB);
    console.log(
      `client: generated and hashed the file in ${((performance.now() - started) / 1000).toFixed(1)} s (not timed)`,
    );
    const headers = await signIn(base);
    const totalSize = SIZE_MB * 1024 * 1024;

    const idle = await ask('rss');
    const serverCpuBefore = idle.cpuMicros ?? 0;
    const clientCpuBefore = process.cpuUsage();
    started = performance.now();
    const first = await upload(base, headers, source, identifier, totalSize);
    const seconds = (performance.now() - started) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const after = await ask('rss');
    const serverCpu = (after.cpuMicros ?? 0) - serverCpuBefore;
    const loopBusy = ((after.loopBusyMs ?? 0) - (idle.loopBusyMs ?? 0)) / 1000;
    const mbPerSecond = totalSize / 1e6 / seconds;
    started = performance.now();
    const again = await upload(base, headers, source, identifier, totalSize);
    const instantMs = performance.now() - started;
    const { maxRssKb = 0 } = await ask('rss');
    const peakMb = maxRssKb / 1024;

    console.log(
      `upload     ${seconds.toFixed(2)} s, ${mbPerSecond.toFixed(0)} MB/s (${(totalSize / 1048576 / seconds).toFixed(0)} MiB/s), ` +
        `${first.posted} chunks  (target ≥ 150 MB/s) ${mbPerSecond >= 150 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `秒传        ${instantMs.toFixed(0)} ms, ${again.posted} chunks sent, same path: ${again.filePath.split('?')[0] === first.filePath.split('?')[0]}  ` +
        `(target < 1000 ms) ${instantMs < 1000 && again.posted === 0 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `CPU time  server ${(serverCpu / 1e6).toFixed(1)} s, client ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s ` +
        `(server main thread busy ${loopBusy.toFixed(1)} s) during ${seconds.toFixed(1)} s of upload; ` +
        'a busy machine stretches the wall time, not these',
    );
    console.log(
      `server RSS peak ${peakMb.toFixed(0)} MB, ${((idle.maxRssKb ?? 0) / 1024).toFixed(0)} MB before the upload  ` +
        `(target ≤ 150 MB) ${peakMb <= 150 ? 'MET' : 'NOT MET'}`,
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  } finally {
    if (child.exitCode === null) child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
