import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE, UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadChunkFields, UploadChunkResult } from '@inkstone/contracts';
import { STOPPED_MESSAGE, UploadCallError, UploadQueue } from './upload-queue.ts';
import type {
  Connectivity,
  FileHasher,
  UploadItem,
  UploadQueueOptions,
  UploadTransport,
} from './upload-queue.ts';
import { createResumeStore, fileKey } from './resume-store.ts';
import { createMemoryStorage } from '../../../lib/session.ts';

const MD5 = '0123456789abcdef0123456789abcdef';

/** A file of `chunks` chunks (the last one half full). */
function fileOf(chunks: number, name = '画册.pdf'): File {
  const size = (chunks - 1) * UPLOAD_CHUNK_SIZE + UPLOAD_CHUNK_SIZE / 2;
  return new File([new Uint8Array(size)], name, { lastModified: 1_700_000_000_000 });
}

function serverFile(name: string): ServerFile {
  return {
    Id: 42,
    Thumbnail: '/api/thumbnails/42?expires=1&sign=x',
    OrgFileName: name,
    SavePath: 'files/m1/01/x',
    FilePath: `/api/files/42/${name}?expires=1&sign=x`,
    FileSize: 1,
    FileExt: 'pdf',
    UploadType: 1,
    Md5: MD5,
    CreatedAt: '2026-11-21T06:00:00.000Z',
    ThumbnailStatus: 'pending',
    Facts: null,
  };
}

type Scripted = 'network' | 'busy' | 'checksum' | 'hang' | 'ok';

/**
 * A stand-in for the server's chunk protocol: keeps the chunks per identifier, completes the file
 * when the last one arrives, and records every call. `script` makes the next calls fail.
 */
function createFakeServer(
  options: { held?: number[]; complete?: boolean; chunksInFlight?: number; overlap?: boolean } = {},
) {
  const held = new Set(options.held ?? []);
  const extra = options.chunksInFlight === undefined ? {} : { ChunksInFlight: options.chunksInFlight };
  /** POSTs being answered right now, and the most there ever were at once. */
  let posting = 0;
  let mostPosting = 0;
  let isComplete = options.complete ?? false;
  const calls: { method: 'GET' | 'POST'; chunk: number; identifier: string }[] = [];
  const postScript: Scripted[] = [];
  const getScript: Scripted[] = [];
  /** Chunk numbers whose POST waits until aborted (once each). */
  const hangOn = new Set<number>();

  function reply(fields: UploadChunkFields): UploadChunkResult {
    if (isComplete) {
      return {
        SkipUpload: true,
        Uploaded: Array.from({ length: fields.totalChunks }, (_, i) => i + 1),
        FilePath: `/api/files/42/${fields.filename}`,
        File: serverFile(fields.filename),
        ...extra,
      };
    }
    return {
      SkipUpload: false,
      Uploaded: [...held].sort((a, b) => a - b),
      FilePath: '',
      File: null,
      ...extra,
    };
  }

  function failure(kind: Exclude<Scripted, 'ok'>, signal: AbortSignal): Promise<never> {
    if (kind === 'hang') {
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'))),
      );
    }
    const messages = { network: '接口请求失败', busy: '文件正在合并，请稍后再试', checksum: '文件校验失败' };
    return Promise.reject(new UploadCallError(messages[kind], kind));
  }

  const transport: UploadTransport = {
    async check(fields, signal) {
      calls.push({ method: 'GET', chunk: fields.chunkNumber, identifier: fields.identifier });
      const scripted = getScript.shift();
      if (scripted && scripted !== 'ok') return failure(scripted, signal);
      return reply(fields);
    },
    async send(fields, chunk, signal) {
      calls.push({ method: 'POST', chunk: fields.chunkNumber, identifier: fields.identifier });
      expect(chunk.size).toBe(fields.currentChunkSize);
      if (hangOn.delete(fields.chunkNumber)) return failure('hang', signal);
      if (options.overlap) {
        // Answer on a later turn, so that requests the client sends together overlap here.
        posting += 1;
        mostPosting = Math.max(mostPosting, posting);
        await new Promise((resolve) => setTimeout(resolve, 1));
        posting -= 1;
      }
      const scripted = postScript.shift();
      if (scripted === 'checksum') held.clear();
      if (scripted && scripted !== 'ok') return failure(scripted, signal);
      held.add(fields.chunkNumber);
      if (held.size === fields.totalChunks) isComplete = true;
      return reply(fields);
    },
  };

  return {
    transport,
    calls,
    held,
    posted: () => calls.filter((call) => call.method === 'POST').map((call) => call.chunk),
    failPosts: (...kinds: Scripted[]) => postScript.push(...kinds),
    failGets: (...kinds: Scripted[]) => getScript.push(...kinds),
    hangOn,
    mostPosting: () => mostPosting,
  };
}

