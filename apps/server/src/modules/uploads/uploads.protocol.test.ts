import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, UPLOAD_CHUNK_SIZE, UploadType } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { chunkData, chunkFields, md5, randomContent, TestUploader } from './uploads.test-support.ts';

let server: TestServer;
let uploadDir: string;
let demo: TestUploader;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-uploads-'));
  server = await startTestServer({ UPLOAD_DIR: uploadDir, UPLOAD_CHUNK_TTL_HOURS: 1 });
  demo = await TestUploader.demo(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;

function stagedFiles(): string[] {
  const dir = path.join(uploadDir, '.staging');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function countRows(table: 'upload_blobs' | 'server_files' | 'upload_sessions' | 'upload_chunks') {
  const row = await server.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function download(uploader: TestUploader, filePath: string): Promise<Buffer> {
  const response = await server.app.inject({
    method: 'GET',
    url: filePath,
    headers: { host: uploader.client.host },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('chunked upload (spec §4)', () => {
  it('answers an unknown file with no chunks, then assembles it when the last chunk arrives', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 12_345);
    const first = await demo.check(chunkFields(content, '名片.pdf', 1));
    expect(first).toMatchObject({
      success: true,
      data: { SkipUpload: false, Uploaded: [], FilePath: '', File: null, ChunksInFlight: 3 },
    });

    const one = await demo.postChunk(content, '名片.pdf', 1);
    expect(one.data).toMatchObject({ SkipUpload: false, Uploaded: [1], ChunksInFlight: 3 });
    await demo.postChunk(content, '名片.pdf', 2);
    const last = await demo.postChunk(content, '名片.pdf', 3);
    expect(last.success).toBe(true);
    expect(last.data.SkipUpload).toBe(true);
    expect(last.data.Uploaded).toEqual([1, 2, 3]);
    expect(last.data.File).toMatchObject({
      OrgFileName: '名片.pdf',
      FileSize: content.length,
      FileExt: 'pdf',
      UploadType: 1,
      Md5: md5(content),
    });
    expect(last.data.FilePath).toBe(last.data.File.FilePath);
    expect((await download(demo, last.data.FilePath)).equals(content)).toBe(true);
    expect(stagedFiles()).toEqual([]);
  });

  it('resumes an interrupted upload by sending only the missing chunks', async () => {
    const content = randomContent(4 * UPLOAD_CHUNK_SIZE);
    await demo.postChunk(content, 'poster.tif', 1);
    await demo.postChunk(content, 'poster.tif', 3);
    // The connection dropped here; a new page load asks again.
    const asked = await demo.check(chunkFields(content, 'poster.tif', 1));
    expect(asked.data.Uploaded).toEqual([1, 3]);

    demo.posts = 0;
    const result = await demo.upload(content, 'poster.tif');
    expect(demo.posts).toBe(2);
    expect(result.data.SkipUpload).toBe(true);
    expect((await download(demo, result.data.FilePath)).equals(content)).toBe(true);
  });

  it('completes at once (秒传) when the customer uploaded the same content before, whatever its size', async () => {
    const content = randomContent(3 * MiB);
    const first = await demo.upload(content, 'flyer.pdf');
    expect(first.data.SkipUpload).toBe(true);
    const blobs = await countRows('upload_blobs');

    demo.posts = 0;
    const again = await demo.upload(content, 'flyer.pdf');
    expect(demo.posts).toBe(0);
    expect(again.data).toMatchObject({ SkipUpload: true, Uploaded: [1, 2] });
    expect(again.data.File.Id).toBe(first.data.File.Id);

    const renamed = await demo.check(chunkFields(content, 'flyer-v2.pdf', 1));
    expect(renamed.data.SkipUpload).toBe(true);
    expect(renamed.data.File.Id).not.toBe(first.data.File.Id);
    expect(renamed.data.File.OrgFileName).toBe('flyer-v2.pdf');
    expect(await countRows('upload_blobs')).toBe(blobs);
  });

  it('completes at once after the customer deleted the file, as the content is theirs', async () => {
    const content = randomContent(1000);
    const first = await demo.upload(content, 'gone.png', UploadType.Default);
    const deleted = await demo.call('/api/v1/post_service_file_delete', { ids: [first.data.File.Id] });
    expect(deleted.success).toBe(true);
    const again = await demo.check(chunkFields(content, 'gone.png', 1));
    expect(again.data.SkipUpload).toBe(true);
    expect(again.data.File.Id).not.toBe(first.data.File.Id);
  });

  it('makes another customer upload the bytes (an MD5 is no proof of holding a file), then shares the storage', async () => {
    const content = randomContent(UPLOAD_CHUNK_SIZE + 10);
    await demo.upload(content, 'private.pdf');
    const blobs = await countRows('upload_blobs');
    const other = await TestUploader.newDemoCustomer(server, '13700137001', '203.0.113.71');
    const asked = await other.check(chunkFields(content, 'private.pdf', 1));
    expect(asked.data).toMatchObject({ SkipUpload: false, Uploaded: [] });
    const done = await other.upload(content, 'private.pdf');
    expect(done.data.SkipUpload).toBe(true);
    expect(await countRows('upload_blobs')).toBe(blobs);
    expect((await download(other, done.data.FilePath)).equals(content)).toBe(true);
  });

  it('uploads a one-chunk file and an exact multiple of the chunk size', async () => {
    const small = randomContent(1);
    expect((await demo.upload(small, 'dot.png')).data.File.FileSize).toBe(1);
    const exact = randomContent(2 * UPLOAD_CHUNK_SIZE);
    const result = await demo.upload(exact, 'exact.pdf');
    expect(result.data.Uploaded).toEqual([1, 2]);
  });

  it('accepts each upload type only with its own extensions', async () => {
    const image = randomContent(500);
    expect((await demo.upload(image, 'photo.jpg', UploadType.Editor)).success).toBe(true);
    const sheet = randomContent(600);
    expect((await demo.upload(sheet, 'orders.xlsx', UploadType.ExcelImport)).success).toBe(true);
    const pdfAsImport = await demo.check(
      chunkFields(randomContent(10), 'orders.pdf', 1, UploadType.ExcelImport),
    );
    expect(pdfAsImport).toMatchObject({ success: false, apiCode: ApiCode.UploadTypeNotAllowed });
    expect(pdfAsImport.message).toContain('xls、xlsx');
  });
});

describe('refusals, each with its own code and Chinese message, leaving nothing behind', () => {
  const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 100);

  it('refuses a wrong checksum after assembly and keeps no chunk, session or file', async () => {
    const other = randomContent(content.length);
    const files = await countRows('server_files');
    const blobs = await countRows('upload_blobs');
    const lie = (number: number) => ({ ...chunkFields(content, 'lie.pdf', number), identifier: md5(other) });
    await demo.post(lie(1), chunkData(content, 1));
    await demo.post(lie(2), chunkData(content, 2));
    const last = await demo.post(lie(3), chunkData(content, 3));
    expect(last).toMatchObject({ success: false, apiCode: ApiCode.UploadChecksumMismatch, data: null });
    expect(last.message).toContain('MD5');
    expect(await countRows('server_files')).toBe(files);
    expect(await countRows('upload_blobs')).toBe(blobs);
    expect(await countRows('upload_sessions')).toBe(0);
    expect(await countRows('upload_chunks')).toBe(0);
    expect(stagedFiles()).toEqual([]);
    // A fresh attempt starts from nothing.
    expect((await demo.check(lie(1))).data.Uploaded).toEqual([]);
  });

  it('refuses a chunk whose declared size is wrong for its position', async () => {
    const fields = { ...chunkFields(content, 'a.pdf', 1), currentChunkSize: 1000 };
    const result = await demo.post(fields, chunkData(content, 1).subarray(0, 1000));
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(result.message).toBe(
      `第 1 片的大小（currentChunkSize）应为 ${UPLOAD_CHUNK_SIZE} 字节，而不是 1000`,
    );
  });

  it('refuses a chunk whose bytes differ from its declared size', async () => {
    const result = await demo.post(chunkFields(content, 'a.pdf', 3), chunkData(content, 3).subarray(0, 50));
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(result.message).toContain('实际收到 50 字节');
  });

  it('refuses a chunk larger than 2 MiB', async () => {
    const fields = chunkFields(content, 'a.pdf', 1);
    const result = await demo.post(fields, Buffer.alloc(UPLOAD_CHUNK_SIZE + 1));
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(result.message).toContain('分片超过');
  });

  it('refuses any chunk size other than 2 MiB', async () => {
    const result = await demo.check({ ...chunkFields(content, 'a.pdf', 1), chunkSize: 1024 * 1024 });
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(result.message).toContain('2097152');
  });

  it('refuses a chunk number out of range and a wrong chunk count', async () => {
    const beyond = await demo.check({ ...chunkFields(content, 'a.pdf', 1), chunkNumber: 4 });
    expect(beyond).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(beyond.message).toBe('分片序号（chunkNumber）4 超出范围，应为 1–3');
    const zero = await demo.check({ ...chunkFields(content, 'a.pdf', 1), chunkNumber: 0 });
    expect(zero).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(zero.message).toBe('分片序号（chunkNumber）必须是正整数');
    const count = await demo.check({ ...chunkFields(content, 'a.pdf', 1), totalChunks: 5 });
    expect(count).toMatchObject({ success: false, apiCode: ApiCode.UploadChunkInvalid });
    expect(count.message).toContain('应分为 3 片');
  });

  it('refuses a file name with a path in it', async () => {
    for (const name of ['../../etc/passwd.pdf', 'designs/card.pdf', 'C:\\work\\card.pdf']) {
      const result = await demo.check(chunkFields(content, name, 1));
      expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadFileNameInvalid });
      expect(result.message).toContain('路径');
    }
    const control = await demo.check(chunkFields(content, 'a\u0007.pdf', 1));
    expect(control.apiCode).toBe(ApiCode.UploadFileNameInvalid);
  });

  it('refuses a type the upload type does not allow', async () => {
    const result = await demo.check(chunkFields(content, 'setup.exe', 1));
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadTypeNotAllowed });
    expect(result.message).toContain('.exe');
    const bare = await demo.check(chunkFields(content, 'README', 1));
    expect(bare.message).toContain('无扩展名');
  });

  it('refuses a file over the type’s size limit before any byte is sent', async () => {
    const huge = {
      ...chunkFields(content, 'big.pdf', 1),
      totalSize: 3 * 1024 * MiB,
      totalChunks: (3 * 1024 * MiB) / UPLOAD_CHUNK_SIZE,
    };
    const result = await demo.check(huge);
    expect(result).toMatchObject({ success: false, apiCode: ApiCode.UploadTooLarge });
    expect(result.message).toBe('文件过大（3 GB），印刷文件最大 2 GB');
    const editor = {
      ...chunkFields(content, 'big.png', 1, UploadType.Editor),
      totalSize: 11 * MiB,
      totalChunks: 6,
    };
    expect((await demo.check(editor)).message).toBe('文件过大（11 MB），编辑器图片最大 10 MB');
  });

  it('refuses a malformed identifier and an unknown upload type', async () => {
    const identifier = await demo.check({ ...chunkFields(content, 'a.pdf', 1), identifier: 'abc' });
    expect(identifier).toMatchObject({ success: false, apiCode: ApiCode.ValidationFailed });
    expect(identifier.message).toBe('文件标识（identifier）应为文件内容的 MD5（32 位十六进制）');
    const type = await demo.check({ ...chunkFields(content, 'a.pdf', 1), uploaderFileType: 3 });
    expect(type.message).toBe('上传类型（uploaderFileType）无效，应为 1、16 或 4');
  });

  it('refuses a POST without the file part, and one that is not multipart', async () => {
    const missing = await demo.post(chunkFields(content, 'a.pdf', 1), null);
    expect(missing).toMatchObject({
      success: false,
      apiCode: ApiCode.UploadChunkInvalid,
      message: '缺少文件分片（file）',
    });
    const json = await demo.client.post('/api/common/UploadChunkFile', chunkFields(content, 'a.pdf', 1));
    expect(json.success).toBe(false);
  });

  it('asks for a login: no access token gets -200', async () => {
    const anonymous = new TestUploader(server, demo.client);
    const saved = demo.client.accesstoken;
    demo.client.accesstoken = '';
    try {
      expect((await anonymous.check(chunkFields(content, 'a.pdf', 1))).apiCode).toBe(ApiCode.LoginRequired);
      expect((await anonymous.postChunk(content, 'a.pdf', 1)).apiCode).toBe(ApiCode.LoginRequired);
    } finally {
      demo.client.accesstoken = saved;
    }
  });
});

