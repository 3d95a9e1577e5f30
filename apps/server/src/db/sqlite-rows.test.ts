import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArrayRowStatement, rowBuilder } from './sqlite-rows.ts';

/** Rows as better-sqlite3 builds them and as ArrayRowStatement does, for the same statement. */
function bothWays(db: SqliteDatabase.Database, sql: string, parameters: unknown[] = []) {
  const objects = db.prepare(sql).all(parameters);
  const arrays = new ArrayRowStatement(db.prepare(sql)).all(parameters);
  return { objects, arrays };
}

describe('rows read as arrays and built in JavaScript', () => {
  let db: SqliteDatabase.Database;
  beforeEach(() => {
    db = new SqliteDatabase(':memory:');
    db.exec(`
      create table customers (id integer primary key, name text, balance_fen integer, avatar blob, note text);
      create table orders (id integer primary key, customer_id integer, total_fen integer);
      insert into customers values (1, '王五', 12345, x'0102', null), (2, 'O''Brien "引号"', 9007199254740991, null, '');
      insert into orders values (10, 1, 500), (11, 1, 700), (12, 2, 900);
    `);
  });
  afterEach(() => db.close());

  it('gives the same objects as better-sqlite3: keys in order, values and their types', () => {
    const { objects, arrays } = bothWays(db, 'select * from customers order by id');
    expect(arrays).toEqual(objects);
    expect(arrays.map((row) => Object.keys(row as object))).toEqual(
      objects.map((row) => Object.keys(row as object)),
    );
    expect((arrays[0] as { avatar: Buffer }).avatar).toBeInstanceOf(Buffer);
    expect((arrays[1] as { avatar: null }).avatar).toBeNull();
  });

  it('keeps the later of two columns of the same name, as better-sqlite3 does', () => {
    const sql =
      'select c.id, c.name, o.id, o.total_fen from customers c join orders o on o.customer_id = c.id order by o.id';
    const { objects, arrays } = bothWays(db, sql);
    expect(arrays).toEqual(objects);
    expect(arrays[0]).toEqual({ id: 10, name: '王五', total_fen: 500 });
  });

  it('names expressions and quoted aliases as written, with any characters', () => {
    const sql = `select count(*) as "count", sum(total_fen) as "sum", 1 as "a""b", 2 as "价格（元）" from orders where customer_id = ?`;
    const { objects, arrays } = bothWays(db, sql, [1]);
    expect(arrays).toEqual(objects);
    expect(arrays[0]).toEqual({ count: 2, sum: 1200, 'a"b': 1, '价格（元）': 2 });
  });

  it('leaves a statement with a column named __proto__ to better-sqlite3’s own row objects', () => {
    expect(rowBuilder(['id', '__proto__'])).toBeNull();
    const { objects, arrays } = bothWays(db, 'select id, name as "__proto__" from customers order by id');
    expect(arrays).toEqual(objects);
    expect(Object.getPrototypeOf(arrays[0])).toBe(Object.prototype);
  });

  it('answers nothing as an empty list, and iterates row by row', () => {
    expect(bothWays(db, 'select * from orders where id = ?', [99]).arrays).toEqual([]);
    const iterated = [
      ...new ArrayRowStatement(db.prepare('select id, total_fen from orders order by id')).iterate([]),
    ];
    expect(iterated).toEqual([
      { id: 10, total_fen: 500 },
      { id: 11, total_fen: 700 },
      { id: 12, total_fen: 900 },
    ]);
  });

  it('returns inserted rows (returning) as objects, and runs writes with their changes', () => {
    const insert = new ArrayRowStatement(
      db.prepare('insert into orders (customer_id, total_fen) values (?, ?) returning *'),
    );
    expect(insert.reader).toBe(true);
    expect(insert.all([2, 1500])).toEqual([{ id: 13, customer_id: 2, total_fen: 1500 }]);
    const update = new ArrayRowStatement(
      db.prepare('update orders set total_fen = total_fen + 1 where customer_id = ?'),
    );
    expect(update.reader).toBe(false);
    expect(update.run([1]).changes).toBe(2);
  });
});
