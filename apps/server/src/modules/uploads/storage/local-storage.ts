import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { storageClock, type Clock } from '../../../lib/clock.ts';
import {
  AssemblyMismatchError,
  assertSafeKey,
  VerifyingStream,
  verificationError,
  type AssembledContent,
  type AssemblyTarget,
  type ByteRange,
  type FileStorage,
  type StagedChunk,
} from './file-storage.ts';
import { canWriteDirect } from './page-aligned.ts';

const STAGING_DIR = '.staging';
const TEMP_DIR = '.tmp';
/** A part file stays open this long after its last chunk, so a sequential upload opens it once. */
const IDLE_CLOSE_MS = 10_000;

interface OpenPart {
  handle: Promise<FileHandle>;
  /** The same file opened for direct I/O, on the first chunk that can use it; null: refused. */
  direct: Promise<FileHandle | null> | null;
  users: number;
  idle: NodeJS.Timeout | null;
}

/** Direct I/O's open flag where the platform has it (Linux), else 0. */
const O_DIRECT: number = fs.constants.O_DIRECT ?? 0;

/** Writes all of `data` at `position` (a write may take fewer bytes than asked). */
async function writeAll(handle: FileHandle, data: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await handle.write(data, written, data.length - written, position + written);
    written += bytesWritten;
  }
}

