import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadChunkFields, UploadChunkResult } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
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
  deleteSession,
  ensureBlob,
  ensureSession,
  findBlob,
  findChunk,
  findSameLiveFile,
  findSession,
  findSessionById,
  findOwnedFile,
  hasHeldBlob,
  insertChunk,
  insertServerFile,
  listChunkNumbers,
  listChunks,
  releaseSession,
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
}

/** An assembly claim older than this is taken to belong to a request that died. */
const STALE_ASSEMBLY_MS = 10 * 60_000;
/** How long a request waits for another request's assembly of the same upload. */
const WAIT_FOR_ASSEMBLY_MS = 120_000;
const WAIT_POLL_MS = 200;

/** Where a stored content lives: per merchant, by MD5 and size. */
export function blobKey(merchantId: number, md5: string, size: number): string {
  return `files/m${merchantId}/${md5.slice(0, 2)}/${md5}-${size}`;
}

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

  /** 秒传: the content is stored and this customer may have it (docs/uploads.md). */
  private async findInstant(
    owner: CustomerScope,
    fields: UploadChunkFields,
    plan: ChunkPlan,
  ): Promise<FileWithBlob | null> {
    const blob = await findBlob(this.deps.db, owner.merchantId, fields.identifier, fields.totalSize);
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
    const blob = await findBlob(this.deps.db, owner.merchantId, fields.identifier, fields.totalSize);
    if (!blob) return null;
    const same = await findSameLiveFile(this.deps.db, owner, blob.id, fields.uploaderFileType, plan.fileName);
    return same ? ((await findOwnedFile(this.deps.db, owner, same.id)) ?? null) : null;
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
    const { db, clock } = this.deps;
    // The wait is counted in polls, not read off a clock: a test clock stands still.
    for (let polls = 0; ; polls += 1) {
      const now = clock.now();
      if (await claimSession(db, session.id, now, now - STALE_ASSEMBLY_MS)) {
        return this.assemble(owner, session, fields, plan);
      }
      // Another instance is assembling: wait for its outcome.
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
    const { db, storage, clock, digests, log } = this.deps;
    let isAssembled = false;
    try {
      const chunks = await listChunks(db, session.id);
      if (chunks.length !== plan.totalChunks) {
        await releaseSession(db, session.id);
        throw new AppError('UploadChunkInvalid', '分片尚未全部上传');
      }
      const knownMd5 = await digests.digestIfComplete(session.id, plan.totalChunks);
      // Hashed on arrival already: a wrong checksum fails here, before a byte is moved.
      if (knownMd5 && knownMd5 !== fields.identifier) throw new AssemblyMismatchError('checksum', knownMd5);
      const existing = await findBlob(db, owner.merchantId, fields.identifier, fields.totalSize);
      const key = existing ? null : blobKey(owner.merchantId, fields.identifier, fields.totalSize);
      await storage.assemble(
        session.staging_key,
        chunks.map((chunk) => ({
          number: chunk.chunk_number,
          offset: plan.offsetOf(chunk.chunk_number),
          size: chunk.size,
          ref: chunk.storage_ref,
        })),
        {
          key,
          expectedMd5: fields.identifier,
          expectedSize: fields.totalSize,
          knownMd5,
        },
      );
      isAssembled = true;
      const item = await db.transaction().execute(async (trx) => {
        const blob =
          existing ??
          (await ensureBlob(trx, {
            merchant_id: owner.merchantId,
            md5: fields.identifier,
            size: fields.totalSize,
            storage_key: key!,
            thumbnail_status: 'pending',
            thumbnail_key: null,
            thumbnail_claimed_at: null,
            facts_json: null,
            created_at: clock.now(),
          }));
        const attached = await this.attachFile(trx, owner, blob, fields, plan);
        await deleteSession(trx, session.id);
        return attached;
      });
      await this.discard(session);
      if (!existing) this.deps.analysis.kick();
      return item;
    } catch (error) {
      if (error instanceof AssemblyMismatchError) {
        log.warn({ session: session.id, reason: error.reason }, 'upload failed verification');
        await deleteSession(db, session.id);
        await this.discard(session);
        throw new AppError(
          'UploadChecksumMismatch',
          error.reason === 'checksum'
            ? '文件校验失败：合并后的 MD5 与文件标识（identifier）不一致，已丢弃分片，请重新上传'
            : '文件校验失败：合并后的大小与文件大小（totalSize）不一致，已丢弃分片，请重新上传',
        );
      }
      if (isAssembled) {
        // The chunks are spent (moved into place); start over rather than leave a session that cannot finish.
        await deleteSession(db, session.id).catch(() => undefined);
        await this.discard(session);
      } else if (!(error instanceof AppError)) {
        await releaseSession(db, session.id).catch(() => undefined);
      }
      throw error;
    }
  }

  private async discard(session: UploadSession): Promise<void> {
    this.deps.digests.forget(session.id);
    await this.deps.storage.discardStaging(session.staging_key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, session: session.id }, 'could not remove staged chunks');
    });
  }
}
