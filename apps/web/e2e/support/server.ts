import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

/** The date the suite runs on (ISO 8601 with offset); empty is today. */
export const TEST_CLOCK_START = process.env.TEST_CLOCK_START ?? '';

/**
 * The environment variable naming the seeded database a server starts on a copy of: set by the
 * browser suite's global setup (seeded-database.setup.ts) for the run's test files.
 */
export const SEEDED_DATABASE_VARIABLE = 'E2E_SEEDED_DATABASE';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real built server (apps/server/dist/main.js serving apps/web/dist) on a fresh SQLite file
 * and a free port. Its log is kept so a test can read the SMS outbox lines a user would read.
 * Within the browser suite the file starts as a copy of the run's seeded database, as a server
 * restarted on its data starts (migrations up to date, nothing to seed); elsewhere (the
 * screenshots script, the suite's global setup) the server's first start migrates and seeds it.
 */
export interface RunningServer {
  port: number;
  /** http://<merchant>.localhost:<port> */
  url(merchant?: string): string;
  log(): string;
  /** The newest verification code the outbox printed for this number. */
  latestSmsCode(mobileNo: string): Promise<string>;
  /** Reads the database the server writes (read-only). */
  query<T>(sql: string, ...params: unknown[]): T[];
  /** Stops the server and removes its files; `keepDatabaseAs` first saves its database, whole, there. */
  stop(options?: { keepDatabaseAs?: string }): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('build first: npm run build');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-e2e-'));
  const dbFile = path.join(dir, 'e2e.sqlite');
  const seeded = process.env[SEEDED_DATABASE_VARIABLE];
  if (seeded) fs.copyFileSync(seeded, dbFile);
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_FILE: dbFile,
      DATABASE_URL: '',
      UPLOAD_DIR: path.join(dir, 'uploads'),
      LOG_LEVEL: 'info',
      // TEST_CLOCK_START runs the server (and the browser, browser.ts) on another date.
      ...(TEST_CLOCK_START ? { NODE_ENV: 'test', CLOCK_START: TEST_CLOCK_START } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A server that stops while its tests still run says why: the end of its log goes to stderr.
  let isStopping = false;
  child.once('exit', (code, signal) => {
    if (isStopping) return;
    process.stderr.write(
      `e2e server on port ${port} exited (code ${code}, signal ${signal}); its last log lines:\n` +
        `${output.split('\n').slice(-40).join('\n')}\n`,
    );
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let db: Database.Database | undefined;
  const open = () => (db ??= new Database(dbFile, { readonly: true, fileMustExist: true }));

  return {
    port,
    url: (merchant = 'demo') => `http://${merchant}.localhost:${port}`,
    log: () => output,
    async latestSmsCode(mobileNo: string) {
      for (let i = 0; i < 50; i++) {
        const lines = output
          .split('\n')
          .filter((line) => line.includes('SMS outbox') && line.includes(mobileNo));
        const match = lines.length ? /验证码是(\d{6})/.exec(lines[lines.length - 1]!) : null;
        if (match) return match[1]!;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no SMS to ${mobileNo} in the server log`);
    },
    query<T>(sql: string, ...params: unknown[]) {
      return open()
        .prepare(sql)
        .all(...params) as T[];
    },
    async stop({ keepDatabaseAs }: { keepDatabaseAs?: string } = {}) {
      isStopping = true;
      db?.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (keepDatabaseAs) {
        // The write-ahead log folded into the file, so the file alone holds every row.
        const stopped = new Database(dbFile, { fileMustExist: true });
        stopped.pragma('wal_checkpoint(TRUNCATE)');
        stopped.close();
        fs.copyFileSync(dbFile, keepDatabaseAs);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
