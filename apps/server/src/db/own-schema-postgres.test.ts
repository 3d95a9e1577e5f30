import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, PG_URL, startTestServer, type TestServer } from '../test/harness.ts';
import { migrateToLatest, type Db } from './database.ts';

/**
 * On PostgreSQL a server looks only at its own schema when it introspects (its migrator at every
 * start): another schema's tables are not taken for its own, and a schema dropped meanwhile by
 * another connection does not fail its start.
 */

describe.skipIf(!isPostgres)('introspection on PostgreSQL', () => {
  let server: TestServer;
  let db: Db;
  let admin: pg.Client;
  const otherSchema = `other_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.context.db;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    // Another schema of the same database, with Kysely's bookkeeping table and one of ours.
    await admin.query(`create schema ${otherSchema}`);
    await admin.query(`create table ${otherSchema}.kysely_migration (name varchar(255) primary key)`);
    await admin.query(`create table ${otherSchema}.merchants (id integer, stray_column text)`);
  });
  afterAll(async () => {
    await admin?.query(`drop schema if exists ${otherSchema} cascade`);
    await admin?.end();
    await server?.close();
  });

  it("lists this schema's tables and columns, and none of another schema's", async () => {
    const tables = await db.introspection.getTables();
    const names = tables.map((table) => table.name);
    expect(names).toContain('merchants');
    expect(names).not.toContain('kysely_migration');
    const schemas = new Set(tables.map((table) => table.schema));
    expect(schemas.size).toBe(1);
    expect(schemas.has(otherSchema)).toBe(false);
    const merchants = tables.find((table) => table.name === 'merchants')!;
    expect(merchants.columns.map((column) => column.name)).not.toContain('stray_column');
    const id = merchants.columns.find((column) => column.name === 'id')!;
    expect(id).toMatchObject({ isNullable: false });

    const withBookkeeping = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withBookkeeping.map((table) => table.name)).toContain('kysely_migration');
    expect((await db.introspection.getSchemas()).map((schema) => schema.name)).toEqual([...schemas]);
  });

  it('starts (migrates) while other schemas of the database are created and dropped', async () => {
    // Each round drops a schema with a table while this server's migrator and a plain
    // introspection run. Kysely's own introspector tests every schema by name and fails such a
    // round now and then with "schema … does not exist"; this one never looks at other schemas.
    const churn = new pg.Client({ connectionString: PG_URL });
    await churn.connect();
    const failures: string[] = [];
    try {
      for (let round = 0; round < 40; round += 1) {
        const name = `${otherSchema}_churn_${round}`;
        await churn.query(`create schema ${name}; create table ${name}.t (a integer)`);
        const results = await Promise.allSettled([
          churn.query(`drop schema ${name} cascade`),
          migrateToLatest(db),
          db.introspection.getTables(),
        ]);
        for (const result of results) if (result.status === 'rejected') failures.push(String(result.reason));
      }
    } finally {
      await churn.end();
    }
    expect(failures).toEqual([]);
  });
});
