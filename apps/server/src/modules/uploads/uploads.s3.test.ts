import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { startSecondInstance, startTestServer, type TestServer } from '../../test/harness.ts';
import { AssemblyMismatchError, type AssemblyTarget } from './storage/file-storage.ts';
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
 * The S3 driver against s3rver, a local S3-compatible server, with path-style addressing as
 * MinIO and most self-hosted stores use. Chunks are objects; assembly is a multipart upload.
 */
const BUCKET = 'inkstone-test';
let s3server: S3rver;
let s3dir: string;
let s3: S3Client;
let server: TestServer;
let demo: TestUploader;

beforeAll(async () => {
  s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-s3rver-'));
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir });
  const { port } = await s3server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  server = await startTestServer({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
    S3_PREFIX: 'inkstone/',
    UPLOAD_CHUNK_TTL_HOURS: 1,
    PDF_THUMBNAIL_COMMAND: '',
  });
  demo = await TestUploader.demo(server);
});
afterAll(async () => {
  await server?.close();
  s3?.destroy();
  await s3server?.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
});

async function keys(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((item) => item.Key!);
}

describe('S3-compatible storage', () => {
  it('stores chunks as objects and assembles them by multipart upload, removing the chunks', async () => {
    // 9.5 MiB: more than one 8 MiB part, so the multipart path runs.
    const content = randomContent(4 * UPLOAD_CHUNK_SIZE + 1_500_000);
    await demo.postChunk(content, 'catalogue.pdf', 1);
    expect((await keys('inkstone/staging/')).length).toBe(1);
    const result = await demo.upload(content, 'catalogue.pdf');
    expect(result.data.SkipUpload).toBe(true);
    const stored = `inkstone/${result.data.File.SavePath}`;
    expect(await keys('inkstone/files/')).toContain(stored);
    expect(await keys('inkstone/staging/')).toEqual([]);

    const whole = await server.app.inject({
      method: 'GET',
      url: result.data.FilePath,
      headers: { host: 'demo.localhost' },
    });
    expect(whole.rawPayload.equals(content)).toBe(true);
    const part = await server.app.inject({
      method: 'GET',
      url: result.data.FilePath,
      headers: { host: 'demo.localhost', range: 'bytes=2097150-2097159' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(content.subarray(2097150, 2097160))).toBe(true);
  });

  it('resumes with the missing chunks and completes a repeat at once', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 1);
    await demo.postChunk(content, 'resume.pdf', 2);
    demo.posts = 0;
    const done = await demo.upload(content, 'resume.pdf');
    expect(demo.posts).toBe(2);
    expect(done.data.SkipUpload).toBe(true);
    demo.posts = 0;
    const again = await demo.upload(content, 'resume.pdf');
    expect(demo.posts).toBe(0);
    expect(again.data.File.Id).toBe(done.data.File.Id);
  });

  it('assembles chunks that arrived in parallel and out of order', async () => {
    const content = randomContent(4 * UPLOAD_CHUNK_SIZE + 99);
    const results = await Promise.all(
      [5, 3, 1, 4, 2].map((number) => demo.postChunk(content, 'parallel.pdf', number)),
    );
    const done = results.find((result) => result.data?.SkipUpload);
    expect(done).toBeDefined();
    const whole = await server.app.inject({
      method: 'GET',
      url: done!.data.FilePath,
      headers: { host: 'demo.localhost' },
    });
    expect(md5(whole.rawPayload)).toBe(md5(content));
  });

  it('stores nothing when the assembled MD5 is wrong, in one part or in many', async () => {
    for (const size of [UPLOAD_CHUNK_SIZE + 10, 5 * UPLOAD_CHUNK_SIZE]) {
      const content = randomContent(size);
      const identifier = md5(randomContent(10));
      const before = await keys('inkstone/files/');
      const total = Math.ceil(size / UPLOAD_CHUNK_SIZE);
      let last = null;
      for (let number = 1; number <= total; number++) {
        last = await demo.post(
          { ...chunkFields(content, 'bad.pdf', number), identifier },
          chunkData(content, number),
        );
      }
      expect(last).toMatchObject({ success: false, apiCode: ApiCode.UploadChecksumMismatch });
      expect(await keys('inkstone/files/')).toEqual(before);
      expect(await keys('inkstone/staging/')).toEqual([]);
    }
  });

  it('aborts a multipart assembly whose streamed MD5 or size is wrong, leaving no object', async () => {
    const storage = server.services.uploads.storage;
    const content = randomContent(5 * UPLOAD_CHUNK_SIZE);
    const chunks = [];
    for (let number = 1; number <= 5; number++) {
      const data = chunkData(content, number);
      const offset = (number - 1) * UPLOAD_CHUNK_SIZE;
      chunks.push({
        number,
        offset,
        size: data.length,
        ref: await storage.writeChunk('probe', { number, offset }, data),
      });
    }
    // Digest not known: the content is hashed on its way to the provisional key.
    const target: AssemblyTarget = {
      expectedMd5: md5(content),
      expectedSize: content.length,
      known: null,
      placeFor: async () => 'files/never-asked',
      provisionalKey: 'files/probe',
    };
    await expect(
      storage.assemble('probe', chunks, { ...target, expectedMd5: md5(Buffer.from('x')) }),
    ).rejects.toThrow(AssemblyMismatchError);
    await expect(
      storage.assemble('probe', chunks, { ...target, expectedSize: content.length - 1 }),
    ).rejects.toMatchObject({ reason: 'size' });
    expect(await storage.exists('files/probe')).toBe(false);
    expect(await storage.assemble('probe', chunks, target)).toEqual({
      sha256: sha256(content),
      key: 'files/probe',
    });
    expect(await storage.exists('files/probe')).toBe(true);
    expect(await storage.exists('files/never-asked')).toBe(false);
    await storage.remove('files/probe');
    expect(await storage.exists('files/probe')).toBe(false);
    await storage.discardStaging('probe');
    expect(await keys('inkstone/staging/')).toEqual([]);
  });

  it('stores under a key of its own a content whose chunks went to two instances, and keeps colliding contents apart', async () => {
    const suffix = randomContent(UPLOAD_CHUNK_SIZE);
    const [mine, planted] = MD5_COLLISION_PAIR.map((half) => Buffer.concat([half, suffix])) as [
      Buffer,
      Buffer,
    ];
    const other = await TestUploader.newDemoCustomer(server, '13700137501', '203.0.113.111');
    const plantedFile = await other.upload(planted, 'split.pdf');
    expect(plantedFile.data.File.SavePath).toBe(
      `files/m1/${sha256(planted).slice(0, 2)}/${sha256(planted)}-${planted.length}`,
    );
    const second = await startSecondInstance(server);
    /** Chunk 1 to this instance, chunk 2 to the other: neither saw every chunk, so assembly hashes. */
    const sendSplit = async (uploader: TestUploader, content: Buffer) => {
      await uploader.postChunk(content, 'split.pdf', 1);
      return new TestUploader(second, uploader.client).post(
        chunkFields(content, 'split.pdf', 2),
        chunkData(content, 2),
      );
    };
    try {
      const done = await sendSplit(demo, mine);
      expect(done.data.SkipUpload).toBe(true);
      expect(done.data.File.SavePath).toMatch(/^files\/m1\/u\/[0-9a-f]{32}$/);
      const download = await demo.raw(`/api/v1/get_service_file_download?id=${done.data.File.Id}`);
      expect(download.rawPayload.equals(mine)).toBe(true);

      // The same bytes again the same way: written provisionally, found stored, and deleted.
      const stored = await keys('inkstone/files/');
      const again = await sendSplit(other, mine);
      expect(again.data.File.SavePath).toBe(done.data.File.SavePath);
      expect(await keys('inkstone/files/')).toEqual(stored);
      const theirs = await other.raw(`/api/v1/get_service_file_download?id=${plantedFile.data.File.Id}`);
      expect(theirs.rawPayload.equals(planted)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('makes thumbnails into the bucket', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const uploaded = await demo.upload(png, 'photo.png');
    await server.services.uploads.analysis.drain();
    expect(await keys('inkstone/thumbs/')).toContain(
      `inkstone/thumbs/${uploaded.data.File.SavePath.slice(6)}.webp`,
    );
    const list = await demo.get('/api/v1/get_service_files');
    const file = list.data.List.find((item: { Id: number }) => item.Id === uploaded.data.File.Id);
    const thumbnail = await server.app.inject({
      method: 'GET',
      url: file.Thumbnail,
      headers: { host: 'demo.localhost' },
    });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  it('removes the chunks of an abandoned upload', async () => {
    await demo.postChunk(randomContent(2 * UPLOAD_CHUNK_SIZE + 5), 'abandoned.pdf', 1);
    expect((await keys('inkstone/staging/')).length).toBe(1);
    server.clock.advance(61 * 60_000);
    expect((await server.services.uploads.cleanUp()).sessions).toBe(1);
    expect(await keys('inkstone/staging/')).toEqual([]);
  });
});
