import { Worker } from 'node:worker_threads';
import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { ContentDigests } from './storage/file-storage.ts';

interface DigestState {
  /** The next chunk number to accept. */
  next: number;
  digest: Promise<ContentDigests | null> | null;
  touchedAt: number;
}

/** At most this many uploads are hashed on the fly; beyond, the oldest falls back to hashing at assembly. */
const MAX_STATES = 2000;
/**
 * Chunks travel to the hashing thread through a fixed ring of shared slots, so hashing allocates
 * nothing per chunk and holds at most SLOTS chunks; a full ring makes uploads wait for it. Four
 * (8 MiB) keep `bench:upload` as fast as eight did, three uploads in flight included, while a
 * slot that is ever written stays resident: eight added about 8 MB to the server's peak there
 * (docs/performance.md, eleventh round).
 */
const SLOTS = 4;
const SLOT_SIZE = UPLOAD_CHUNK_SIZE;

/**
 * The hashing thread: one MD5 and one SHA-256 per upload, fed in the order the chunks are posted.
 * Plain JavaScript evaluated as the worker's script, so the bundled server needs no extra file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const ring = workerData.ring;
const slotSize = workerData.slotSize;
const hashes = new Map();
parentPort.on('message', (message) => {
  if (message.op === 'feed') {
    let hash = hashes.get(message.id);
    if (!hash) hashes.set(message.id, (hash = { md5: createHash('md5'), sha256: createHash('sha256') }));
    const bytes = new Uint8Array(ring, message.slot * slotSize, message.length);
    hash.md5.update(bytes);
    hash.sha256.update(bytes);
    parentPort.postMessage({ op: 'fed', slot: message.slot });
  } else if (message.op === 'digest') {
    const hash = hashes.get(message.id);
    hashes.delete(message.id);
    const digest = hash ? { md5: hash.md5.digest('hex'), sha256: hash.sha256.digest('hex') } : null;
    parentPort.postMessage({ op: 'digest', id: message.id, digest });
  } else if (message.op === 'forget') {
    hashes.delete(message.id);
  }
});
`;

type WorkerReply = { op: 'fed'; slot: number } | { op: 'digest'; id: number; digest: ContentDigests | null };

/**
 * MD5 (the client's identifier) and SHA-256 (what stored content is keyed by) of uploads,
 * computed while their chunks arrive, in order, so that assembly does not read the whole file
 * again. The hashing runs on a thread of its own, so it neither lengthens a
 * chunk's round trip nor holds up other requests. Kept in this process only: after a restart, or
 * when chunks went to another instance, the digest is simply not known and assembly hashes the
 * file itself. Chunks are immutable once recorded, so a digest fed from them stays true.
 */
export class RunningDigests {
  private readonly states = new Map<number, DigestState>();
  private worker: Worker | null = null;
  private ring: SharedArrayBuffer | null = null;
  private freeSlots: number[] = [];
  private readonly slotWaiters: Array<() => void> = [];
  private readonly digestWaiters = new Map<number, (digest: ContentDigests | null) => void>();

  constructor(private readonly clock: Clock) {}

  private thread(): Worker {
    if (!this.worker) {
      this.ring = new SharedArrayBuffer(SLOTS * SLOT_SIZE);
      this.freeSlots = Array.from({ length: SLOTS }, (_, slot) => slot);
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { ring: this.ring, slotSize: SLOT_SIZE },
      });
      worker.unref();
      worker.on('message', (reply: WorkerReply) => this.onReply(reply));
      worker.on('error', () => this.reset());
      this.worker = worker;
    }
    return this.worker;
  }

  private onReply(reply: WorkerReply): void {
    if (reply.op === 'fed') {
      this.freeSlots.push(reply.slot);
      this.slotWaiters.shift()?.();
      return;
    }
    const resolve = this.digestWaiters.get(reply.id);
    this.digestWaiters.delete(reply.id);
    resolve?.(reply.digest);
  }

  /** The hashing thread failed: every digest in progress is unknown now (assembly hashes instead). */
  private reset(): void {
    this.worker = null;
    this.ring = null;
    this.states.clear();
    this.freeSlots = [];
    for (const wake of this.slotWaiters.splice(0)) wake();
    for (const resolve of this.digestWaiters.values()) resolve(null);
    this.digestWaiters.clear();
  }

  /**
   * Takes chunk `number` when it is the next one (chunk 1 starts the digest); resolves true
   * when taken. Its bytes are copied into a free slot of the ring (waiting for one if all are
   * busy), so `data` may be reused once this resolves. The caller serialises calls per session
   * and must `forget` the session if the chunk then fails to be recorded.
   */
  async feedIfNext(sessionId: number, number: number, data: Buffer): Promise<boolean> {
    let state = this.states.get(sessionId);
    if (!state) {
      if (number !== 1) return false;
      state = { next: 1, digest: null, touchedAt: this.clock.now() };
      this.states.set(sessionId, state);
      this.evictOverflow();
    }
    if (number !== state.next || state.digest || data.length > SLOT_SIZE) return false;
    state.next += 1;
    state.touchedAt = this.clock.now();
    const worker = this.thread();
    let slot = this.freeSlots.pop();
    while (slot === undefined) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
      if (this.worker !== worker || this.states.get(sessionId) !== state) return false;
      slot = this.freeSlots.pop();
    }
    new Uint8Array(this.ring!, slot * SLOT_SIZE, data.length).set(data);
    worker.postMessage({ op: 'feed', id: sessionId, slot, length: data.length });
    return true;
  }

  /** Accepts the chunks already held after the last one taken (they arrived out of order). */
  async catchUp(
    sessionId: number,
    totalChunks: number,
    readHeld: (number: number) => Promise<Buffer | null>,
  ): Promise<void> {
    const state = this.states.get(sessionId);
    if (!state || state.digest) return;
    while (state.next <= totalChunks) {
      const held = await readHeld(state.next);
      if (!held || this.states.get(sessionId) !== state) return;
      if (!(await this.feedIfNext(sessionId, state.next, held))) return;
    }
  }

  /** The digests of the whole upload, when every chunk has been taken; null otherwise. */
  async digestIfComplete(sessionId: number, totalChunks: number): Promise<ContentDigests | null> {
    const state = this.states.get(sessionId);
    if (!state || state.next !== totalChunks + 1) return null;
    state.digest ??= new Promise<ContentDigests | null>((resolve) => {
      this.digestWaiters.set(sessionId, resolve);
      this.thread().postMessage({ op: 'digest', id: sessionId });
    });
    return state.digest;
  }

  forget(sessionId: number): void {
    if (!this.states.delete(sessionId)) return;
    this.worker?.postMessage({ op: 'forget', id: sessionId });
  }

  /** Drops states last touched before `before` (their uploads were abandoned). */
  forgetIdle(before: number): void {
    for (const [id, state] of this.states) if (state.touchedAt < before) this.forget(id);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.reset();
    await worker?.terminate();
  }

  private evictOverflow(): void {
    while (this.states.size > MAX_STATES) {
      const oldest = this.states.keys().next();
      if (oldest.done) return;
      this.forget(oldest.value);
    }
  }
}
