import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  SelectQueryNode,
  SqliteDialect,
  sql,
  type DatabaseConnection,
  type Driver,
  type MigrationProvider,
  type QueryResult,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import { AppError } from '../lib/app-error.ts';
import { migrations } from './migrations/index.ts';
import { OwnSchemaPostgresDialect } from './own-schema-postgres.ts';
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
  // SQLite's own busy wait would block the event loop; BusyWaitingDriver waits without blocking.
  sqlite.pragma('busy_timeout = 0');
  const checkpointer = options.file === ':memory:' ? null : new Checkpointer(sqlite, options.file);
  return new Kysely<Database>({
    dialect: new BusyWaitingSqliteDialect({ database: withStatementCache(sqlite) }, checkpointer),
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
class Checkpointer {
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

/** How long a statement waits for another process's write lock on the SQLite file, in polls. */
const BUSY_POLL_MS = 25;
const BUSY_POLLS = 40;
const BUSY_MESSAGE = '数据库繁忙，请稍后再试';

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * A write lock held by another process (the command-line tools, a backup, a second server on the
 * same file) makes SQLite answer SQLITE_BUSY. better-sqlite3 is synchronous, so SQLite's own
 * busy_timeout would freeze every request of this process while it waits. Instead the statement
 * is tried again after a timer, up to BUSY_POLLS × BUSY_POLL_MS (other requests keep being
 * served meanwhile), and then fails as Unavailable with a Chinese "busy" message. Once one
 * statement has given up, later ones fail at their first busy answer until a write succeeds, so
 * queued requests do not each wait in turn. Transactions begin IMMEDIATE: they take the write
 * lock at the start, where waiting for it is safe, never half-way through.
 */
class BusyWaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly checkpointer: Checkpointer | null,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new BusyWaitingDriver(super.createDriver(), this.checkpointer);
  }
}

class BusyWaitingDriver implements Driver {
  /** True once a statement gave up waiting, until a write succeeds. */
  isLocked = false;
  private wrapped: { inner: DatabaseConnection; outer: DatabaseConnection } | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly checkpointer: Checkpointer | null,
  ) {}

  /** A statement that writes succeeded. */
  noteWrite(): void {
    this.isLocked = false;
    this.checkpointer?.noteWrite();
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (this.wrapped?.inner !== connection) {
      this.wrapped = { inner: connection, outer: new BusyWaitingConnection(connection, this) };
    }
    return this.wrapped.outer;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    return this.inner.releaseSavepoint!(...args);
  }

  releaseConnection(): Promise<void> {
    // SQLite has one connection; the inner driver only unlocks its mutex.
    return this.inner.releaseConnection(this.wrapped!.inner);
  }

  async destroy(): Promise<void> {
    await this.checkpointer?.stop();
    return this.inner.destroy();
  }
}

class BusyWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly driver: BusyWaitingDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let polls = 0; ; polls += 1) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        if (!SelectQueryNode.is(query.query)) this.driver.noteWrite();
        return result;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        // A transaction whose snapshot another process wrote past cannot succeed by waiting.
        const isHopeless = (error as { code: string }).code === 'SQLITE_BUSY_SNAPSHOT';
        if (isHopeless || this.driver.isLocked || polls >= BUSY_POLLS) {
          if (!isHopeless) this.driver.isLocked = true;
          throw new AppError('Unavailable', BUSY_MESSAGE);
        }
        await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
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

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator finds its bookkeeping tables through the dialect's introspector,
  // which looks at the connection's own schema only (own-schema-postgres.ts).
  const migrator = new Migrator({ db, provider });
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
