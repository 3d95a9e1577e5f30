import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  sql,
  type MigrationProvider,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import { migrations } from './migrations/index.ts';
import { OwnSchemaPostgresDialect } from './own-schema-postgres.ts';
import { SqliteConnectionDialect, type WriteListener } from './sqlite-driver.ts';
import { ArrayRowStatement } from './sqlite-rows.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; empty for SQLite. */
  url: string;
  /** SQLite file path, or ':memory:'. */
  file: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
}

const requireModule = createRequire(import.meta.url);
let postgresClient: typeof pg | undefined;

/**
 * The PostgreSQL client, loaded with the first PostgreSQL database rather than with every server
 * (a SQLite server never needs it; docs/performance.md).
 */
function loadPostgresClient(): typeof pg {
  if (postgresClient) return postgresClient;
  const client = requireModule('pg') as typeof pg;
  // bigint (int8) columns hold epoch milliseconds and fen: both fit a JS number exactly.
  client.types.setTypeParser(client.types.builtins.INT8, (value) => Number(value));
  postgresClient = client;
  return client;
}

/**
 * Connections to PostgreSQL: two per core of this machine (at least four). A request holds one
 * only while its statements or transaction run; more connections than the cores can keep busy
 * only queue inside PostgreSQL instead (docs/performance.md#checkout).
 */
function postgresPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

/** Opens the database the configuration names. */
export function createDatabase(options: DatabaseOptions): Db {
  if (options.url.startsWith('postgres://') || options.url.startsWith('postgresql://')) {
    const pool = new (loadPostgresClient().Pool)({
      connectionString: options.url,
      max: postgresPoolSize(),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  }
  if (options.file !== ':memory:')
    fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  const sqlite = new SqliteDatabase(options.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // SQLite's own busy wait would block the event loop; SqliteConnectionDriver waits without blocking.
  sqlite.pragma('busy_timeout = 0');
  const checkpointer = options.file === ':memory:' ? null : new Checkpointer(sqlite, options.file);
  return new Kysely<Database>({
    dialect: new SqliteConnectionDialect(withStatementCache(sqlite), checkpointer),
  });
}

/** How often the checkpointer copies the WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;
/**
 * WAL pages after which a commit checkpoints on the event loop after all (SQLite's own automatic
 * checkpoint, normally 1,000): only when the checkpointer has fallen far behind or stopped.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

/** The checkpointer thread: its own connection to the file, a passive checkpoint every interval. */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked by another process: the next interval tries again.
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Writes after which the checkpointer starts: an idle server never pays for the thread. */
const WRITES_BEFORE_CHECKPOINTER = 500;

/**
 * SQLite checkpoints a WAL file in the connection whose commit crosses the threshold, waiting for
 * the disk twice (the WAL, then the database file) — on the event loop, where every other
 * request waits too: under the checkout load a few milliseconds several times a second, the
 * commits' worst cases (docs/performance.md#checkout). Once the server has written
 * WRITES_BEFORE_CHECKPOINTER times, a worker thread with its own connection does it instead (a
 * passive checkpoint never blocks this connection's reads or writes), and SQLite's own automatic
 * checkpoint stays as a fallback at a much larger WAL. The thread costs about 6 MB resident, which
 * a server that hardly writes (and the idle figure right after start) is spared.
 */
class Checkpointer implements WriteListener {
  private writes = 0;
  private worker: Worker | null = null;

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly file: string,
  ) {}

  noteWrite(): void {
    if (this.worker || ++this.writes !== WRITES_BEFORE_CHECKPOINTER) return;
    try {
      const worker = new Worker(CHECKPOINTER_SOURCE, {
        eval: true,
        workerData: {
          driver: requireModule.resolve('better-sqlite3'),
          file: path.resolve(this.file),
          intervalMs: CHECKPOINT_INTERVAL_MS,
        },
        // A small heap: the thread only calls into SQLite.
        resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
      });
      worker.unref();
      // Should the thread fail, SQLite's automatic checkpoint (restored here) takes over.
      worker.on('error', () => this.sqlite.pragma('wal_autocheckpoint = 1000'));
      this.sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
      this.worker = worker;
    } catch {
      // No thread: SQLite keeps checkpointing by itself.
    }
  }

  /** Stops the thread, which closes its connection first; resolves once it has exited. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || worker.threadId === -1) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Referenced again, or with nothing else pending this process would end before the thread
    // has closed its connection, and the caller's code after destroy() never run.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  }
}

/**
 * Kysely asks better-sqlite3 to prepare every query anew; preparing costs more than running a
 * small indexed query. Statements are reusable, so keep them by SQL text (bounded), each reading
 * its rows as arrays that become objects in JavaScript (sqlite-rows.ts).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, ArrayRowStatement>();
  // A plain object with the two methods Kysely's driver calls: a Proxy around the connection cost
  // a trap and a new closure on every query (docs/performance.md, Checkout).
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = new ArrayRowStatement(sqlite.prepare(source));
        if (statements.size >= 500) statements.clear();
        statements.set(source, statement);
      }
      return statement;
    },
    close() {
      sqlite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Orders migrations applied in the same instant by name, as the migrator orders the migrations it
 * has (a plain sort). Its default, `localeCompare`, would load ICU's collation tables into every
 * server at start, about 3 MB of resident memory, for migration names that are ASCII anyway.
 */
const byName = (first: string, second: string): number => (first < second ? -1 : first > second ? 1 : 0);

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator finds its bookkeeping tables through the dialect's introspector,
  // which looks at the connection's own schema only (own-schema-postgres.ts).
  const migrator = new Migrator({ db, provider, nameComparator: byName });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How long /readyz waits for the database before it answers that it is not ready. */
export const READINESS_TIMEOUT_MS = 1_500;

/**
 * For /readyz: proves the database takes a write and reads it back, within `timeoutMs`. A trivial
 * `select 1` would pass with the SQLite file locked, read-only or gone, and on a PostgreSQL
 * standby. Rejects when the database fails, is busy (AppError Unavailable) or is too slow.
 */
export async function checkDatabaseReady(
  db: Db,
  now: number,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<void> {
  const probe = db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      // The server gives up too, so a probe stuck on a lock does not hold a connection.
      await sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMs)}`).execute(trx);
    }
    await trx
      .insertInto('readiness_probes')
      .values({ id: 1, probed_at: now })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ probed_at: now }))
      .execute();
    const row = await trx
      .selectFrom('readiness_probes')
      .select('probed_at')
      .where('id', '=', 1)
      .executeTakeFirst();
    if (row?.probed_at !== now) throw new Error('the readiness probe did not read back its write');
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), timeoutMs);
  });
  // Settled late (after the time-out), the probe must not count as an unhandled rejection.
  probe.catch(() => undefined);
  try {
    await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