describe('parallel uploads', () => {
  it('stores a file whose chunks arrive all at once, each twice', async () => {
    const content = randomContent(5 * UPLOAD_CHUNK_SIZE + 7);
    const numbers = [1, 2, 3, 4, 5, 6];
    const results = await Promise.all(
      [...numbers, ...numbers.reverse()].map((number) => demo.postChunk(content, 'rush.pdf', number)),
    );
    expect(results.every((result) => result.success)).toBe(true);
    const finished = results.filter((result) => result.data.SkipUpload);
    expect(finished.length).toBeGreaterThan(0);
    expect(new Set(finished.map((result) => result.data.File.Id)).size).toBe(1);
    expect((await download(demo, finished[0]!.data.FilePath)).equals(content)).toBe(true);
  });

  it('keeps two tabs uploading the same file from corrupting each other', async () => {
    const content = randomContent(3 * UPLOAD_CHUNK_SIZE + 1);
    const [left, right] = await Promise.all([
      demo.upload(content, 'twin.pdf'),
      demo.upload(content, 'twin.pdf'),
    ]);
    expect(left.success && right.success).toBe(true);
    expect(left.data.File.Id).toBe(right.data.File.Id);
    expect((await download(demo, left.data.FilePath)).equals(content)).toBe(true);
  });

  it('lets two customers upload the same content at the same time into one stored copy', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 3);
    const other = await TestUploader.newDemoCustomer(server, '13700137002', '203.0.113.72');
    const blobs = await countRows('upload_blobs');
    const [mine, theirs] = await Promise.all([
      demo.upload(content, 'same.pdf'),
      other.upload(content, 'same.pdf'),
    ]);
    expect(mine.data.SkipUpload && theirs.data.SkipUpload).toBe(true);
    expect(mine.data.File.Id).not.toBe(theirs.data.File.Id);
    expect(await countRows('upload_blobs')).toBe(blobs + 1);
    expect((await download(other, theirs.data.FilePath)).equals(content)).toBe(true);
  });

  it('keeps the first copy of a chunk when a second, different one is sent for the same place', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 5);
    await demo.postChunk(content, 'keep.pdf', 1);
    const forged = await demo.post(chunkFields(content, 'keep.pdf', 1), randomContent(UPLOAD_CHUNK_SIZE));
    expect(forged.success).toBe(true);
    await demo.postChunk(content, 'keep.pdf', 2);
    const last = await demo.postChunk(content, 'keep.pdf', 3);
    expect(last.data.SkipUpload).toBe(true);
    expect((await download(demo, last.data.FilePath)).equals(content)).toBe(true);
  });
});

