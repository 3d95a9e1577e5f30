import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadChunkFields, UploadChunkResult } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import type { InstanceIdentity } from '../../db/instances.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileAnalysisWorker } from './analysis/file-analysis.worker.ts';
import { KeyedLock } from './keyed-lock.ts';
import type { RunningDigests } from './running-digests.ts';
import { AssemblyMismatchError, type FileStorage } from './storage/file-storage.ts';
import { checkChunkFields, type ChunkPlan } from './upload-rules.ts';
import { toServerFile } from './uploads.mapper.ts';
import {
  claimSession,
  deleteClaimedSession,
  ensureBlob,
  ensureSession,
  findBlobByContent,
  findChunk,
  findInstantBlob,
  findLiveFileByIdentifier,
  findSameLiveFile,
  findSession,
  findSessionById,
  hasHeldBlob,
  insertChunk,
  insertServerFile,
  listChunkNumbers,
  listChunks,
  releaseClaim,
  touchSession,
  type FileWithBlob,
  type UploadBlob,
  type UploadSession,
} from './uploads.repository.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export interface UploadSettings {
  /** 秒传 for content this customer held before, or any customer of the merchant. */
  instantScope: 'customer' | 'merchant';
  signingSecret: string;
  linkTtlSeconds: number;
}

export interface ChunkUploadDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  analysis: FileAnalysisWorker;
  digests: RunningDigests;
  settings: UploadSettings;
  /** This server process: assembly claims carry its id (db/instances.ts). */
  instance: InstanceIdentity;
}

/**
 * An assembly claim older than this may be retaken even from a live instance (a request that
 * hung); a claim of a dead instance may be retaken at once.
 */
const STALE_ASSEMBLY_MS = 10 * 60_000;
/** How long a request waits for another request's assembly of the same upload. */
const WAIT_FOR_ASSEMBLY_MS = 120_000;
const WAIT_POLL_MS = 200;

/** Where a stored content lives: per merchant, by the SHA-256 the server computed, and size. */
export function blobKey(merchantId: number, sha256: string, size: number): string {
  return `files/m${merchantId}/${sha256.slice(0, 2)}/${sha256}-${size}`;
}

/**
 * Where S3 writes a content it hashes on the way (its SHA-256 not known before): a key of this
 * assembly alone, kept as the content's key or removed when the content turns out to be stored.
 */
function provisionalKey(merchantId: number): string {
  return `files/m${merchantId}/u/${randomBytes(16).toString('hex')}`;
}

/** This instance's claim on an assembly was taken over (it was taken for dead meanwhile). */
class ClaimLostError extends Error {}

/**
 * The chunked upload protocol of spec §4 (GET asks, POST stores), with 秒传, resumption, assembly
 * with MD5 and size verification, and safety under parallel requests for the same file.
 */
export class ChunkUploadService {
  private readonly locks = new KeyedLock();
  /** Assemblies running in this process, so parallel requests wait for one instead of polling. */
  private readonly completions = new Map<number, Promise<FileWithBlob>>();

  constructor(private readonly deps: ChunkUploadDeps) {}

  /** GET: what the server holds of this file; completes it when it is all there. */
  async check(owner: CustomerScope, fields: UploadChunkFields): Promise<UploadChunkResult> {
    const plan = this.acceptedPlan(fields);
    const instant = await this.findInstant(owner, fields, plan);
    if (instant) return this.completeResult(instant, plan.totalChunks);
    const session = await findSession(this.deps.db, owner, fields.identifier, fields.totalSize);
    if (!session) return { SkipUpload: false, Uploaded: [], FilePath: '', File: null };
    const held = await listChunkNumbers(this.deps.db, session.id);
    if (held.length === session.total_chunks) {
      return this.completeResult(await this.finish(owner, session, fields, plan), plan.totalChunks);
    }
    return { SkipUpload: false, Uploaded: held, FilePath: '', File: null };
  }

