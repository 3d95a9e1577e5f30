import { UPLOAD_CHUNK_SIZE } from '@inkstone/contracts';
import { allocatePageAligned } from './storage/page-aligned.ts';

/** Buffers kept for reuse; more concurrent chunks than this allocate (and drop) their own. */
const MAX_POOLED = 16;

/**
 * Reusable 2 MiB buffers that chunk requests are read into: a steady upload then allocates
 * nothing per chunk, which keeps the garbage collector, and so the memory, quiet. They start on a
 * page boundary, so that local storage can write a chunk to the disk straight from its buffer
 * (direct I/O, storage/page-aligned.ts).
 */
export class ChunkBuffers {
  private readonly free: Buffer[] = [];

  take(): Buffer {
    return this.free.pop() ?? allocatePageAligned(UPLOAD_CHUNK_SIZE);
  }

  /** Hands a buffer back; only once nothing uses it any more. */
  give(buffer: Buffer): void {
    if (this.free.length < MAX_POOLED && buffer.length === UPLOAD_CHUNK_SIZE) this.free.push(buffer);
  }
}
