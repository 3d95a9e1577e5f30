import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built server as it runs in production (`node dist/main.js`) on a temp SQLite file: SIGTERM
 * lets an in-flight request finish, refuses new connections, and exits 0 within the grace time.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const mainJs = path.join(serverDir, 'dist', 'main.js');
const GRACE_SECONDS = 5;

let dir = '';
let child: ChildProcess | null = null;
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(found));
    });
  });
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`http://127.0.0.1:${port}${url}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

async function waitUntilListening(deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await get('/healthz')) === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves with the error code when a new connection is refused, or 'connected'. */
function tryConnect(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

beforeAll(async () => {
  if (!fs.existsSync(mainJs)) {
    execFileSync('npm', ['run', 'build', '-w', '@inkstone/server'], {
      cwd: path.resolve(serverDir, '../..'),
      stdio: 'ignore',
    });
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-main-'));
  port = await freePort();
  child = spawn(process.execPath, [mainJs], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_FILE: path.join(dir, 'inkstone.sqlite'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await waitUntilListening(Date.now() + 30_000);
});

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('drains the request in flight, refuses new connections and exits 0', async () => {
    const server = child!;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.once('exit', (code) => resolve({ code, at: Date.now() })),
    );

    // A call whose body is still arriving when the signal comes.
    const body = JSON.stringify({ bizcontent: { domainName: 'demo.localhost' } });
    const half = Math.floor(body.length / 2);
    let inFlight: http.ClientRequest | null = null;
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/common/CheckDomainName',
          agent: false,
          headers: {
            host: 'demo.localhost',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.once('error', reject);
      request.write(body.slice(0, half));
      inFlight = request;
    });
    // Let the server take the headers and the first half of the body.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.kill('SIGTERM');

    // New connections are refused while the request is still in flight.
    let refused = '';
    for (let attempt = 0; attempt < 50 && refused !== 'ECONNREFUSED'; attempt++) {
      refused = await tryConnect();
      if (refused !== 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe('ECONNREFUSED');
    expect(server.exitCode).toBeNull();

    // The rest of the body arrives slowly; the call still completes with its envelope.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.exitCode).toBeNull();
    inFlight!.end(body.slice(half));
    const answered = await reply;
    expect(answered.status).toBe(200);
    const envelope = JSON.parse(answered.text) as Record<string, unknown>;
    expect(envelope).toMatchObject({ success: true, apiCode: 0 });
    expect(envelope.data).toMatchObject({ DomainName: 'demo' });

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
  });
});