describe('abandoned uploads', () => {
  beforeAll(async () => {
    // Uploads the tests above left unfinished (seen once on PostgreSQL: one staged upload more
    // than this block's own, after the racing uploads of one content) are taken past the TTL and
    // cleaned up first, so the staged chunks and sessions counted below are this block's own.
    server.clock.advance(server.context.config.UPLOAD_CHUNK_TTL_HOURS * 3_600_000 + 60_000);
    await server.services.uploads.cleanUp();
    expect(stagedFiles()).toEqual([]);
    // Signed in again: the time moved on is counted against the sign-in too.
    demo = await TestUploader.demo(server);
  });

  it('removes chunks untouched for longer than UPLOAD_CHUNK_TTL_HOURS', async () => {
    const content = randomContent(2 * UPLOAD_CHUNK_SIZE + 9);
    await demo.postChunk(content, 'left.pdf', 2);
    expect(stagedFiles().length).toBe(1);
    server.clock.advance(30 * 60_000);
    expect((await server.services.uploads.cleanUp()).sessions).toBe(0);
    server.clock.advance(31 * 60_000);
    expect((await server.services.uploads.cleanUp()).sessions).toBe(1);
    expect(stagedFiles()).toEqual([]);
    expect(await countRows('upload_sessions')).toBe(0);
    expect((await demo.check(chunkFields(content, 'left.pdf', 1))).data.Uploaded).toEqual([]);
  });

  it('removes staged chunks that no session knows (left by a crash)', async () => {
    const orphan = path.join(uploadDir, '.staging', 'deadbeefdeadbeefdeadbeefdeadbeef.part');
    fs.writeFileSync(orphan, 'x');
    const old = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(orphan, old, old);
    expect((await server.services.uploads.cleanUp()).orphans).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
  });
});
