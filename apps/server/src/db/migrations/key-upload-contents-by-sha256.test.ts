import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isPostgres, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  MD5_COLLISION_PAIR,
  randomContent,
  sha256,
  TestUploader,
} from '../../modules/uploads/uploads.test-support.ts';
import * as keyUploadContentsBySha256 from './20261125150000-key-upload-contents-by-sha256.ts';

let server: TestServer;
let uploadDir: string;
let demo: TestUploader;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-migration-'));
  server = await startTestServer({ UPLOAD_DIR: uploadDir });
  demo = await TestUploader.demo(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function blobs() {
  return server.context.db.selectFrom('upload_blobs').selectAll().orderBy('id').execute();
}

async function download(fileId: number): Promise<Buffer> {
  return (await demo.raw(`/api/v1/get_service_file_download?id=${fileId}`)).rawPayload;
}

it('keeps every stored content and file through the migration, then hashes them', async () => {
  const first = randomContent(3000);
  const second = randomContent(4000);
  const files = [
    await demo.upload(first, 'a.pdf'),
    await demo.upload(first, 'a-copy.pdf'),
    await demo.upload(second, 'b.pdf'),
  ].map((result) => result.data.File.Id as number);
  await server.services.uploads.analysis.drain();
  const before = await blobs();
  expect(before).toHaveLength(2);

  // Back to contents unique by MD5 and size, then forward again, on the data stored meanwhile.
  const db = server.context.db as unknown as Kysely<any>;
  await keyUploadContentsBySha256.down(db);
  await keyUploadContentsBySha256.up(db);

  const after = await blobs();
  expect(after).toEqual(before.map((blob) => ({ ...blob, sha256: null })));
  expect((await download(files[0]!)).equals(first)).toBe(true);
  expect((await download(files[1]!)).equals(first)).toBe(true);
  expect((await download(files[2]!)).equals(second)).toBe(true);
  if (!isPostgres) {
    expect((await sql`pragma foreign_keys`.execute(server.context.db)).rows).toEqual([{ foreign_keys: 1 }]);
    expect((await sql`pragma foreign_key_check`.execute(server.context.db)).rows).toEqual([]);
  }

  expect(await server.services.uploads.hashUnhashedContents()).toEqual({ hashed: 2, merged: 0 });
  expect((await blobs()).map((blob) => blob.sha256)).toEqual([sha256(first), sha256(second)]);

  // New contents get new ids, and two contents may now share an MD5 and size (sent as bytes).
  for (const half of MD5_COLLISION_PAIR) await demo.postChunk(half, 'pair.pdf', 1);
  const latest = await blobs();
  expect(latest).toHaveLength(4);
  expect(latest[2]!.id).toBeGreaterThan(before[1]!.id);
  expect(latest[2]!.md5).toBe(latest[3]!.md5);
});
