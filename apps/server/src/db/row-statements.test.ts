import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, startTestServer, type TestServer } from '../test/harness.ts';
import type { Db } from './database.ts';
import {
  countRowsWhere,
  insertRow,
  insertRowReturning,
  insertRowReturningId,
  insertRowUnlessPresent,
  selectRowsWhere,
  updateRowsWhere,
  updateRowsWhereReturning,
} from './row-statements.ts';
import type { Database } from './schema.ts';

/**
 * The row statements store and change exactly what Kysely's query builder stores, on SQLite and on
 * PostgreSQL, whatever shape of row comes first, and each row with its own values.
 */
let server: TestServer;
let db: Db;
// A table of this test's own; the helpers are typed for the schema's tables, so it is cast.
const PROBE = 'insert_row_probe' as keyof Database;

interface ProbeRow {
  id: number;
  label: string;
  amount: number;
  note: string | null;
  kind: string;
  blob: Uint8Array | null;
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.context.db;
  const id = isPostgres ? 'serial primary key' : 'integer primary key autoincrement';
  const bytes = isPostgres ? 'bytea' : 'blob';
  await sql
    .raw(
      `create table insert_row_probe (id ${id}, label varchar(50) not null, amount integer not null, ` +
        `note varchar(50), kind varchar(10) not null default 'plain', blob ${bytes})`,
    )
    .execute(db);
  await sql
    .raw('create table unique_row_probe (label varchar(50) primary key, amount integer not null)')
    .execute(db);
});
afterAll(async () => server?.close());

const row = (values: Record<string, unknown>) => values as never;

async function stored(id: number): Promise<ProbeRow> {
  const found = await sql<ProbeRow>`select * from insert_row_probe where id = ${id}`.execute(db);
  const probe = found.rows[0]!;
  return { ...probe, blob: probe.blob ? new Uint8Array(probe.blob) : null };
}

describe('insertRow', () => {
  it('returns the row as stored, as the query builder returns it', async () => {
    const values = { label: '封面纸张', amount: 107_712, note: null };
    const mine = (await insertRowReturning(db, PROBE, row(values))) as unknown as ProbeRow;
    const builders = (await db
      .insertInto(PROBE)
      .values(row(values))
      .returningAll()
      .executeTakeFirstOrThrow()) as unknown as ProbeRow;
    expect(mine.id).toBeGreaterThan(0);
    expect(builders.id).toBe(mine.id + 1);
    expect({ ...mine, id: 0 }).toEqual({ ...builders, id: 0 });
    expect(mine).toMatchObject({ label: '封面纸张', amount: 107_712, note: null, kind: 'plain' });
  });

  it('binds each row its own values when the shape repeats, also all at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        insertRowReturningId(db, PROBE, row({ label: `行${index}`, amount: index, note: `n${index}` })),
      ),
    );
    expect(new Set(ids).size).toBe(20);
    for (const [index, id] of ids.entries()) {
      expect(await stored(id)).toMatchObject({ label: `行${index}`, amount: index, note: `n${index}` });
    }
  });

  it('leaves undefined columns to their defaults and gives another shape its own statement', async () => {
    const withKind = await insertRowReturningId(db, PROBE, row({ label: 'a', amount: 1, kind: 'special' }));
    const withoutKind = await insertRowReturningId(
      db,
      PROBE,
      row({ label: 'b', amount: 2, kind: undefined }),
    );
    expect(await stored(withKind)).toMatchObject({ label: 'a', kind: 'special', note: null });
    expect(await stored(withoutKind)).toMatchObject({ label: 'b', kind: 'plain', note: null });
  });

  it('stores bytes and leaves an SQL expression to the query builder', async () => {
    const bytes = Uint8Array.from([0, 1, 2, 254, 255]);
    const id = await insertRowReturningId(
      db,
      PROBE,
      row({ label: sql`upper(${'mixed'})`, amount: 3, blob: Buffer.from(bytes) }),
    );
    expect(await stored(id)).toMatchObject({ label: 'MIXED', amount: 3, blob: bytes });
  });

  it('inserts without returning anything', async () => {
    await insertRow(db, PROBE, row({ label: 'quiet', amount: 4 }));
    const found = await sql<{
      n: number;
    }>`select count(*) as n from insert_row_probe where label = 'quiet'`.execute(db);
    expect(Number(found.rows[0]!.n)).toBe(1);
  });
});

