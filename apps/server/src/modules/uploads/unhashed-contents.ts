import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { thumbnailKey } from './analysis/file-analysis.worker.ts';
import { digestStream, type FileStorage } from './storage/file-storage.ts';
import {
  findBlobByContent,
  listUnhashedBlobs,
  mergeBlobInto,
  recordBlobSha256,
} from './uploads.repository.ts';

export interface HashingResult {
  /** Contents whose SHA-256 is now recorded. */
  hashed: number;
  /** Contents found stored twice and merged into the copy that had its SHA-256 already. */
  merged: number;
}

/**
 * Contents stored before their SHA-256 was recorded (migration 20261125150000, or an instance of
 * an older version during a rolling update) are read back from storage and hashed, one at a time.
 * Until then 秒传 does not hand them out and assembly does not reuse them. When the same bytes
 * were stored again meanwhile under their SHA-256, the files of the old row move to that one and
 * the old copy is deleted. A content whose bytes do not match its recorded MD5 and size is left
 * unhashed (and so never reused), with an error in the log.
 */
export async function hashUnhashedContents(deps: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Checked between contents: true when the server is stopping. */
  isStopping?: () => boolean;
}): Promise<HashingResult> {
  const { db, storage, log, isStopping = () => false } = deps;
  const result: HashingResult = { hashed: 0, merged: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await listUnhashedBlobs(db, afterId, 50);
    if (!batch.length) break;
    for (const blob of batch) {
      if (isStopping()) return result;
      afterId = blob.id;
      try {
        const digests = await digestStream(await storage.read(blob.storage_key));
        if (digests.md5 !== blob.md5 || digests.size !== blob.size) {
          log.error({ blob: blob.id, key: blob.storage_key }, 'stored content differs from its MD5 or size');
          continue;
        }
        if (await recordBlobSha256(db, blob, digests.sha256)) {
          result.hashed += 1;
          continue;
        }
        const twin = await findBlobByContent(db, blob.merchant_id, digests.sha256);
        if (!twin || !(await mergeBlobInto(db, blob.id, twin.id))) continue;
        result.merged += 1;
        const kept = [twin.storage_key, twin.thumbnail_key, thumbnailKey(twin.storage_key)];
        for (const key of [blob.storage_key, blob.thumbnail_key]) {
          if (key && !kept.includes(key)) await storage.remove(key);
        }
      } catch (error) {
        log.warn({ err: error, blob: blob.id }, 'could not hash a stored content');
      }
    }
  }
  if (result.hashed || result.merged) log.info(result, 'hashed contents stored without a SHA-256');
  return result;
}
