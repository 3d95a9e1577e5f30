import {
  createQueryId,
  type CompiledQuery,
  type Insertable,
  type Kysely,
  type QueryResult,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { executeNow } from './sqlite-driver.ts';

/**
 * Single-row inserts, conditional updates, plain selects (a page of them too) and counts whose
 * SQL Kysely compiles once per statement shape (the table, the columns given or read, the
 * conditions, the order, what comes back), on each database's dialect.
 *
 * Why: building and compiling a 20-column insert or update through Kysely's query builder cost the
 * server more time than SQLite took to run it, on the hottest calls (add to cart, checkout,
 * balance payment; docs/performance.md, Checkout). A shape's SQL never changes, so later calls
 * only bind their values. The text is Kysely's own: the first statement of each shape goes
 * through the query builder, and the parameters it compiled must be exactly the values given, in
 * order, or that shape is left to the query builder every time.
 *
 * A value that is not a plain database value (a Kysely expression such as sql`…`, a Date) sends
 * the statement through the query builder, as does a statement without any column.
 */
type Returning = 'all' | 'id' | 'nothing';

/**
 * The compiled statement of each shape (its SQL text and Kysely's operation node, which the driver
 * reads to tell reads from writes), one table of them per dialect (the adapter Kysely compiles
 * for); null for a shape left to the query builder.
 */
const compiledByAdapter = new WeakMap<object, Map<string, CompiledQuery | null>>();

function isPlainValue(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      return true;
    case 'object':
      return value instanceof Uint8Array;
    default:
      return false;
  }
}

/** The defined columns of `row` and their values, in order; null when one is not plain. */
function columnsOf(row: Record<string, unknown>): { keys: string[]; values: unknown[] } | null {
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key in row) {
    if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
    const value = row[key];
    if (value === undefined) continue;
    if (!isPlainValue(value)) return null;
    keys.push(key);
    values.push(value);
  }
  return { keys, values };
}

/**
 * The statement to run for `shape` with `values`: the SQL compiled once for the shape with these
 * values bound, compiling it from `build` the first time the shape is seen (and running that first
 * compile itself); a new statement from `build` when the shape is left to the query builder
 * (Kysely's parameters were not exactly `values`, in order).
 */
function statementFor(
  db: Db,
  shape: string,
  values: readonly unknown[],
  build: () => { compile(): CompiledQuery },
): CompiledQuery {
  const adapter = db.getExecutor().adapter;
  let byShape = compiledByAdapter.get(adapter);
  if (!byShape) {
    byShape = new Map();
    compiledByAdapter.set(adapter, byShape);
  }
  const compiled = byShape.get(shape);
  if (compiled === undefined) {
    const first = build().compile();
    const parameters = first.parameters;
    const same =
      parameters.length === values.length && parameters.every((value, index) => value === values[index]);
    byShape.set(shape, same ? first : null);
    return first;
  }
  if (compiled === null) return build().compile();
  return { sql: compiled.sql, query: compiled.query, parameters: [...values], queryId: createQueryId() };
}

/**
 * Runs a compiled statement: on SQLite at once where the connection is free for it (executeNow in
 * sqlite-driver.ts), else through Kysely's executor as `db.executeQuery` does.
 */
export async function executeCompiled<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  return executeNow<R>(db, query) ?? (await db.executeQuery(query));
}

/**
 * Runs a statement: `values` bound to the SQL compiled once for `shape` where it can be, else the
 * statement `build` gives (always when `shape` is null). Either way the rows it returned and how
 * many it changed.
 */
async function run(
  db: Db,
  shape: string | null,
  values: readonly unknown[],
  build: () => { compile(): CompiledQuery },
): Promise<{ rows: unknown[]; count: bigint | undefined }> {
  const query = shape === null ? build().compile() : statementFor(db, shape, values, build);
  const result = await executeCompiled<unknown>(db, query);
  return { rows: result.rows, count: result.numAffectedRows };
}

/**
 * The table, the columns and the conditions are checked by the exported functions' signatures;
 * the builder of a table chosen by a type parameter cannot check them again, so it is untyped.
 */
function untyped(db: Db): Kysely<any> {
  return db as unknown as Kysely<any>;
}

/** What an insert does when the row would repeat a unique key: fail, or leave the row out. */
type OnConflict = 'fail' | 'skip';