  /** POST: stores one chunk; the last one to arrive assembles the file. */
  async store(owner: CustomerScope, fields: UploadChunkFields, data: Buffer): Promise<UploadChunkResult> {
    const plan = this.acceptedPlan(fields);
    if (data.length !== fields.currentChunkSize) {
      throw new AppError(
        'UploadChunkInvalid',
        `第 ${fields.chunkNumber} 片实际收到 ${data.length} 字节，与分片大小（currentChunkSize）${fields.currentChunkSize} 不符`,
      );
    }
    const { db, storage, clock, digests } = this.deps;
    const now = clock.now();
    const session =
      (await findSession(db, owner, fields.identifier, fields.totalSize)) ??
      (await ensureSession(db, {
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        identifier: fields.identifier,
        total_size: fields.totalSize,
        total_chunks: plan.totalChunks,
        staging_key: randomBytes(16).toString('hex'),
        status: 'receiving',
        claimed_at: null,
        created_at: now,
        updated_at: now,
      }));

    const number = fields.chunkNumber;
    await this.locks.run(session.id, async () => {
      // A chunk once recorded is never rewritten: a repeat is acknowledged and dropped.
      if (await findChunk(db, session.id, number)) return;
      // Hash while the chunk is written; the digest is dropped if the chunk is not recorded.
      const writing = storage.writeChunk(
        session.staging_key,
        { number, offset: plan.offsetOf(number) },
        data,
      );
      // Awaited below; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
      let isFed = false;
      let isRecorded = false;
      try {
        isFed = await digests.feedIfNext(session.id, number, data);
        const ref = await writing;
        isRecorded = await insertChunk(db, {
          session_id: session.id,
          chunk_number: number,
          size: data.length,
          storage_ref: ref,
          created_at: now,
        });
        if (!isRecorded) await storage.discardChunk(session.staging_key, ref);
      } finally {
        if (isFed && !isRecorded) digests.forget(session.id);
      }
      if (!isFed || !isRecorded) return;
      await digests.catchUp(session.id, plan.totalChunks, async (next) => {
        const chunk = await findChunk(db, session.id, next);
        if (!chunk) return null;
        return storage.readChunk(session.staging_key, {
          number: next,
          offset: plan.offsetOf(next),
          size: chunk.size,
          ref: chunk.storage_ref,
        });
      });
    });

    if ((await touchSession(db, session.id, clock.now())) === 0) {
      // Completed (or cleaned up) by another request meanwhile.
      const done = await this.findCompletedFile(owner, fields, plan);
      if (done) return this.completeResult(done, plan.totalChunks);
      throw new AppError('UploadChunkInvalid', '上传记录已失效（长时间未完成已被清理），请重新上传');
    }
    const held = await listChunkNumbers(db, session.id);
    if (held.length === plan.totalChunks) {
      return this.completeResult(await this.finish(owner, session, fields, plan), plan.totalChunks);
    }
    return { SkipUpload: false, Uploaded: held, FilePath: '', File: null };
  }

  private acceptedPlan(fields: UploadChunkFields): ChunkPlan {
    const checked = checkChunkFields(fields);
    if (!checked.ok) throw new AppError(checked.code, checked.message);
    return checked.plan;
  }

  private completeResult(item: FileWithBlob, totalChunks: number): UploadChunkResult {
    const file = toServerFile(item, {
      secret: this.deps.settings.signingSecret,
      ttlSeconds: this.deps.settings.linkTtlSeconds,
      now: this.deps.clock.now(),
    });
    return {
      SkipUpload: true,
      Uploaded: Array.from({ length: totalChunks }, (_, index) => index + 1),
      FilePath: file.FilePath,
      File: file,
    };
  }

