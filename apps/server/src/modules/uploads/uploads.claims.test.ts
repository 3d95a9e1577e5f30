import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { INSTANCE_TIMEOUT_MS } from '../../db/instances.ts';
import { startSecondInstance, startTestServer, type TestServer } from '../../test/harness.ts';
import { chunkFields, md5, randomContent, TestUploader } from './uploads.test-support.ts';

/**
 * An upload whose assembly was cut off by a killed process (docs/uploads.md): the claim names the
 * server instance that made it, so it is released as soon as that instance is known to be dead,
 * not after ten minutes; a claim of a live instance is left alone.
 */
let server: TestServer;
let uploadDir: string;
let demo: TestUploader;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-claims-'));
  server = await startTestServer({ UPLOAD_DIR: uploadDir });
  demo = await TestUploader.demo(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** A server instance row, heard from `ageMs` ago. */
async function addInstance(id: string, ageMs: number): Promise<void> {
  const at = server.clock.now() - ageMs;
  await server.context.db
    .insertInto('server_instances')
    .values({ id, host: 'test', started_at: at, heartbeat_at: at })
    .execute();
}

/** Chunk 1 of `content` sent, then the session left as an instance caught mid-assembly leaves it. */
async function claimedUpload(content: Buffer, fileName: string, instanceId: string) {
  expect((await demo.postChunk(content, fileName, 1)).data.Uploaded).toEqual([1]);
  await server.context.db
    .updateTable('upload_sessions')
    .set({ status: 'assembling', claimed_at: server.clock.now(), claimed_by: instanceId })
    .where('identifier', '=', md5(content))
    .execute();
}

async function sessionOf(content: Buffer) {
  return server.context.db
    .selectFrom('upload_sessions')
    .select(['status', 'claimed_by'])
    .where('identifier', '=', md5(content))
    .executeTakeFirstOrThrow();
}

describe('assembly claims of dead server instances', () => {
  it('registers each instance with a heartbeat, and deletes its row on a clean stop', async () => {
    const ids = await server.context.db.selectFrom('server_instances').select('id').execute();
    expect(ids.map((row) => row.id)).toContain(server.services.instance.id);
    const second = await startSecondInstance(server);
    const secondId = second.services.instance.id;
    expect(secondId).not.toBe(server.services.instance.id);
    await second.close();
    const after = await server.context.db
      .selectFrom('server_instances')
      .select('id')
      .where('id', '=', secondId)
      .executeTakeFirst();
    expect(after).toBeUndefined();
  });

  it('releases at start-up the claims of instances that died, and keeps those of live ones', async () => {
    const killed = randomContent(UPLOAD_CHUNK_SIZE + 10);
    const vanished = randomContent(UPLOAD_CHUNK_SIZE + 20);
    const working = randomContent(UPLOAD_CHUNK_SIZE + 30);
    await addInstance('killed-instance', INSTANCE_TIMEOUT_MS + 1_000);
    await addInstance('working-instance', 1_000);
    await claimedUpload(killed, 'killed.pdf', 'killed-instance');
    await claimedUpload(vanished, 'vanished.pdf', 'no-such-instance');
    await claimedUpload(working, 'working.pdf', 'working-instance');

    // A server starting on the database (a restart, or another app server).
    const restarted = await startSecondInstance(server);
    try {
      expect(await sessionOf(killed)).toEqual({ status: 'receiving', claimed_by: null });
      expect(await sessionOf(vanished)).toEqual({ status: 'receiving', claimed_by: null });
      expect(await sessionOf(working)).toEqual({
        status: 'assembling',
        claimed_by: 'working-instance',
      });
      // The released upload completes with its last chunk.
      const done = await new TestUploader(restarted, demo.client).postChunk(killed, 'killed.pdf', 2);
      expect(done.data.SkipUpload).toBe(true);
      const file = await demo.raw(`/api/v1/get_service_file_download?id=${done.data.File.Id}`);
      expect(file.rawPayload.equals(killed)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('takes over at once, when the upload is asked for, a claim whose instance stopped beating', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 40);
    await addInstance('silent-instance', 0);
    await claimedUpload(content, 'silent.pdf', 'silent-instance');
    await demo.postChunk(content, 'silent.pdf', 2);
    // Still alive: nothing happens to its claim.
    expect(await sessionOf(content)).toMatchObject({ claimed_by: 'silent-instance' });

    server.clock.advance(INSTANCE_TIMEOUT_MS + 1_000);
    await server.services.instance.beat();
    const done = await demo.postChunk(content, 'silent.pdf', 3);
    expect(done.data.SkipUpload).toBe(true);
    const again = await demo.check(chunkFields(content, 'silent.pdf', 1));
    expect(again.data.File.Id).toBe(done.data.File.Id);
  });
});
