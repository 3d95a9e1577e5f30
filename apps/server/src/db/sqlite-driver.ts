import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryExecutor,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { AppError } from '../lib/app-error.ts';

/** How long a statement waits for another process's write lock on the SQLite file, in polls. */
const BUSY_POLL_MS = 25;
const BUSY_POLLS = 40;
const BUSY_MESSAGE = '数据库繁忙，请稍后再试';

/** What the driver tells after each write: the checkpointer (database.ts) counts them. */
export interface WriteListener {
  noteWrite(): void;
  stop(): Promise<void>;
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const RESOLVED = Promise.resolve();

/**
 * The one connection's lock: held by a transaction from its begin to its end, or by a single
 * statement sent through Kysely's executor while it runs. A waiter is handed the lock directly
 * when it is given back, in the order they came.
 */
class ConnectionLock {
  isHeld = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.isHeld) {
      this.isHeld = true;
      return RESOLVED;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.isHeld = false;
  }
}

/**
 * Kysely's driver for the one better-sqlite3 connection of a SQLite server, in place of Kysely's
 * own (which it follows statement for statement), with two differences:
 *
 * - **Another process's write lock.** A write lock held by another process (the command-line
 *   tools, a backup, a second server on the same file) makes SQLite answer SQLITE_BUSY.
 *   better-sqlite3 is synchronous, so SQLite's own busy_timeout would freeze every request of this
 *   process while it waits. Instead the statement is tried again after a timer, up to BUSY_POLLS ×
 *   BUSY_POLL_MS (other requests keep being served meanwhile), and then fails as Unavailable with
 *   a Chinese "busy" message. Once one statement has given up, later ones fail at their first busy
 *   answer until a write succeeds, so queued requests do not each wait in turn. Transactions begin
 *   IMMEDIATE: they take the write lock at the start, where waiting for it is safe, never
 *   half-way through.
 * - **Statements run at once where they may** (`executeNow`): Kysely's executor takes every
 *   statement through five promise-returning layers (its executor, connection provider, this
 *   driver's lock and connection), about a fifth of what a checkout request allocates
 *   (docs/performance.md, tenth round), for a statement better-sqlite3 runs synchronously.
 */
export class SqliteConnectionDriver implements Driver {
  /** True once a statement gave up waiting, until a write succeeds. */
  isLocked = false;
  readonly lock = new ConnectionLock();
  readonly connection: SqliteConnection;
  /** The transaction open on the connection, from its begin to its commit or rollback. */
  private openTransaction: OpenTransaction | null = null;
  /** Which transaction each transaction's executor (Kysely makes one per transaction) belongs to. */
  private readonly transactionOfExecutor = new WeakMap<QueryExecutor, OpenTransaction>();
  /**
   * Kysely's own SQLite driver, for its savepoint commands: they run on the connection they are
   * given and use nothing else of that driver.
   */
  private readonly savepoints: SqliteDriver;

  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly writes: WriteListener | null,
  ) {
    this.connection = new SqliteConnection(sqlite, this);
    this.savepoints = new SqliteDriver({ database: sqlite });
  }

  /** A statement that writes succeeded. */
  noteWrite(): void {
    this.isLocked = false;
    this.writes?.noteWrite();
  }

  async init(): Promise<void> {
    // The connection is open from the start (database.ts).
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.openTransaction = { isOpen: true };
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.endTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.endTransaction();
    }
  }

  private endTransaction(): void {
    if (this.openTransaction) this.openTransaction.isOpen = false;
    this.openTransaction = null;
  }

  /**
   * Whether `executor`, a transaction's, belongs to the transaction open now. The first time an
   * executor is asked about, Kysely's own check that its transaction has not ended (made by
   * `provideConnection` before anything else) tells: a transaction that has not ended is the open
   * one, since SQLite has one connection. The answer is kept for the executor's later statements.
   */
  isOpenTransaction(executor: QueryExecutor): boolean {
    const known = this.transactionOfExecutor.get(executor);
    if (known) return known.isOpen;
    const open = this.openTransaction;
    if (!open) return false;
    try {
      executor.provideConnection(async () => undefined).catch(() => undefined);
    } catch {
      return false;
    }
    this.transactionOfExecutor.set(executor, open);
    return true;
  }

  savepoint(...args: Parameters<SqliteDriver['savepoint']>): Promise<void> {
    return this.savepoints.savepoint(...args);
  }

  rollbackToSavepoint(...args: Parameters<SqliteDriver['rollbackToSavepoint']>): Promise<void> {
    return this.savepoints.rollbackToSavepoint(...args);
  }

  releaseSavepoint(...args: Parameters<SqliteDriver['releaseSavepoint']>): Promise<void> {
    return this.savepoints.releaseSavepoint(...args);
  }

  async releaseConnection(): Promise<void> {
    this.endTransaction();
    this.lock.release();
  }

  async destroy(): Promise<void> {
    await this.writes?.stop();
    this.sqlite.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly driver: SqliteConnectionDriver,
  ) {}

  /** Runs `query` now; throws what SQLite throws (SQLITE_BUSY included). */
  run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.sqlite.prepare(query.sql);
    if (statement.reader) {
      const rows = statement.all(query.parameters) as R[];
      // An insert, update or delete with `returning` reads its rows.
      if (!SelectQueryNode.is(query.query)) this.driver.noteWrite();
      return { rows };
    }
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    this.driver.noteWrite();
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId:
        lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let polls = 0; ; polls += 1) {
      try {
        return this.run<R>(query);
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

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select statements');
    const statement = this.sqlite.prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
  }
}

interface OpenTransaction {
  isOpen: boolean;
}

/** The driver behind each SQLite database's adapter (the adapter is shared by its transactions). */
const driverByAdapter = new WeakMap<DialectAdapter, SqliteConnectionDriver>();

/** Kysely's SQLite dialect with SqliteConnectionDriver as its driver. */
export class SqliteConnectionDialect extends SqliteDialect {
  private readonly driver: SqliteConnectionDriver;

  constructor(sqlite: SqliteDatabase, writes: WriteListener | null) {
    super({ database: sqlite });
    this.driver = new SqliteConnectionDriver(sqlite, writes);
  }

  override createDriver(): Driver {
    return this.driver;
  }

  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    driverByAdapter.set(adapter, this.driver);
    return adapter;
  }
}

/**
 * Runs a compiled statement of `db` at once, without Kysely's executor, when `db` is SQLite and
 * its connection is free for it: not held by anyone, for a statement of the database itself; held
 * by the statement's own transaction, still open, for a statement of a transaction. Undefined when
 * the statement must go through `db.executeQuery` instead: on PostgreSQL, with Kysely plugins,
 * while another request's transaction holds the connection (the statement waits for it to end,
 * as Kysely's executor makes it), for a transaction that has ended (Kysely refuses the statement),
 * and when another process holds the file's write lock (the executor's path waits for that).
 */
export function executeNow<R>(
  db: Pick<Kysely<object>, 'getExecutor' | 'isTransaction'>,
  query: CompiledQuery,
): QueryResult<R> | undefined {
  const executor = db.getExecutor();
  const driver = driverByAdapter.get(executor.adapter);
  if (!driver || executor.plugins.length > 0) return undefined;
  if (db.isTransaction ? !driver.isOpenTransaction(executor) : driver.lock.isHeld) return undefined;
  try {
    return driver.connection.run<R>(query);
  } catch (error) {
    if (isSqliteBusy(error)) return undefined;
    throw error;
  }
}