function createHasher(md5 = MD5) {
  const hashed: string[] = [];
  const hasher: FileHasher = {
    async hash(file, onProgress) {
      hashed.push((file as File).name);
      onProgress(file.size / 2);
      onProgress(file.size);
      return md5;
    },
  };
  return { hasher, hashed };
}

/** Sleeps are recorded and skipped, so back-off is checked without waiting. */
function createSleeper() {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number, signal: AbortSignal) => {
      waits.push(ms);
      return signal.aborted
        ? Promise.reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'))
        : Promise.resolve();
    },
  };
}

function createQueue(server: ReturnType<typeof createFakeServer>, extra: Partial<UploadQueueOptions> = {}) {
  const { hasher, hashed } = createHasher();
  const sleeper = createSleeper();
  const uploaded: ServerFile[] = [];
  const queue = new UploadQueue({
    transport: server.transport,
    hasher,
    sleep: sleeper.sleep,
    onUploaded: (file) => uploaded.push(file),
    ...extra,
  });
  return { queue, hashed, waits: sleeper.waits, uploaded };
}

/** Resolves when the queue's only (or `id`) item reaches one of `statuses`. */
function waitFor(queue: UploadQueue, statuses: UploadItem['status'][], id?: string): Promise<UploadItem> {
  return new Promise((resolve) => {
    const check = () => {
      const item = queue.getSnapshot().find((candidate) => !id || candidate.id === id);
      if (item && statuses.includes(item.status)) {
        unsubscribe();
        resolve(item);
      }
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

describe('UploadQueue', () => {
  it('hashes the file, then sends every chunk one after another and finishes with the server file', async () => {
    const server = createFakeServer();
    const { queue, hashed, uploaded } = createQueue(server);
    const [added] = queue.add([fileOf(3)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(hashed).toEqual(['画册.pdf']);
    expect(server.calls.map((call) => `${call.method} ${call.chunk}`)).toEqual([
      'GET 1',
      'POST 1',
      'POST 2',
      'POST 3',
    ]);
    expect(server.calls.every((call) => call.identifier === MD5)).toBe(true);
    expect(item).toMatchObject({
      id: added!.id,
      uploadedBytes: item.size,
      isInstant: false,
      message: '上传完成',
    });
    expect(uploaded.map((file) => file.OrgFileName)).toEqual(['画册.pdf']);
  });

  it('sends only the chunks the server does not hold when an upload is resumed', async () => {
    const server = createFakeServer({ held: [1, 3] });
    const { queue } = createQueue(server);
    queue.add([fileOf(5)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(server.posted()).toEqual([2, 4, 5]);
    expect(item.chunksSent).toBe(3);
  });

  it('keeps one chunk in flight when the server does not say more are allowed (spec §4)', async () => {
    const server = createFakeServer({ overlap: true });
    const { queue } = createQueue(server);
    queue.add([fileOf(6)]);
    expect((await waitFor(queue, ['done', 'failed'])).status).toBe('done');

    expect(server.posted()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(server.mostPosting()).toBe(1);
  });

  it('keeps as many chunks in flight as the server allows, never more than three', async () => {
    for (const [allowed, expected] of [
      [2, 2],
      [3, 3],
      [8, 3],
    ] as const) {
      const server = createFakeServer({ chunksInFlight: allowed, overlap: true });
      const { queue } = createQueue(server);
      queue.add([fileOf(7)]);
      const item = await waitFor(queue, ['done', 'failed']);

      expect(item.status).toBe('done');
      expect(item.chunksSent).toBe(7);
      expect([...server.posted()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(server.mostPosting()).toBe(expected);
    }
  });

  it('with chunks in flight, a failed chunk starts no more; after the wait only the missing chunks go', async () => {
    const server = createFakeServer({ chunksInFlight: 3, overlap: true });
    server.failPosts('ok', 'network');
    const { queue, waits } = createQueue(server);
    queue.add([fileOf(6)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(waits).toEqual([1000]);
    // 1–3 went together and 2 failed; 1 and 3 were kept, so the rest is 2, 4, 5, 6, each once.
    expect(server.posted().slice(0, 3)).toEqual([1, 2, 3]);
    expect([...server.posted().slice(3)].sort((a, b) => a - b)).toEqual([2, 4, 5, 6]);
    expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('stopping an upload with chunks in flight aborts them all and the file stands stopped', async () => {
    const server = createFakeServer({ chunksInFlight: 3 });
    server.hangOn.add(2);
    server.hangOn.add(3);
    const { queue } = createQueue(server);
    const [added] = queue.add([fileOf(6)]);
    await waitFor(queue, ['uploading']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    queue.stop(added!.id);
    const item = await waitFor(queue, ['stopped']);

    expect(item.message).toBe(STOPPED_MESSAGE);
    expect(item.canResume).toBe(true);
    expect(server.held.has(2)).toBe(false);
    expect(server.held.has(3)).toBe(false);
  });

  it('remembers the identifier across page loads, so a file chosen again is not hashed again', async () => {
    const storage = createMemoryStorage();
    const file = fileOf(4);
    const first = createFakeServer();
    first.hangOn.add(3);
    const before = createQueue(first, { resume: createResumeStore(storage, 'demo:13800138000') });
    const [item] = before.queue.add([file]);
    await waitFor(before.queue, ['uploading']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    before.queue.stop(item!.id);
    expect((await waitFor(before.queue, ['stopped'])).message).toBe(STOPPED_MESSAGE);
    expect(first.posted()).toEqual([1, 2, 3]);

    // A new page: a new queue over the same storage; the server kept chunks 1 and 2.
    const resume = createResumeStore(storage, 'demo:13800138000');
    expect(resume.unfinished().map((record) => [record.name, record.uploadedBytes])).toEqual([
      ['画册.pdf', 2 * UPLOAD_CHUNK_SIZE],
    ]);
    const second = createFakeServer({ held: [1, 2] });
    const after = createQueue(second, { resume });
    after.queue.add([file]);
    expect((await waitFor(after.queue, ['done', 'failed'])).status).toBe('done');
    expect(after.hashed).toEqual([]);
    expect(second.posted()).toEqual([3, 4]);
    expect(resume.unfinished()).toEqual([]);
    expect(resume.identifierOf(fileKey(file, UploadType.Default))).toBe(MD5);
  });

  it('finishes at once without sending when the server already has the file (秒传)', async () => {
    const server = createFakeServer({ complete: true });
    const { queue, uploaded } = createQueue(server);
    queue.add([fileOf(2)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item).toMatchObject({ status: 'done', isInstant: true, message: '秒传完成' });
    expect(server.posted()).toEqual([]);
    expect(uploaded).toHaveLength(1);
  });

  it('retries a failed chunk with back-off, asking the server what it holds before each retry', async () => {
    const server = createFakeServer();
    server.failPosts('network', 'network', 'network');
    // The first POST fails; the next round's first POST fails again, and the one after.
    const { queue, waits } = createQueue(server);
    queue.add([fileOf(3)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(server.calls.map((call) => `${call.method} ${call.chunk}`)).toEqual([
      'GET 1',
      'POST 1',
      'GET 1',
      'POST 1',
      'GET 1',
      'POST 1',
      'GET 1',
      'POST 1',
      'POST 2',
      'POST 3',
    ]);
  });

  it('caps the back-off wait, and starts it again after a chunk gets through', async () => {
    const server = createFakeServer();
    const { queue, waits } = createQueue(server, {
      retry: { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 5000 },
    });
    server.failPosts('network', 'network', 'network', 'network', 'ok', 'network');
    queue.add([fileOf(3)]);
    expect((await waitFor(queue, ['done', 'failed'])).status).toBe('done');
    expect(waits).toEqual([1000, 2000, 4000, 5000, 1000]);
    expect(server.posted()).toEqual([1, 1, 1, 1, 1, 2, 2, 3]);
  });

  it('pauses as failed after too many failures in a row, and continues on request', async () => {
    const server = createFakeServer();
    const { queue, waits } = createQueue(server, {
      retry: { maxAttempts: 2, baseDelayMs: 500, maxDelayMs: 10_000 },
    });
    server.failPosts('network');
    server.failGets('network', 'network');
    const [added] = queue.add([fileOf(2)]);
    const failed = await waitFor(queue, ['done', 'failed']);

    expect(failed).toMatchObject({ status: 'failed', canResume: true });
    expect(failed.message).toContain('网络连接不稳定');
    expect(waits).toEqual([500, 1000]);

    queue.resume(added!.id);
    const done = await waitFor(queue, ['done']);
    expect(done.status).toBe('done');
    expect(server.posted()).toEqual([1, 1, 2]);
  });

  it('stops with 中途停止 when the customer stops it, and continues with the missing chunks only', async () => {
    const server = createFakeServer();
    server.hangOn.add(2);
    const { queue } = createQueue(server);
    const [added] = queue.add([fileOf(4)]);
    await waitFor(queue, ['uploading']);
    await new Promise((resolve) => setTimeout(resolve, 0));

    queue.stop(added!.id);
    const stopped = await waitFor(queue, ['stopped']);
    expect(stopped).toMatchObject({ message: '中途停止', canResume: true, uploadedBytes: UPLOAD_CHUNK_SIZE });
    expect([...server.held]).toEqual([1]);

    queue.resume(added!.id);
    expect((await waitFor(queue, ['done', 'failed'])).status).toBe('done');
    // Chunk 2 was cut off by the stop; after continuing, chunk 1 is not sent again.
    expect(server.posted()).toEqual([1, 2, 2, 3, 4]);
    expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('stops during the back-off wait without another call', async () => {
    const server = createFakeServer();
    server.failPosts('network');
    let release: () => void = () => undefined;
    const { queue } = createQueue(server, {
      sleep: (_ms, signal) =>
        new Promise((resolve, reject) => {
          release = resolve;
          signal.addEventListener('abort', () => reject(new UploadCallError(STOPPED_MESSAGE, 'aborted')));
        }),
    });
    const [added] = queue.add([fileOf(2)]);
    const waiting = await waitFor(queue, ['retrying']);
    expect(waiting.retry?.attempt).toBe(1);
    queue.stop(added!.id);
    expect((await waitFor(queue, ['stopped'])).message).toBe('中途停止');
    release();
    expect(server.calls).toHaveLength(2);
  });

  it('starts over once when the server reports a checksum mismatch, hashing the file again', async () => {
    const server = createFakeServer();
    server.failPosts('checksum');
    const { queue, hashed } = createQueue(server);
    queue.add([fileOf(2)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(hashed).toHaveLength(2);
    expect(server.posted()).toEqual([1, 1, 2]);
  });

  it('gives up on a second checksum mismatch and says why', async () => {
    const server = createFakeServer();
    server.failPosts('checksum', 'checksum');
    const { queue } = createQueue(server);
    queue.add([fileOf(2)]);
    const item = await waitFor(queue, ['done', 'failed']);
    expect(item).toMatchObject({ status: 'failed', canResume: false });
    expect(item.message).toContain('文件校验失败');
  });

  it('asks again with GET while the server is busy assembling the file (-1085)', async () => {
    const server = createFakeServer({ held: [1] });
    server.failPosts('busy');
    const { queue, waits } = createQueue(server);
    queue.add([fileOf(2)]);
    const item = await waitFor(queue, ['done', 'failed']);

    expect(item.status).toBe('done');
    expect(waits).toEqual([1000]);
    expect(server.calls.map((call) => `${call.method} ${call.chunk}`)).toEqual([
      'GET 1',
      'POST 2',
      'GET 1',
      'POST 2',
    ]);
  });

  it('shows a refusal from the server and does not offer to continue', async () => {
    const server = createFakeServer();
    server.transport.check = () => Promise.reject(new UploadCallError('文件超过大小限制', 'refused'));
    const { queue } = createQueue(server);
    queue.add([fileOf(1)]);
    expect(await waitFor(queue, ['done', 'failed'])).toMatchObject({
      status: 'failed',
      message: '文件超过大小限制',
      canResume: false,
    });
  });

  it('waits for the network to come back without spending an attempt', async () => {
    const server = createFakeServer();
    server.failPosts('network');
    let online = false;
    let wakeUp: () => void = () => undefined;
    const connectivity: Connectivity = {
      isOnline: () => online,
      waitUntilOnline: () => new Promise((resolve) => (wakeUp = resolve)),
    };
    const { queue, waits } = createQueue(server, { connectivity });
    queue.add([fileOf(2)]);
    const offline = await waitFor(queue, ['retrying']);
    expect(offline.message).toBe('网络已断开，恢复后自动继续');
    online = true;
    wakeUp();
    expect((await waitFor(queue, ['done', 'failed'])).status).toBe('done');
    expect(waits).toEqual([1000]);
  });

  it('refuses a file that breaks the upload rules before hashing it', async () => {
    const server = createFakeServer();
    const { queue, hashed } = createQueue(server, { uploadType: UploadType.ExcelImport });
    const items = queue.add([
      new File(['x'], '报价单.pdf'),
      new File([new Uint8Array(21 * 1024 * 1024)], '订单.xlsx'),
      new File([], '空表.xlsx'),
    ]);
    expect(items.map((item) => [item.status, item.message])).toEqual([
      ['rejected', '不支持 .pdf 文件，Excel 导入文件只能上传 xls、xlsx'],
      ['rejected', '文件过大（21 MB），Excel 导入文件最大 20 MB'],
      ['rejected', '文件是空的（0 字节），请检查后重新选择'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hashed).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it('reports the sending speed and the time left from the chunks sent', async () => {
    const server = createFakeServer();
    server.hangOn.add(3);
    let clock = 0;
    const send = server.transport.send;
    server.transport.send = (fields, chunk, signal) => {
      clock += 1000;
      return send(fields, chunk, signal);
    };
    const { queue } = createQueue(server, { now: () => clock });
    const [added] = queue.add([fileOf(4)]);
    await waitFor(queue, ['uploading']);
    await new Promise((resolve) => setTimeout(resolve, 0));

    const item = queue.getSnapshot()[0]!;
    // Two chunks of 2 MiB in two seconds: 2 MiB/s; 1.5 chunks left: 1.5 s.
    expect(item.bytesPerSecond).toBe(UPLOAD_CHUNK_SIZE);
    expect(item.secondsLeft).toBeCloseTo(1.5);
    queue.stop(added!.id);
    await waitFor(queue, ['stopped']);
  });

  it('uploads files one at a time by default, in the order they were added', async () => {
    const server = createFakeServer();
    const { queue, uploaded } = createQueue(server);
    const order: string[] = [];
    server.transport.check = async (fields) => {
      order.push(fields.filename);
      return {
        SkipUpload: true,
        Uploaded: [1],
        FilePath: '/x',
        File: serverFile(fields.filename),
      };
    };
    queue.add([fileOf(1, 'a.pdf'), fileOf(1, 'b.pdf'), fileOf(1, 'c.pdf')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(uploaded).toHaveLength(3);
    expect(queue.activeCount).toBe(0);
  });
});
