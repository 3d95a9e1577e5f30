import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { chunkFields, randomContent, TestUploader } from './uploads.test-support.ts';

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
});
