import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RunningDigests } from './running-digests.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { deleteAbandonedSession, findAbandonedSessions, stagingKeyInUse } from './uploads.repository.ts';

export interface CleanupDeps {
  db: Db;
  storage: FileStorage;
  digests: RunningDigests;
  log: FastifyBaseLogger;
  /** The clock the storage stamps its files with: the orphan sweep measures their age by it. */
  storageClock: Clock;
}

export interface CleanupResult {
  sessions: number;
  orphans: number;
}

/**
 * Deletes uploads untouched for `ttlMs` (UPLOAD_CHUNK_TTL_HOURS): their session and chunk rows
 * first, so a late chunk finds no session and is refused, then their staged chunks. Also removes
 * staged chunks with no session at all (left by a crash), going by the storage's own times.
 */
export async function cleanUpAbandonedUploads(
  deps: CleanupDeps,
  now: number,
  ttlMs: number,
): Promise<CleanupResult> {
  const before = now - ttlMs;
  let sessions = 0;
  for (;;) {
    const stale = await findAbandonedSessions(deps.db, before);
    if (!stale.length) break;
    for (const session of stale) {
      if (!(await deleteAbandonedSession(deps.db, session.id, before))) continue;
      sessions += 1;
      deps.digests.forget(session.id);
      await deps.storage.discardStaging(session.staging_key);
    }
    if (stale.length < 500) break;
  }
  deps.digests.forgetIdle(now - ttlMs);

  let orphans = 0;
  const wallBefore = deps.storageClock.now() - ttlMs;
  for await (const area of deps.storage.listStaging()) {
    if (area.modifiedAt >= wallBefore) continue;
    if (await stagingKeyInUse(deps.db, area.staging)) continue;
    await deps.storage.discardStaging(area.staging);
    orphans += 1;
  }
  if (sessions || orphans) deps.log.info({ sessions, orphans }, 'removed abandoned uploads');
  return { sessions, orphans };
}