describe('insertRowUnlessPresent', () => {
  const UNIQUE_PROBE = 'unique_row_probe' as keyof Database;
  const amountsOf = async (label: string) =>
    (
      await sql<{ amount: number }>`select amount from unique_row_probe where label = ${label}`.execute(db)
    ).rows.map((found) => Number(found.amount));

  it('inserts a new key and leaves a repeated one as it was, saying which', async () => {
    expect(await insertRowUnlessPresent(db, UNIQUE_PROBE, row({ label: 'first', amount: 1 }))).toBe(true);
    expect(await insertRowUnlessPresent(db, UNIQUE_PROBE, row({ label: 'first', amount: 2 }))).toBe(false);
    expect(await insertRowUnlessPresent(db, UNIQUE_PROBE, row({ label: 'second', amount: 3 }))).toBe(true);
    expect(await amountsOf('first')).toEqual([1]);
    expect(await amountsOf('second')).toEqual([3]);
  });

  it('lets exactly one of simultaneous inserts of the same key in', async () => {
    const inserted = await Promise.all(
      Array.from({ length: 6 }, (_, turn) =>
        insertRowUnlessPresent(db, UNIQUE_PROBE, row({ label: 'raced', amount: turn + 10 })),
      ),
    );
    expect(inserted.filter(Boolean)).toHaveLength(1);
    expect(await amountsOf('raced')).toEqual([10 + inserted.indexOf(true)]);
  });
});

describe('updateRowsWhere', () => {
  it('changes only the rows meeting every condition, null meaning "is null", and counts them', async () => {
    const open = await insertRowReturningId(db, PROBE, row({ label: 'u', amount: 10, note: null }));
    const noted = await insertRowReturningId(db, PROBE, row({ label: 'u', amount: 10, note: 'x' }));
    const changed = await updateRowsWhere(
      db,
      PROBE,
      row({ amount: 11, kind: 'moved' }),
      row({ label: 'u', note: null }),
    );
    expect(changed).toBe(1);
    expect(await stored(open)).toMatchObject({ amount: 11, kind: 'moved' });
    expect(await stored(noted)).toMatchObject({ amount: 10, kind: 'plain' });
    // The same shape again, other values: nothing left to meet the condition with amount 10.
    expect(await updateRowsWhere(db, PROBE, row({ amount: 12 }), row({ id: open, amount: 10 }))).toBe(0);
    expect(await updateRowsWhere(db, PROBE, row({ amount: 12 }), row({ id: open, amount: 11 }))).toBe(1);
    expect(await stored(open)).toMatchObject({ amount: 12 });
  });

  it('changes the rows in a list, and none for an empty list', async () => {
    const first = await insertRowReturningId(db, PROBE, row({ label: 'list', amount: 1 }));
    const second = await insertRowReturningId(db, PROBE, row({ label: 'list', amount: 1 }));
    const third = await insertRowReturningId(db, PROBE, row({ label: 'list', amount: 1 }));
    expect(await updateRowsWhere(db, PROBE, row({ amount: 2 }), row({ id: [first, third] }))).toBe(2);
    expect(await updateRowsWhere(db, PROBE, row({ amount: 3 }), row({ id: [] }))).toBe(0);
    expect((await stored(first)).amount).toBe(2);
    expect((await stored(second)).amount).toBe(1);
    expect((await stored(third)).amount).toBe(2);
  });

  it('leaves undefined conditions out', async () => {
    const id = await insertRowReturningId(db, PROBE, row({ label: 'w', amount: 1, note: 'kept' }));
    expect(await updateRowsWhere(db, PROBE, row({ amount: 2 }), row({ id, note: undefined }))).toBe(1);
    expect(await stored(id)).toMatchObject({ amount: 2, note: 'kept' });
  });

  it('returns the changed rows as stored, as the query builder does', async () => {
    const first = await insertRowReturningId(db, PROBE, row({ label: 'r', amount: 1 }));
    const second = await insertRowReturningId(db, PROBE, row({ label: 'r', amount: 1 }));
    const [mine] = (await updateRowsWhereReturning(
      db,
      PROBE,
      row({ amount: 5, note: '改' }),
      row({ id: first, note: null }),
    )) as unknown as ProbeRow[];
    const builders = (await db
      .updateTable(PROBE)
      .set(row({ amount: 5, note: '改' }))
      .where('id' as never, '=', second as never)
      .where('note' as never, 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow()) as unknown as ProbeRow;
    expect({ ...mine, id: 0 }).toEqual({ ...builders, id: 0 });
    expect(
      await updateRowsWhereReturning(db, PROBE, row({ amount: 6 }), row({ id: first, note: null })),
    ).toEqual([]);
  });

  it('lets one of two simultaneous conditional updates win', async () => {
    const id = await insertRowReturningId(db, PROBE, row({ label: 'race', amount: 0 }));
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((amount) =>
        db
          .transaction()
          .execute((trx) => updateRowsWhere(trx, PROBE, row({ amount }), row({ id, amount: 0 }))),
      ),
    );
    expect(outcomes.filter((changed) => changed === 1)).toHaveLength(1);
    expect([1, 2, 3, 4]).toContain((await stored(id)).amount);
  });
});

