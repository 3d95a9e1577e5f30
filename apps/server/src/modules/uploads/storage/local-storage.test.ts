import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { chunkData, md5, randomContent, sha256 } from '../uploads.test-support.ts';
import { AssemblyMismatchError, type AssemblyTarget } from './file-storage.ts';
import { LocalStorage } from './local-storage.ts';
import { allocatePageAligned } from './page-aligned.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-local-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Whether the test directory's file system takes direct I/O (Linux's does; tmpfs only lately). */
function takesDirectIo(): boolean {
  if (!fs.constants.O_DIRECT) return false;
  const probe = path.join(root, 'direct-probe');
  try {
    fs.closeSync(fs.openSync(probe, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_DIRECT));
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

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

/** A target that stores at `key` (null: the content is stored already), noting what it was asked. */
function targetFor(content: Buffer, key: string | null) {
  const asked: string[] = [];
  const target: AssemblyTarget = {
    expectedMd5: md5(content),
    expectedSize: content.length,
    known: null,
    placeFor: async (digest) => {
      asked.push(digest);
      return key;
    },
    provisionalKey: 'files/m1/u/unused',
  };
  return { target, asked };
}

describe('local storage', () => {
  it('hashes the part file when the digest is not known, and moves it into place only when it matches', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(3 * UPLOAD_CHUNK_SIZE + 17);
    const chunks = await stage(storage, 'a1', content);
    const { target, asked } = targetFor(content, 'files/m1/ab/probe');
    await expect(
      storage.assemble('a1', chunks, { ...target, expectedMd5: md5(Buffer.from('x')) }),
    ).rejects.toThrow(AssemblyMismatchError);
    expect(asked).toEqual([]);
    expect(await storage.exists('files/m1/ab/probe')).toBe(false);
    const assembled = await storage.assemble('a1', chunks, target);
    expect(assembled).toEqual({ sha256: sha256(content), key: 'files/m1/ab/probe' });
    expect(asked).toEqual([sha256(content)]);
    expect(fs.readFileSync(path.join(root, 'files/m1/ab/probe')).equals(content)).toBe(true);
    expect(fs.readdirSync(path.join(root, '.staging'))).toEqual([]);
  });

  it('writes nothing when the verified content is stored already', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(UPLOAD_CHUNK_SIZE + 5);
    const chunks = await stage(storage, 'a3', content);
    const { target } = targetFor(content, null);
    const known = { md5: md5(content), sha256: sha256(content) };
    expect(await storage.assemble('a3', chunks, { ...target, known })).toEqual({
      sha256: known.sha256,
      key: null,
    });
    expect(fs.readdirSync(path.join(root, '.staging'))).toEqual(['a3.part']);
    await storage.discardStaging('a3');
  });

  it('writes whole chunks from page-aligned buffers with direct I/O and the rest through the cache, every byte in place', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(3 * UPLOAD_CHUNK_SIZE + 4097);
    // One buffer for every chunk, refilled as the chunk route reuses its buffers.
    const buffer = allocatePageAligned(UPLOAD_CHUNK_SIZE);
    const chunks = [];
    for (const number of [2, 4, 1, 3]) {
      const data = chunkData(content, number);
      data.copy(buffer);
      const offset = (number - 1) * UPLOAD_CHUNK_SIZE;
      const ref = await storage.writeChunk('d1', { number, offset }, buffer.subarray(0, data.length));
      chunks.push({ number, offset, size: data.length, ref });
    }
    // A chunk in an ordinary buffer (a test's, or one read back) goes through the cache.
    await storage.writeChunk('d1', { number: 1, offset: 0 }, Buffer.from(chunkData(content, 1)));
    const expected = takesDirectIo() ? { direct: 3, throughCache: 2 } : { direct: 0, throughCache: 5 };
    expect(storage.chunkWrites).toEqual(expected);
    const readBack = await storage.readChunk('d1', {
      ...chunks[0]!,
      number: 2,
      offset: UPLOAD_CHUNK_SIZE,
      size: UPLOAD_CHUNK_SIZE,
    });
    // Buffer.equals, not toEqual: a deep comparison of 2 MiB byte by byte took seconds.
    expect(readBack.equals(chunkData(content, 2))).toBe(true);
    chunks.sort((a, b) => a.number - b.number);
    const { target } = targetFor(content, 'files/m1/cd/direct');
    expect(await storage.assemble('d1', chunks, target)).toEqual({
      sha256: sha256(content),
      key: 'files/m1/cd/direct',
    });
    expect(fs.readFileSync(path.join(root, 'files/m1/cd/direct')).equals(content)).toBe(true);
  });

  it('refuses a part file of the wrong size before hashing', async () => {
    const storage = new LocalStorage(root);
    const content = randomContent(UPLOAD_CHUNK_SIZE + 1);
    const chunks = await stage(storage, 'a2', content);
    const { target, asked } = targetFor(content, 'files/x');
    await expect(
      storage.assemble('a2', chunks, { ...target, expectedSize: content.length + 1 }),
    ).rejects.toMatchObject({ reason: 'size' });
    expect(asked).toEqual([]);
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
