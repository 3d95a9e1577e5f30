/**
 * Buffers whose memory starts on a page boundary, as direct I/O (`O_DIRECT`) needs: the kernel
 * then writes a chunk from the buffer to the disk without copying it into the page cache, which
 * costs the server several times less CPU per byte (docs/uploads.md, direct writes).
 *
 * Node's own buffers come from malloc and start 16 bytes past a page; a WebAssembly memory is
 * mapped by V8 from whole pages, so its memory starts on a page boundary.
 */

/** The alignment direct I/O asks of memory, file offsets and lengths on the disks we run on. */
export const DIRECT_IO_ALIGNMENT = 4096;

const WASM_PAGE = 65_536;

/** The one part of the WebAssembly global used here (the server's types do not include the DOM's). */
const { Memory } = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (size: { initial: number; maximum: number }) => { buffer: ArrayBuffer } };
  }
).WebAssembly;

/** The memories this module made (so page-aligned by construction), by their ArrayBuffer. */
const pageAlignedMemories = new WeakSet<ArrayBufferLike>();

/** A new zero-filled buffer of `size` bytes whose first byte sits on a page boundary. */
export function allocatePageAligned(size: number): Buffer {
  const pages = Math.max(1, Math.ceil(size / WASM_PAGE));
  const memory = new Memory({ initial: pages, maximum: pages });
  pageAlignedMemories.add(memory.buffer);
  return Buffer.from(memory.buffer, 0, size);
}

/**
 * Whether `data` may be written with direct I/O at `offset`: its memory comes from
 * `allocatePageAligned` at an aligned place, and its offset and length are whole blocks.
 */
export function canWriteDirect(data: Buffer, offset: number): boolean {
  return (
    pageAlignedMemories.has(data.buffer) &&
    data.byteOffset % DIRECT_IO_ALIGNMENT === 0 &&
    data.length % DIRECT_IO_ALIGNMENT === 0 &&
    data.length > 0 &&
    offset % DIRECT_IO_ALIGNMENT === 0
  );
}
