import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';

/**
 * A busy SQLite server's WAL is copied into the database file by the checkpointer thread, not by
 * SQLite's automatic checkpoint on the event loop (which only comes at a far larger WAL), and
 * destroying the database stops the thread cleanly.
 */
let dir = '';
let db: Db | null = null;

afterEach(async () => {
  await db?.destroy();
  db = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 100 && !condition(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('the SQLite checkpointer', () => {
  it('copies what a busy server wrote from the WAL into the database file', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-checkpointer-'));
    const file = path.join(dir, 'test.sqlite');
    db = createDatabase({ url: '', file });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const body = 'x'.repeat(1000);
    // About 600 KB in 600 writes: far below SQLite's own checkpoint threshold.
    for (let index = 0; index < 600; index++) {
      await sql`insert into notes (body) values (${body})`.execute(db);
    }
    const sizeOfFile = () => fs.statSync(file).size;
    expect(await waitFor(() => sizeOfFile() > 500_000)).toBe(true);
    const { rows } = await sql<{ count: number }>`select count(*) as count from notes`.execute(db);
    expect(rows[0]!.count).toBe(600);
  });

  it('stops with the database, its connection closed before the caller goes on', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-checkpointer-'));
    const file = path.join(dir, 'test.sqlite');
    db = createDatabase({ url: '', file });
    await sql`create table notes (id integer primary key)`.execute(db);
    for (let index = 0; index < 600; index++) await sql`insert into notes default values`.execute(db);
    await db.destroy();
    db = null;
    // Every connection closed: the last close folds the WAL into the file and removes it.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
