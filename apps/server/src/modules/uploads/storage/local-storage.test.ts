import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { chunkData, md5, randomContent } from '../uploads.test-support.ts';
import { AssemblyMismatchError } from './file-storage.ts';
import { LocalStorage } from './local-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-local-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function stage(storage: LocalStorage, staging: string, content: Buffer) {
  const chunks = [];
  const total = Math.ceil(content.length / UPLOAD_CHUNK_SIZE);
  // Out of order, as parallel requests write them.
  for (const number of Array.from({ length: total }, (_, index) => total - index)) {
    const data = chunkData(content, number);
    const offset = (number - 1) * UPLOAD_CHUNK_SIZE;
    chunks.push({
      number,
      offset,
      size: data.length,
      ref: await storage.writeChunk(staging, { number, offset }, data),
    });
  }
  return chunks.sort((a, b) => a.number - b.number);
}

describe('local storage', () => {
  it('hashes the part file when the digest is not known, and moves it into place only when it matches', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(3 * UPLOAD_CHUNK_SIZE + 17);
    const chunks = await stage(storage, 'a1', content);
    const target = { key: 'files/m1/ab/probe', expectedSize: content.length, knownMd5: null };
    await expect(
      storage.assemble('a1', chunks, { ...target, expectedMd5: md5(Buffer.from('x')) }),
    ).rejects.toThrow(AssemblyMismatchError);
    expect(await storage.exists('files/m1/ab/probe')).toBe(false);
    await storage.assemble('a1', chunks, { ...target, expectedMd5: md5(content) });
    expect(fs.readFileSync(path.join(root, 'files/m1/ab/probe')).equals(content)).toBe(true);
    expect(fs.readdirSync(path.join(root, '.staging'))).toEqual([]);
  });

  it('refuses a part file of the wrong size before hashing', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(UPLOAD_CHUNK_SIZE + 1);
    const chunks = await stage(storage, 'a2', content);
    await expect(
      storage.assemble('a2', chunks, {
        key: 'files/x',
        expectedMd5: md5(content),
        expectedSize: content.length + 1,
        knownMd5: null,
      }),
    ).rejects.toMatchObject({ reason: 'size' });
    await storage.discardStaging('a2');
  });

  it('reads byte ranges and refuses keys that leave the root', async () => {
    const storage = new LocalStorage(root);
    await storage.put('thumbs/t.webp', Buffer.from('0123456789'), 'image/webp');
    const stream = await storage.read('thumbs/t.webp', { start: 2, end: 4 });
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('234');
    await expect(storage.read('../outside')).rejects.toThrow('unsafe storage key');
  });
});
