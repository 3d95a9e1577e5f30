import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { seedDemo } from '../db/seed.ts';
import { testClockStart } from '../lib/clock.ts';

/**
 * The demo data a test server starts on, seeded once for a whole test run.
 *
 * A server's first start on an empty database migrates it and seeds the demo merchants (app.ts),
 * which costs most of a test server's start: seven staff and two customer passwords hashed with
 * scrypt, the site content, the logos drawn. Every test server starts on the same test-clock date
 * (ManualClock), so every first start would seed the same data. The run seeds it once, with the
 * real migrations and seed at that date, and each test file's fresh database starts as a copy: a
 * file copy for SQLite, the rows copied into a freshly migrated schema for PostgreSQL. A test
 * server on a copy starts as a server restarted on seeded data does (migrations up to date,
 * nothing to seed). The first start on an empty database is still exercised: here, by the built
 * server in the browser suite's global setup (apps/web/e2e/support/seeded-database.setup.ts) and by
 * `bench:memory`.
 */
export const isPostgres = process.env.TEST_DB === 'postgres';
/** The PostgreSQL database the suite's schemas are made in (TEST_DB=postgres). */
export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://root@127.0.0.1:5432/test';

export type SeededTemplate = { kind: 'sqlite'; file: string } | { kind: 'postgres'; schema: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's seeded demo data is (test/seeded-template.ts); absent outside the API suite. */
    seededTemplate?: SeededTemplate;
  }
}

/** Migrates and seeds a new database at the test clock's start: a SQLite file, or a PostgreSQL schema. */
export async function createSeededTemplate(pgUrl: string | null): Promise<{
  template: SeededTemplate;
  drop(): Promise<void>;
}> {
  if (pgUrl) {
    const schema = `t_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(pgUrl, `create schema ${schema}`);
    const drop = () => adminQuery(pgUrl, `drop schema ${schema} cascade`);
    try {
      await migrateAndSeed(createDatabase({ url: pgUrl, file: '', schema }));
    } catch (error) {
      await drop();
      throw error;
    }
    return { template: { kind: 'postgres', schema }, drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-test-template-'));
  const drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  const file = path.join(dir, 'template.sqlite');
  try {
    // Closing the connection checkpoints the write-ahead log into the file, so the file alone is whole.
    await migrateAndSeed(createDatabase({ url: '', file }));
  } catch (error) {
    await drop();
    throw error;
  }
  return { template: { kind: 'sqlite', file }, drop };
}

async function migrateAndSeed(db: ReturnType<typeof createDatabase>): Promise<void> {
  try {
    await migrateToLatest(db);
    await seedDemo(db, testClockStart());
  } finally {
    await db.destroy();
  }
}

/** One statement on its own connection (schemas made and dropped). */
export async function adminQuery(pgUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Copies every row of the template schema into `target`, a schema the same migrations made: table
 * by table, each after the tables it refers to, in one transaction, in place of any rows the
 * migrations wrote there; then each serial column's
 * sequence continues after the highest value copied. The migrations' own bookkeeping tables are
 * left alone (the target's record the same migrations).
 */
export async function copyTemplateRows(pgUrl: string, template: string, target: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`,
      [template],
    );
    const references = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = $1`,
      [template],
    );
    const columns = await client.query<{ table: string; column: string; serial: boolean }>(
      `select table_name as table, column_name as column,
              coalesce(column_default like 'nextval(%', false) as serial
         from information_schema.columns
        where table_schema = $1
        order by table_name, ordinal_position`,
      [template],
    );
    const order = parentsFirst(
      tables.rows.map((row) => row.name),
      references.rows,
    );
    await client.query('begin');
    // Rows a migration itself wrote are in the template too: the target's go first, children first.
    for (const table of [...order].reverse()) await client.query(`delete from ${target}."${table}"`);
    for (const table of order) {
      const names = columns.rows
        .filter((column) => column.table === table)
        .map((column) => `"${column.column}"`);
      const list = names.join(', ');
      await client.query(
        `insert into ${target}."${table}" (${list}) select ${list} from ${template}."${table}"`,
      );
    }
    for (const { table, column } of columns.rows.filter((row) => row.serial && order.includes(row.table))) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce(max("${column}"), 0) + 1, false)
           from ${target}."${table}"`,
        [`${target}."${table}"`, column],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The tables ordered so that each comes after every other table it refers to. */
function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting')
      throw new Error(`tables refer to each other in a cycle through ${table}`);
    state.set(table, 'visiting');
    for (const { parent } of references.filter((reference) => reference.child === table)) {
      if (parent !== table && tables.includes(parent)) visit(parent);
    }
    state.set(table, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}
