import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { chunkFields, md5, MD5_COLLISION_PAIR, randomContent, TestUploader } from './uploads.test-support.ts';

let server: TestServer;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-scope-'));
  server = await startTestServer({ UPLOAD_DIR: uploadDir, UPLOAD_INSTANT_SCOPE: 'merchant' });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('UPLOAD_INSTANT_SCOPE=merchant', () => {
  it('completes at once for any customer of the merchant, never across merchants', async () => {
    const content = randomContent(UPLOAD_CHUNK_SIZE + 77);
    const demo = await TestUploader.demo(server);
    await demo.upload(content, 'shared.pdf');
    const colleague = await TestUploader.newDemoCustomer(server, '13700137301', '203.0.113.91');
    const instant = await colleague.check(chunkFields(content, 'shared.pdf', 1));
    expect(instant.data.SkipUpload).toBe(true);
    expect(instant.data.File.OrgFileName).toBe('shared.pdf');
    const maple = await TestUploader.maple(server);
    const elsewhere = await maple.check(chunkFields(content, 'shared.pdf', 1));
    expect(elsewhere.data).toMatchObject({ SkipUpload: false, Uploaded: [] });
  });

  it('refuses 秒传 for an MD5 and size that two different stored contents share', async () => {
    // Two contents of one size and MD5: the collision pair with a common suffix.
    const suffix = Buffer.from('scope test');
    const [first, second] = MD5_COLLISION_PAIR.map((half) => Buffer.concat([half, suffix])) as [
      Buffer,
      Buffer,
    ];
    expect(md5(first)).toBe(md5(second));
    const demo = await TestUploader.demo(server);
    await demo.upload(first, 'flyer.pdf');
    const colleague = await TestUploader.newDemoCustomer(server, '13700137302', '203.0.113.92');
    // One content has the MD5 so far: merchant-wide 秒传 trusts the MD5 (docs/uploads.md).
    expect((await colleague.check(chunkFields(second, 'flyer.pdf', 1))).data.SkipUpload).toBe(true);
    // A client that sends its bytes without asking first stores the second content beside the first.
    const stored = await colleague.postChunk(second, 'other.pdf', 1);
    expect(stored.data.SkipUpload).toBe(true);
    const third = await TestUploader.newDemoCustomer(server, '13700137303', '203.0.113.93');
    const asked = await third.check(chunkFields(first, 'flyer.pdf', 1));
    expect(asked.data).toMatchObject({ SkipUpload: false, Uploaded: [] });
    const sent = await third.upload(first, 'flyer.pdf');
    const download = await third.raw(`/api/v1/get_service_file_download?id=${sent.data.File.Id}`);
    expect(download.rawPayload.equals(first)).toBe(true);
  });
});