  /**
   * 秒传: the only stored content with this MD5 and size, when this customer may have it
   * (docs/uploads.md). When two contents share the MD5 and size, the client sends the bytes.
   */
  private async findInstant(
    owner: CustomerScope,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob | null> {
    const blob = await findInstantBlob(this.deps.db, owner.merchantId, fields.identifier, fields.totalSize);
    if (!blob) return null;
    if (
      this.deps.settings.instantScope === 'customer' &&
      !(await hasHeldBlob(this.deps.db, owner, blob.id))
    ) {
      return null;
    }
    return this.attachFile(this.deps.db, owner, blob, fields, plan);
  }

  /** The customer's file for this content: the same live one, or a new one. */
  private async attachFile(
    db: Db,
    owner: CustomerScope,
    blob: UploadBlob,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob> {
    const same = await findSameLiveFile(db, owner, blob.id, fields.uploaderFileType, plan.fileName);
    const file =
      same ??
      (await insertServerFile(db, {
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        blob_id: blob.id,
        upload_type: fields.uploaderFileType,
        org_file_name: plan.fileName,
        file_ext: plan.extension,
        created_at: this.deps.clock.now(),
        deleted_at: null,
      }));
    return { file, blob };
  }

  /** The customer's live file for this content (after another request completed the upload). */
  private async findCompletedFile(
    owner: CustomerScope,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob | null> {
    const file = await findLiveFileByIdentifier(this.deps.db, owner, {
      md5: fields.identifier,
      size: fields.totalSize,
      uploadType: fields.uploaderFileType,
      orgFileName: plan.fileName,
    });
    return file ?? null;
  }

  /** Assembles the upload once; parallel callers in this process share the one assembly. */
  private finish(
    owner: CustomerScope,
    session: UploadSession,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob> {
    const running = this.completions.get(session.id);
    if (running) return running;
    const completion = this.assembleOrWait(owner, session, fields, plan).finally(() =>
      this.completions.delete(session.id),
    );
    this.completions.set(session.id, completion);
    return completion;
  }

  private async assembleOrWait(
    owner: CustomerScope,
    session: UploadSession,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob> {
    const { db, clock, instance } = this.deps;
    // The wait is counted in polls, not read off a clock: a test clock stands still.
    for (let polls = 0; ; polls += 1) {
      const now = clock.now();
      const claim = {
        instanceId: instance.id,
        now,
        staleBefore: now - STALE_ASSEMBLY_MS,
        aliveSince: instance.aliveSince(now),
      };
      if (await claimSession(db, session.id, claim)) {
        return this.assemble(owner, session, fields, plan);
      }
      // Another live instance is assembling: wait for its outcome (or for it to be taken for dead).
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      const current = await findSessionById(db, session.id);
      if (!current) {
        const done = await this.findCompletedFile(owner, fields, plan);
        if (done) return done;
        throw new AppError('UploadChecksumMismatch', '文件合并失败，已丢弃分片，请重新上传');
      }
      if (polls * WAIT_POLL_MS >= WAIT_FOR_ASSEMBLY_MS) throw new AppError('UploadBusy');
    }
  }

  private async assemble(
    owner: CustomerScope,
    session: UploadSession,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob> {
    const { db, storage, clock, digests, log, instance } = this.deps;
    let isAssembled = false;
    let isReleased = false;
    let written: string | null = null;
    const provisional = provisionalKey(owner.merchantId);
    try {
      const chunks = await listChunks(db, session.id);
      if (chunks.length !== plan.totalChunks) {
        isReleased = true;
        await releaseClaim(db, session.id, instance.id);
        throw new AppError('UploadChunkInvalid', '分片尚未全部上传');
      }
      const known = await digests.digestIfComplete(session.id, plan.totalChunks);
      // Hashed on arrival already: a wrong checksum fails here, before a byte is moved.
      if (known && known.md5 !== fields.identifier) throw new AssemblyMismatchError('checksum', known.md5);
      const assembled = await storage.assemble(
        session.staging_key,
        chunks.map((chunk) => ({
          number: chunk.chunk_number,
          offset: plan.offsetOf(chunk.chunk_number),
          size: chunk.size,
          ref: chunk.storage_ref,
        })),
        {
          expectedMd5: fields.identifier,
          expectedSize: fields.totalSize,
          known,
          // Stored content is reused only for the same bytes: the same SHA-256, never the same MD5.
          placeFor: async (sha256) =>
            (await findBlobByContent(db, owner.merchantId, sha256))
              ? null
              : blobKey(owner.merchantId, sha256, fields.totalSize),
          provisionalKey: provisional,
        },
      );
      isAssembled = true;
      written = assembled.key;
      const { item, isNew } = await db.transaction().execute(async (trx) => {
        const existing = await findBlobByContent(trx, owner.merchantId, assembled.sha256);
        if (!existing && !assembled.key) throw new Error('assembled content is neither stored nor written');
        const blob =
          existing ??
          (await ensureBlob(trx, {
            merchant_id: owner.merchantId,
            md5: fields.identifier,
            sha256: assembled.sha256,
            size: fields.totalSize,
            storage_key: assembled.key!,
            thumbnail_status: 'pending',
            thumbnail_key: null,
            thumbnail_claimed_at: null,
            facts_json: null,
            created_at: clock.now(),
          }));
        if (!(await deleteClaimedSession(trx, session.id, instance.id))) throw new ClaimLostError();
        const attached = await this.attachFile(trx, owner, blob, fields, plan);
        return { item: attached, isNew: !existing };
      });
      // Written twice (stored meanwhile by a parallel upload, or written provisionally): drop ours.
      if (written && written !== item.blob.storage_key) await this.removeStored(written);
      await this.discard(session);
      if (isNew) this.deps.analysis.kick();
      return item;
    } catch (error) {
      if (error instanceof ClaimLostError) {
        // Another instance took the upload over and finishes it; the staged chunks are its now.
        if (written === provisional) await this.removeStored(written);
        throw new AppError('UploadBusy');
      }
      if (error instanceof AssemblyMismatchError) {
        log.warn({ session: session.id, reason: error.reason }, 'upload failed verification');
        if (await deleteClaimedSession(db, session.id, instance.id)) await this.discard(session);
        throw new AppError(
          'UploadChecksumMismatch',
          error.reason === 'checksum'
            ? '文件校验失败：合并后的 MD5 与文件标识（identifier）不一致，已丢弃分片，请重新上传'
            : '文件校验失败：合并后的大小与文件大小（totalSize）不一致，已丢弃分片，请重新上传',
        );
      }
      if (isAssembled) {
        // The chunks are spent (moved into place); start over rather than leave a session that cannot finish.
        if (written === provisional) await this.removeStored(written);
        const isDeleted = await deleteClaimedSession(db, session.id, instance.id).catch(() => false);
        if (isDeleted) await this.discard(session);
      } else if (!isReleased) {
        await releaseClaim(db, session.id, instance.id).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Removes a stored file no content points at; a failure leaves an orphan, never a broken file. */
  private async removeStored(key: string): Promise<void> {
    await this.deps.storage.remove(key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, key }, 'could not remove a redundant stored file');
    });
  }

  private async discard(session: UploadSession): Promise<void> {
    this.deps.digests.forget(session.id);
    await this.deps.storage.discardStaging(session.staging_key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, session: session.id }, 'could not remove staged chunks');
    });
  }
}
