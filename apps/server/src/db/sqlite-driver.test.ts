import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';
import { insertRow, selectRowsWhere, updateRowsWhere } from './row-statements.ts';
import { isPostgres } from '../test/harness.ts';
import type { Database } from './schema.ts';
import { executeNow } from './sqlite-driver.ts';

/**
 * Statements that run at once on SQLite (executeNow, used by the row statements) keep the
 * transactions' isolation that Kysely's executor gives: a statement of the database never runs
 * inside another request's open transaction, a statement of a transaction runs inside it while it
 * is open and is refused once it has ended, and another process's write lock is waited for as
 * before.
 */
let dir = '';
let db: Db;
// A table of this test's own; the row statements are typed for the schema's tables, so it is cast.
const NOTES = 'driver_notes' as keyof Database;
const note = (id: number, body: string) => ({ id, body }) as never;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-driver-'));
  db = createDatabase({ url: '', file: path.join(dir, 'test.sqlite') });
  await sql`create table driver_notes (id integer primary key, body text not null)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function bodies(): Promise<string[]> {
  const rows = await sql<{ body: string }>`select body from driver_notes order by id`.execute(db);
  return rows.rows.map((row) => row.body);
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.skipIf(isPostgres)('statements run at once on SQLite', () => {
  it('wait for another request’s open transaction instead of joining it', async () => {
    const inside = gate();
    const release = gate();
    let seenInside: string[] = [];
    const failing = db.transaction().execute(async (trx) => {
      await insertRow(trx, NOTES, note(1, '事务内'));
      inside.open();
      await release.opened;
      seenInside = (await selectRowsWhere(trx, NOTES, {})).map((row) => (row as { body: string }).body);
      throw new Error('回滚');
    });
    await inside.opened;
    // Another request's statements, while the transaction is open: neither may run inside it.
    const outside = insertRow(db, NOTES, note(2, '事务外'));
    const changed = updateRowsWhere(db, NOTES, { body: '已改' } as never, { id: 1 } as never);
    release.open();
    await expect(failing).rejects.toThrow('回滚');
    await outside;
    // The transaction saw only its own row, and its rollback took only its own row.
    expect(seenInside).toEqual(['事务内']);
    expect(await changed).toBe(0);
    expect(await bodies()).toEqual(['事务外']);
  });

  it('run inside the transaction they belong to', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insertRow(trx, NOTES, note(1, '回滚'));
        expect(await selectRowsWhere(trx, NOTES, { id: 1 } as never)).toHaveLength(1);
        throw new Error('回滚');
      }),
    ).rejects.toThrow('回滚');
    await db.transaction().execute((trx) => insertRow(trx, NOTES, note(2, '提交')));
    expect(await bodies()).toEqual(['提交']);
  });

  it('roll back to a savepoint inside a transaction, keeping what came before it', async () => {
    const trx = await db.startTransaction().execute();
    await insertRow(trx, NOTES, note(1, '保存点前'));
    const afterSavepoint = await trx.savepoint('before_second').execute();
    await insertRow(afterSavepoint, NOTES, note(2, '保存点后'));
    const released = await afterSavepoint.rollbackToSavepoint('before_second').execute();
    await insertRow(released, NOTES, note(3, '回滚后'));
    await released.commit().execute();
    expect(await bodies()).toEqual(['保存点前', '回滚后']);
  });

  it('refuse a statement of a transaction that has ended, even while another is open', async () => {
    let ended: Db | null = null;
    await db.transaction().execute(async (trx) => {
      await insertRow(trx, NOTES, note(1, '第一个事务'));
      ended = trx;
    });
    const inside = gate();
    const release = gate();
    const second = db.transaction().execute(async (trx) => {
      await insertRow(trx, NOTES, note(2, '第二个事务'));
      inside.open();
      await release.opened;
      throw new Error('回滚');
    });
    await inside.opened;
    // As Kysely refuses it through its executor, and it must not join the open transaction.
    await expect(insertRow(ended!, NOTES, note(3, '已结束的事务'))).rejects.toThrow(/committed/);
    release.open();
    await expect(second).rejects.toThrow('回滚');
    await expect(insertRow(ended!, NOTES, note(4, '已结束的事务'))).rejects.toThrow(/committed/);
    expect(await bodies()).toEqual(['第一个事务']);
  });

  it('keep every write of many requests side by side with transactions', async () => {
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const writes = Array.from({ length: 200 }, async (_, index) => {
      // The requests arrive over several turns of the event loop, between transactions' statements.
      for (let wait = 0; wait < index % 5; wait++) await turn();
      if (index % 4 !== 0) return insertRow(db, NOTES, note(index + 1, `单句${index}`));
      return db.transaction().execute(async (trx) => {
        await insertRow(trx, NOTES, note(index + 1, `事务${index}`));
        await turn();
        await insertRow(trx, NOTES, note(1000 + index, `事务${index}`));
        if (index % 8 === 0) throw new Error('回滚');
      });
    });
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(25);
    const kept = await bodies();
    expect(kept.filter((body) => body.startsWith('单句'))).toHaveLength(150);
    expect(kept.filter((body) => body.startsWith('事务'))).toHaveLength(50);
  });

  it('leave the statement to the executor while another process holds the write lock', async () => {
    const other = new SqliteDatabase(path.join(dir, 'test.sqlite'));
    try {
      other.exec('begin immediate');
      const query = sql`insert into driver_notes (id, body) values (1, ${'等待'})`.compile(db);
      expect(executeNow(db, query)).toBeUndefined();
      const waiting = insertRow(db, NOTES, note(2, '等到了'));
      await new Promise((resolve) => setTimeout(resolve, 60));
      other.exec('commit');
      await waiting;
      expect(await bodies()).toEqual(['等到了']);
    } finally {
      other.close();
    }
  });
});