function insertBuilder(
  db: Db,
  table: keyof Database,
  row: Record<string, unknown>,
  returning: Returning,
  onConflict: OnConflict,
) {
  let insert = untyped(db).insertInto(table).values(row);
  if (onConflict === 'skip') insert = insert.onConflict((conflict) => conflict.doNothing());
  if (returning === 'all') return insert.returningAll();
  if (returning === 'id') return insert.returning('id');
  return insert;
}

async function insert(
  db: Db,
  table: keyof Database,
  row: Record<string, unknown>,
  returning: Returning,
  onConflict: OnConflict = 'fail',
): Promise<{ rows: unknown[]; count: bigint | undefined }> {
  const columns = columnsOf(row);
  const shape =
    columns && columns.keys.length > 0
      ? `insert ${table} ${returning} ${onConflict} ${columns.keys.join(',')}`
      : null;
  const build = () => insertBuilder(db, table, row, returning, onConflict);
  return run(db, shape, columns?.values ?? [], build);
}

/** Inserts one row; returns it as stored (its id and the columns' defaults included). */
export async function insertRowReturning<T extends keyof Database>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<Selectable<Database[T]>> {
  const { rows } = await insert(db, table, row as Record<string, unknown>, 'all');
  if (rows.length === 0) throw new Error(`insert into ${table} returned no row`);
  return rows[0] as Selectable<Database[T]>;
}

/** Inserts one row; returns its id. */
export async function insertRowReturningId<T extends keyof Database>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<number> {
  const { rows } = await insert(db, table, row as Record<string, unknown>, 'id');
  const first = rows[0] as { id: number } | undefined;
  if (!first) throw new Error(`insert into ${table} returned no row`);
  return first.id;
}

/**
 * Inserts one row unless it would repeat a unique key of a row already there (`on conflict do
 * nothing`); true when it was inserted.
 */
export async function insertRowUnlessPresent<T extends keyof Database>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<boolean> {
  const { count } = await insert(db, table, row as Record<string, unknown>, 'nothing', 'skip');
  return Number(count ?? 0) === 1;
}

/** Inserts one row. */
export async function insertRow<T extends keyof Database>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  await insert(db, table, row as Record<string, unknown>, 'nothing');
}

/**
 * Conditions of an update or a select: each column equal to its value, `is null` where the value
 * is null, or `in` the list where the value is an array (an empty list matches nothing and asks
 * nothing). Undefined conditions are left out.
 */
export type RowConditions<T extends keyof Database> = {
  [K in keyof Selectable<Database[T]>]?:
    Selectable<Database[T]>[K] | null | readonly Selectable<Database[T]>[K][];
};

/**
 * The defined conditions of `where`, their part of a statement's shape, the values they bind in
 * order, whether every value is plain, and whether an empty list makes them match nothing.
 */
function conditionsOf(where: Record<string, unknown>) {
  const entries = Object.entries(where).filter(([, value]) => value !== undefined);
  const parts: string[] = [];
  const values: unknown[] = [];
  let plain = true;
  let matchesNothing = false;
  for (const [column, value] of entries) {
    if (value === null) {
      parts.push(`${column} null`);
    } else if (Array.isArray(value)) {
      parts.push(`${column} in ${value.length}`);
      if (value.length === 0) matchesNothing = true;
      for (const item of value) {
        plain &&= isPlainValue(item);
        values.push(item);
      }
    } else {
      parts.push(column);
      plain &&= isPlainValue(value);
      values.push(value);
    }
  }
  return { entries, shape: parts.join(','), values, plain, matchesNothing };
}

/** `query` with the conditions of `conditionsOf` as its where clause. */
function whereAll<Q extends { where(column: string, operator: string, value: unknown): Q }>(
  query: Q,
  entries: readonly [string, unknown][],
): Q {
  let conditioned = query;
  for (const [column, value] of entries) {
    if (value === null) conditioned = conditioned.where(column, 'is', null);
    else if (Array.isArray(value)) conditioned = conditioned.where(column, 'in', value);
    else conditioned = conditioned.where(column, '=', value);
  }
  return conditioned;
}

