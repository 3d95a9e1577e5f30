import type SqliteDatabase from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that turns one row's values, in column order, into the object better-sqlite3 would
 * have returned: the same keys in the same order, a later column of the same name winning. Null
 * when a column is named `__proto__`, which an object literal would take for the prototype.
 *
 * Generated once per statement (the names are JSON-quoted, so any name is a plain key), so every
 * row of a statement is built by the same object literal, which V8 compiles to a fixed shape.
 */
export function rowBuilder(names: readonly string[]): RowBuilder | null {
  if (names.includes('__proto__')) return null;
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
}

/**
 * A prepared statement as Kysely's SQLite driver uses it, reading rows as arrays and building the
 * objects in JavaScript. better-sqlite3 builds each row object in C++: it looks every column's
 * name up in V8's string table again and adds the properties one by one through V8's slowest
 * path, about 9 % of the server's CPU under the checkout load (docs/performance.md, ninth round).
 */
export class ArrayRowStatement implements SqliteStatement {
  readonly reader: boolean;
  private readonly build: RowBuilder | null;

  constructor(private readonly statement: SqliteDatabase.Statement) {
    this.reader = statement.reader;
    this.build = statement.reader ? rowBuilder(statement.columns().map((column) => column.name)) : null;
    if (this.build) statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.statement.all(parameters) as unknown[];
    const build = this.build;
    if (!build) return rows;
    for (let index = 0; index < rows.length; index++) rows[index] = build(rows[index] as unknown[]);
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>): SqliteDatabase.RunResult {
    return this.statement.run(parameters);
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const build = this.build;
    for (const row of this.statement.iterate(parameters) as IterableIterator<unknown>) {
      yield build ? build(row as unknown[]) : row;
    }
  }
}
