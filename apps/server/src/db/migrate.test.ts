import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from './database.ts';

/**
 * The migrator checks, at every start, that the migrations a database has run are the ones it
 * has, in the same order. Those recorded in the same instant are ordered by name: the order must
 * be the one the migrations are applied in, or a server refuses to start on its own database.
 */
describe('migrateToLatest', () => {
  it('starts again on a database whose migrations were all recorded in one instant', async () => {
    const db = createDatabase({ url: '', file: ':memory:' });
    try {
      const applied = await migrateToLatest(db);
      expect(applied.length).toBeGreaterThan(1);
      await sql`update kysely_migration set timestamp = ${'2026-01-01T00:00:00.000Z'}`.execute(db);
      await expect(migrateToLatest(db)).resolves.toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
