import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEEDED_DATABASE_VARIABLE, startServer } from './server.ts';

/**
 * The browser suite's global setup: the built server's first start, on an empty database, migrates
 * it and seeds the demo merchants (seven staff and two customer passwords hashed with scrypt, the
 * site content, the logos drawn); the database it leaves is kept, and every test file's server
 * starts on a copy of it (server.ts) instead of seeding its own. The copy is the same data a first
 * start of that file's server would seed: the seed depends only on the date, and every server of
 * the run starts on the same one (today, or TEST_CLOCK_START). Removed at the end of the run.
 */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-e2e-seeded-'));
  const file = path.join(dir, 'seeded.sqlite');
  try {
    const server = await startServer();
    await server.stop({ keepDatabaseAs: file });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env[SEEDED_DATABASE_VARIABLE] = file;
  return () => {
    delete process.env[SEEDED_DATABASE_VARIABLE];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
