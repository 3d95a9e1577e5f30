import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { startSecondInstance, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  chunkData,
  chunkFields,
  md5,
  MD5_COLLISION_PAIR,
  randomContent,
  sha256,
  TestUploader,
} from './uploads.test-support.ts';

/**
 * A public MD5 collision pair uploaded by two customers. Stored content is shared by the SHA-256
 * the server computes, so a customer who uploads one half never gets the other half's bytes
 * (docs/uploads.md, 秒传 and MD5 collisions).
 */
const [VICTIM_BYTES, PLANTED_BYTES] = MD5_COLLISION_PAIR;

let server: TestServer;
let uploadDir: string;
let planter: TestUploader;
let victim: TestUploader;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-collision-'));
  server = await startTestServer({ UPLOAD_DIR: uploadDir });
  planter = await TestUploader.demo(server);
  victim = await TestUploader.newDemoCustomer(server, '13700137401', '203.0.113.101');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** The bytes a customer gets for their file, through the download call with their own headers. */
async function downloadOwn(uploader: TestUploader, fileId: number): Promise<Buffer> {
  const response = await uploader.raw(`/api/v1/get_service_file_download?id=${fileId}`);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The bytes behind a signed FilePath, opened with the host alone. */
async function downloadLink(uploader: TestUploader, filePath: string): Promise<Buffer> {
  const response = await uploader.server.app.inject({
    method: 'GET',
    url: filePath,
    headers: { host: uploader.client.host },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function contentsWithMd5(identifier: string) {
  return server.context.db
    .selectFrom('upload_blobs')
    .select(['id', 'sha256', 'storage_key'])
    .where('md5', '=', identifier)
    .orderBy('id')
    .execute();
}

describe('contents that share an MD5 (a public collision pair)', () => {
  it('uses a real collision: same MD5 and size, different bytes', () => {
    expect(VICTIM_BYTES.length).toBe(128);
    expect(PLANTED_BYTES.length).toBe(128);
    expect(VICTIM_BYTES.equals(PLANTED_BYTES)).toBe(false);
    expect(md5(VICTIM_BYTES)).toBe(md5(PLANTED_BYTES));
    expect(sha256(VICTIM_BYTES)).not.toBe(sha256(PLANTED_BYTES));
  });

  it('gives each of two customers exactly their own bytes', async () => {
    const planted = await planter.upload(PLANTED_BYTES, 'artwork.pdf');
    expect(planted.data.SkipUpload).toBe(true);
    // The victim's MD5 matches the planted content: 秒传 must not hand it out.
    const asked = await victim.check(chunkFields(VICTIM_BYTES, 'artwork.pdf', 1));
    expect(asked.data).toMatchObject({ SkipUpload: false, Uploaded: [] });
    const mine = await victim.upload(VICTIM_BYTES, 'artwork.pdf');
    expect(mine.success).toBe(true);
    expect(mine.data.File.Md5).toBe(planted.data.File.Md5);
    expect(mine.data.File.SavePath).not.toBe(planted.data.File.SavePath);

    expect((await downloadOwn(victim, mine.data.File.Id)).equals(VICTIM_BYTES)).toBe(true);
    expect((await downloadLink(victim, mine.data.FilePath)).equals(VICTIM_BYTES)).toBe(true);
    expect((await downloadOwn(planter, planted.data.File.Id)).equals(PLANTED_BYTES)).toBe(true);
    expect((await downloadLink(planter, planted.data.FilePath)).equals(PLANTED_BYTES)).toBe(true);

    const stored = await contentsWithMd5(md5(VICTIM_BYTES));
    expect(stored.map((row) => row.sha256).sort()).toEqual(
      [sha256(VICTIM_BYTES), sha256(PLANTED_BYTES)].sort(),
    );
  });

  it('refuses 秒传 once two contents share the MD5 and size, then reuses the copy with the same bytes', async () => {
    const before = await contentsWithMd5(md5(VICTIM_BYTES));
    // Even the customer who stored it must send the bytes: the MD5 cannot say which one they hold.
    const asked = await victim.check(chunkFields(VICTIM_BYTES, 'artwork.pdf', 1));
    expect(asked.data).toMatchObject({ SkipUpload: false, Uploaded: [], File: null });
    victim.posts = 0;
    const again = await victim.upload(VICTIM_BYTES, 'artwork-again.pdf');
    expect(victim.posts).toBe(1);
    expect(again.data.SkipUpload).toBe(true);
    expect((await downloadOwn(victim, again.data.File.Id)).equals(VICTIM_BYTES)).toBe(true);
    // Stored once: the bytes were compared by SHA-256, and the stored copy reused.
    expect(await contentsWithMd5(md5(VICTIM_BYTES))).toEqual(before);
    const planterAgain = await planter.upload(PLANTED_BYTES, 'artwork-again.pdf');
    expect((await downloadOwn(planter, planterAgain.data.File.Id)).equals(PLANTED_BYTES)).toBe(true);
  });

  it('keeps both contents apart when the assembling instance hashes the chunks from storage', async () => {
    // A common suffix keeps the MD5 collision (the pair is two whole MD5 blocks) over two chunks.
    const suffix = randomContent(UPLOAD_CHUNK_SIZE);
    const victimFile = Buffer.concat([VICTIM_BYTES, suffix]);
    const plantedFile = Buffer.concat([PLANTED_BYTES, suffix]);
    expect(md5(victimFile)).toBe(md5(plantedFile));
    const planted = await planter.upload(plantedFile, 'poster.pdf');
    expect(planted.data.SkipUpload).toBe(true);

    // Chunk 1 reaches this instance, chunk 2 another one, which never saw chunk 1 and so hashes
    // the whole file at assembly.
    const second = await startSecondInstance(server);
    try {
      expect((await victim.postChunk(victimFile, 'poster.pdf', 1)).data.Uploaded).toEqual([1]);
      const elsewhere = new TestUploader(second, victim.client);
      const done = await elsewhere.post(chunkFields(victimFile, 'poster.pdf', 2), chunkData(victimFile, 2));
      expect(done.data.SkipUpload).toBe(true);
      expect((await downloadOwn(victim, done.data.File.Id)).equals(victimFile)).toBe(true);
      expect((await downloadOwn(planter, planted.data.File.Id)).equals(plantedFile)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('the collision pair uploaded at the same instant', () => {
  it('still gives each of four customers exactly the half they sent', async () => {
    const uploaders = await Promise.all(
      ['13700137411', '13700137412', '13700137413', '13700137414'].map((mobile, index) =>
        TestUploader.newDemoCustomer(server, mobile, `203.0.113.${111 + index}`),
      ),
    );
    const halves = uploaders.map((_, index) => (index % 2 === 0 ? VICTIM_BYTES : PLANTED_BYTES));
    const uploaded = await Promise.all(
      uploaders.map((uploader, index) => uploader.upload(halves[index]!, `collision-${index}.pdf`)),
    );
    for (const [index, reply] of uploaded.entries()) {
      expect(reply.success, reply.message).toBe(true);
      const bytes = await downloadOwn(uploaders[index]!, reply.data.File.Id);
      expect(bytes.equals(halves[index]!), `customer ${index}`).toBe(true);
    }
  });
});

describe('contents stored before their SHA-256 was recorded', () => {
  async function makeLegacy(fileId: number): Promise<{ blobId: number; legacyKey: string }> {
    const { blob_id: blobId } = await server.context.db
      .selectFrom('server_files')
      .select('blob_id')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const blob = await server.context.db
      .selectFrom('upload_blobs')
      .selectAll()
      .where('id', '=', blobId)
      .executeTakeFirstOrThrow();
    // Stored by MD5 and size, as before the migration.
    const legacyKey = `files/m${blob.merchant_id}/${blob.md5.slice(0, 2)}/${blob.md5}-${blob.size}`;
    fs.mkdirSync(path.dirname(path.join(uploadDir, legacyKey)), { recursive: true });
    fs.renameSync(path.join(uploadDir, blob.storage_key), path.join(uploadDir, legacyKey));
    await server.context.db
      .updateTable('upload_blobs')
      .set({ sha256: null, storage_key: legacyKey })
      .where('id', '=', blobId)
      .execute();
    return { blobId, legacyKey };
  }

  it('offers no 秒传 for them until they are hashed from storage', async () => {
    const content = randomContent(5000);
    const first = await planter.upload(content, 'legacy.pdf');
    const { blobId } = await makeLegacy(first.data.File.Id);
    const asked = await planter.check(chunkFields(content, 'legacy.pdf', 1));
    expect(asked.data.SkipUpload).toBe(false);

    expect((await server.services.uploads.hashUnhashedContents()).hashed).toBe(1);
    const row = await server.context.db
      .selectFrom('upload_blobs')
      .select('sha256')
      .where('id', '=', blobId)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(content));
    const instant = await planter.check(chunkFields(content, 'legacy.pdf', 1));
    expect(instant.data.SkipUpload).toBe(true);
    expect(instant.data.File.Id).toBe(first.data.File.Id);
  });

  it('merges one stored again under its SHA-256 meanwhile, and deletes the old copy', async () => {
    const content = randomContent(UPLOAD_CHUNK_SIZE + 300);
    const first = await planter.upload(content, 'twice.pdf');
    const { blobId, legacyKey } = await makeLegacy(first.data.File.Id);
    const other = await victim.upload(content, 'twice.pdf');
    expect(other.data.File.SavePath).not.toBe(legacyKey);

    expect((await server.services.uploads.hashUnhashedContents()).merged).toBe(1);
    const gone = await server.context.db
      .selectFrom('upload_blobs')
      .select('id')
      .where('id', '=', blobId)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    expect(fs.existsSync(path.join(uploadDir, legacyKey))).toBe(false);
    expect((await downloadOwn(planter, first.data.File.Id)).equals(content)).toBe(true);
    expect((await downloadOwn(victim, other.data.File.Id)).equals(content)).toBe(true);
  });
});