/**
 * Files under one directory. An upload is staged as one part file that each chunk is written
 * into at its offset, so the finished file is the part file itself: assembly verifies it and
 * renames it into place, never copying a byte. One instance per directory (scale out with S3).
 *
 * A chunk in page-aligned memory (the chunk route's buffers, page-aligned.ts) is written with
 * direct I/O: from the buffer to the disk, not through the page cache, which costs the server
 * several times less CPU per byte and leaves the cache to the files that are read. Other chunks,
 * a file's last (shorter) chunk and file systems that refuse direct I/O go through the cache.
 * Either way the part file is flushed to the disk before it becomes a stored file.
 */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;
  private readonly root: string;
  private directories: Promise<void> | null = null;
  private readonly parts = new Map<string, OpenPart>();
  /** False once the file system refused direct I/O (or the platform has none). */
  private directIo = O_DIRECT !== 0;
  /** How the chunks this instance stored were written (shown by `bench:upload`). */
  readonly chunkWrites = { direct: 0, throughCache: 0 };

  /** `clock` is the one the file system stamps mtimes with (lib/clock.ts, storageClock). */
  constructor(
    root: string,
    private readonly clock: Clock = storageClock,
  ) {
    this.root = path.resolve(root);
  }

  /** Creates the directories on first use, so a server that never stores a file leaves no trace. */
  private ensureDirectories(): Promise<void> {
    this.directories ??= Promise.all([
      fsp.mkdir(path.join(this.root, STAGING_DIR), { recursive: true }),
      fsp.mkdir(path.join(this.root, TEMP_DIR), { recursive: true }),
    ]).then(() => undefined);
    return this.directories;
  }

  private partPath(staging: string): string {
    assertSafeKey(staging);
    return path.join(this.root, STAGING_DIR, `${staging}.part`);
  }

  private keyPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  /** Runs `use` with the part file open; the handle is kept for the next chunk a while. */
  private async withPart<T>(
    staging: string,
    use: (handle: FileHandle, part: OpenPart) => Promise<T>,
  ): Promise<T> {
    let part = this.parts.get(staging);
    if (!part) {
      part = {
        handle: fsp.open(this.partPath(staging), fs.constants.O_RDWR | fs.constants.O_CREAT, 0o640),
        direct: null,
        users: 0,
        idle: null,
      };
      this.parts.set(staging, part);
    }
    if (part.idle) clearTimeout(part.idle);
    part.idle = null;
    part.users += 1;
    try {
      return await use(await part.handle, part);
    } catch (error) {
      await this.closePart(staging);
      throw error;
    } finally {
      part.users -= 1;
      if (part.users === 0 && this.parts.get(staging) === part) {
        part.idle = setTimeout(() => void this.closePart(staging), IDLE_CLOSE_MS);
        part.idle.unref();
      }
    }
  }

  private async closePart(staging: string): Promise<void> {
    const part = this.parts.get(staging);
    if (!part) return;
    this.parts.delete(staging);
    if (part.idle) clearTimeout(part.idle);
    const [handle, direct] = await Promise.all([
      part.handle.catch(() => null),
      part.direct?.catch(() => null) ?? null,
    ]);
    await Promise.all([handle?.close().catch(() => undefined), direct?.close().catch(() => undefined)]);
  }

  /**
   * Writes `data` at `offset` of the part file with direct I/O; false when the chunk is to go
   * through the cache instead: the part file could not be opened for direct I/O (then none of
   * its chunks are), or this file system refuses direct I/O (then no later chunk tries).
   */
  private async writeDirect(staging: string, part: OpenPart, data: Buffer, offset: number): Promise<boolean> {
    part.direct ??= fsp
      .open(this.partPath(staging), fs.constants.O_WRONLY | O_DIRECT)
      .catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EINVAL') this.directIo = false;
        return null;
      });
    const handle = await part.direct;
    if (!handle) return false;
    try {
      await writeAll(handle, data, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
      this.directIo = false;
      return false;
    }
    this.chunkWrites.direct += 1;
    return true;
  }

  async writeChunk(
    staging: string,
    chunk: { number: number; offset: number },
    data: Buffer,
  ): Promise<string> {
    await this.ensureDirectories();
    await this.withPart(staging, async (handle, part) => {
      const direct =
        this.directIo &&
        canWriteDirect(data, chunk.offset) &&
        (await this.writeDirect(staging, part, data, chunk.offset));
      if (direct) return;
      await writeAll(handle, data, chunk.offset);
      this.chunkWrites.throughCache += 1;
    });
    return String(chunk.offset);
  }

  async readChunk(staging: string, chunk: StagedChunk): Promise<Buffer> {
    return this.withPart(staging, async (handle) => {
      const buffer = Buffer.allocUnsafe(chunk.size);
      let read = 0;
      while (read < chunk.size) {
        const { bytesRead } = await handle.read(buffer, read, chunk.size - read, chunk.offset + read);
        if (bytesRead === 0) throw new Error('staged chunk is shorter than recorded');
        read += bytesRead;
      }
      return buffer;
    });
  }

  async discardChunk(): Promise<void> {
    // Chunks share the part file; a duplicate write landed on the same bytes.
  }

  async assemble(
    staging: string,
    _chunks: readonly StagedChunk[],
    target: AssemblyTarget,
  ): Promise<AssembledContent> {
    await this.closePart(staging);
    const part = this.partPath(staging);
    const { size } = await fsp.stat(part);
    if (size !== target.expectedSize) throw new AssemblyMismatchError('size', String(size));
    let digests = target.known;
    if (digests) {
      const mismatch = verificationError(target, size, digests);
      if (mismatch) throw mismatch;
    } else {
      // Hash the part file; memory stays at the stream's buffers.
      const verifier = new VerifyingStream(target);
      await pipeline(
        fs.createReadStream(part, { highWaterMark: 4 * 1024 * 1024 }),
        verifier,
        new Writable({ write: (_chunk, _encoding, callback) => callback() }),
      );
      digests = verifier.digests!;
    }
    // The part file is hashed before it moves, so it always goes to the key its SHA-256 names.
    const key = await target.placeFor(digests.sha256);
    if (key === null) return { sha256: digests.sha256, key: null };
    const destination = this.keyPath(key);
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    const handle = await fsp.open(part, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await fsp.rename(part, destination);
    return { sha256: digests.sha256, key };
  }

  async discardStaging(staging: string): Promise<void> {
    await this.closePart(staging);
    await fsp.rm(this.partPath(staging), { force: true });
  }

  async *listStaging(): AsyncIterable<{ staging: string; modifiedAt: number }> {
    const dir = path.join(this.root, STAGING_DIR);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
      if (stat) yield { staging: name.slice(0, -'.part'.length), modifiedAt: stat.mtimeMs };
    }
    // Temp files of writes interrupted by a crash.
    const tempDir = path.join(this.root, TEMP_DIR);
    for (const name of await fsp.readdir(tempDir).catch(() => [] as string[])) {
      const stat = await fsp.stat(path.join(tempDir, name)).catch(() => null);
      if (stat && this.clock.now() - stat.mtimeMs > 3_600_000)
        await fsp.rm(path.join(tempDir, name), { force: true });
    }
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    await this.ensureDirectories();
    const destination = this.keyPath(key);
    const temp = path.join(this.root, TEMP_DIR, randomBytes(12).toString('hex'));
    await fsp.writeFile(temp, data);
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    await fsp.rename(temp, destination);
  }

  async exists(key: string): Promise<boolean> {
    return fsp.stat(this.keyPath(key)).then(
      (stat) => stat.isFile(),
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.keyPath(key), { force: true });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const filePath = this.keyPath(key);
    const handle = await fsp.open(filePath, 'r');
    return handle.createReadStream({
      highWaterMark: 1024 * 1024,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T> {
    return use(this.keyPath(key));
  }

  async close(): Promise<void> {
    await Promise.all([...this.parts.keys()].map((staging) => this.closePart(staging)));
  }
}