async function update(
  db: Db,
  table: keyof Database,
  set: Record<string, unknown>,
  where: Record<string, unknown>,
  returnRows: boolean,
): Promise<{ rows: unknown[]; count: bigint | undefined }> {
  const conditions = conditionsOf(where);
  if (conditions.matchesNothing) return { rows: [], count: 0n };
  const build = () => {
    const query = whereAll(
      untyped(db)
        .updateTable(table as string)
        .set(set),
      conditions.entries,
    );
    return returnRows ? query.returningAll() : query;
  };
  const columns = columnsOf(set);
  const shape =
    columns && columns.keys.length > 0 && conditions.plain
      ? `update ${table} ${returnRows ? 'all' : 'nothing'} ${columns.keys.join(',')} where ${conditions.shape}`
      : null;
  return run(db, shape, [...(columns?.values ?? []), ...conditions.values], build);
}

/** Updates the rows meeting `where` (see RowConditions); returns how many changed. */
export async function updateRowsWhere<T extends keyof Database>(
  db: Db,
  table: T,
  set: Updateable<Database[T]>,
  where: RowConditions<T>,
): Promise<number> {
  const { count } = await update(db, table, set as Record<string, unknown>, where, false);
  return Number(count ?? 0);
}

/** Updates the rows meeting `where` (see RowConditions); returns them as stored. */
export async function updateRowsWhereReturning<T extends keyof Database>(
  db: Db,
  table: T,
  set: Updateable<Database[T]>,
  where: RowConditions<T>,
): Promise<Selectable<Database[T]>[]> {
  const { rows } = await update(db, table, set as Record<string, unknown>, where, true);
  return rows as Selectable<Database[T]>[];
}

/**
 * What a select reads, in which order and which page of it: every column unless `columns` names
 * them; all rows unless `page` says how many at most, after how many skipped.
 */
export interface SelectOptions<T extends keyof Database> {
  columns?: readonly (keyof Selectable<Database[T]> & string)[];
  orderBy?: readonly [keyof Selectable<Database[T]> & string, 'asc' | 'desc'][];
  page?: { limit: number; offset?: number };
}

/** The rows of `table` meeting `where` (see RowConditions), as `options` asks. */
export async function selectRowsWhere<T extends keyof Database>(
  db: Db,
  table: T,
  where: RowConditions<T>,
  options: SelectOptions<T> = {},
): Promise<Selectable<Database[T]>[]> {
  const conditions = conditionsOf(where);
  if (conditions.matchesNothing) return [];
  const build = () => {
    const from = untyped(db).selectFrom(table as string);
    let query = whereAll(
      options.columns ? from.select([...options.columns]) : from.selectAll(),
      conditions.entries,
    );
    for (const [column, direction] of options.orderBy ?? []) query = query.orderBy(column, direction);
    if (options.page) query = query.limit(options.page.limit);
    if (options.page?.offset !== undefined) query = query.offset(options.page.offset);
    return query;
  };
  const { page } = options;
  const paging = page ? [page.limit, ...(page.offset === undefined ? [] : [page.offset])] : [];
  const shape = conditions.plain
    ? `select ${table} ${options.columns?.join(',') ?? '*'} where ${conditions.shape} order ` +
      (options.orderBy ?? []).map(([column, direction]) => `${column} ${direction}`).join(',') +
      ` page ${paging.length}`
    : null;
  const { rows } = await run(db, shape, [...conditions.values, ...paging], build);
  return rows as Selectable<Database[T]>[];
}

/**
 * How many rows of `table` meet `where` (see RowConditions) and, when `sumOf` names a column,
 * the sum of that column over them (0 when none).
 */
export async function countRowsWhere<T extends keyof Database>(
  db: Db,
  table: T,
  where: RowConditions<T>,
  sumOf?: keyof Selectable<Database[T]> & string,
): Promise<{ count: number; sum: number }> {
  const conditions = conditionsOf(where);
  if (conditions.matchesNothing) return { count: 0, sum: 0 };
  const build = () =>
    whereAll(
      untyped(db)
        .selectFrom(table as string)
        .select((eb) => [eb.fn.countAll().as('count'), ...(sumOf ? [eb.fn.sum(sumOf).as('sum')] : [])]),
      conditions.entries,
    );
  const shape = conditions.plain ? `count ${table} ${sumOf ?? ''} where ${conditions.shape}` : null;
  const { rows } = await run(db, shape, conditions.values, build);
  const [totals] = rows as { count: number | string | bigint; sum?: number | string | null }[];
  // PostgreSQL answers count(*) and sum(integer) as bigint, which its driver gives as text.
  return { count: Number(totals?.count ?? 0), sum: Number(totals?.sum ?? 0) };
}