describe('statements left to the query builder', () => {
  it('counts and returns what an update with an SQL expression changed', async () => {
    const id = await insertRowReturningId(db, PROBE, row({ label: 'expr', amount: 5 }));
    const other = await insertRowReturningId(db, PROBE, row({ label: 'expr', amount: 5 }));
    expect(await updateRowsWhere(db, PROBE, row({ amount: sql`amount + 1` }), row({ id }))).toBe(1);
    expect(await updateRowsWhere(db, PROBE, row({ amount: sql`amount + 1` }), row({ id: -1 }))).toBe(0);
    const [changed] = await updateRowsWhereReturning(
      db,
      PROBE,
      row({ note: sql`upper(${'n'})` }),
      row({ id }),
    );
    expect(changed).toEqual(await stored(id));
    expect(await stored(id)).toMatchObject({ amount: 6, note: 'N' });
    expect(await stored(other)).toMatchObject({ amount: 5, note: null });
  });

  it('reads and counts with a condition that is an SQL expression', async () => {
    const id = await insertRowReturningId(db, PROBE, row({ label: 'cond', amount: 7 }));
    const condition = row({ label: 'cond', id: sql`${id}` });
    expect(await selectRowsWhere(db, PROBE, condition)).toEqual([await stored(id)]);
    expect(await countRowsWhere(db, PROBE, condition, 'amount' as never)).toEqual({ count: 1, sum: 7 });
  });
});

describe('selectRowsWhere', () => {
  it('reads what the query builder reads: equality, is null, in a list, columns and order', async () => {
    const ids: number[] = [];
    for (const [amount, note] of [
      [7, null],
      [8, 's'],
      [9, null],
      [10, null],
    ] as const) {
      ids.push(await insertRowReturningId(db, PROBE, row({ label: 'sel', amount, note })));
    }
    const mine = await selectRowsWhere(
      db,
      PROBE,
      row({ label: 'sel', note: null, id: [ids[0], ids[1], ids[2]] }),
      { orderBy: [['amount' as never, 'desc']] },
    );
    const builders = await db
      .selectFrom(PROBE)
      .selectAll()
      .where('label' as never, '=', 'sel' as never)
      .where('note' as never, 'is', null)
      .where('id' as never, 'in', [ids[0], ids[1], ids[2]] as never)
      .orderBy('amount' as never, 'desc')
      .execute();
    expect(mine).toEqual(builders);
    expect((mine as unknown as ProbeRow[]).map((found) => found.amount)).toEqual([9, 7]);

    // The same conditions with a longer list, and only some columns.
    const amounts = await selectRowsWhere(db, PROBE, row({ label: 'sel', note: null, id: ids }), {
      columns: ['amount' as never],
      orderBy: [['amount' as never, 'asc']],
    });
    expect(amounts).toEqual([{ amount: 7 }, { amount: 9 }, { amount: 10 }]);
  });

  it('answers an empty list with no rows and leaves undefined conditions out', async () => {
    expect(await selectRowsWhere(db, PROBE, row({ id: [] }))).toEqual([]);
    const everything = await selectRowsWhere(db, PROBE, row({ label: 'sel', id: undefined }));
    expect(everything).toHaveLength(4);
  });

  it('reads one page at a time, each page with its own limit and offset', async () => {
    const page = (limit: number, offset?: number) =>
      selectRowsWhere(db, PROBE, row({ label: 'sel' }), {
        columns: ['amount' as never],
        orderBy: [['amount' as never, 'desc']],
        page: offset === undefined ? { limit } : { limit, offset },
      });
    expect(await page(2, 0)).toEqual([{ amount: 10 }, { amount: 9 }]);
    expect(await page(2, 2)).toEqual([{ amount: 8 }, { amount: 7 }]);
    expect(await page(3, 1)).toEqual([{ amount: 9 }, { amount: 8 }, { amount: 7 }]);
    expect(await page(1)).toEqual([{ amount: 10 }]);
    expect(await page(5, 4)).toEqual([]);
  });
});

describe('countRowsWhere', () => {
  it('counts the rows meeting the conditions and sums a column over them', async () => {
    for (const amount of [3, 4, 5]) await insertRow(db, PROBE, row({ label: 'cnt', amount }));
    await insertRow(db, PROBE, row({ label: 'cnt', amount: 100, note: 'gone' }));
    expect(await countRowsWhere(db, PROBE, row({ label: 'cnt', note: null }), 'amount' as never)).toEqual({
      count: 3,
      sum: 12,
    });
    expect(await countRowsWhere(db, PROBE, row({ label: 'cnt' }), 'amount' as never)).toEqual({
      count: 4,
      sum: 112,
    });
    // The same shape with other values, none matching: the sum of nothing is 0.
    expect(await countRowsWhere(db, PROBE, row({ label: 'none', note: null }), 'amount' as never)).toEqual({
      count: 0,
      sum: 0,
    });
    expect(await countRowsWhere(db, PROBE, row({ label: 'cnt' }))).toEqual({ count: 4, sum: 0 });
    expect(await countRowsWhere(db, PROBE, row({ label: 'cnt', id: [] }), 'amount' as never)).toEqual({
      count: 0,
      sum: 0,
    });
  });
});
