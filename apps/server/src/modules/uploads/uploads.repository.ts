import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertRowUnlessPresent, selectRowsWhere, updateRowsWhere } from '../../db/row-statements.ts';
import type {
  ServerFileTable,
  UploadBlobTable,
  UploadChunkTable,
  UploadSessionTable,
} from '../../db/schema.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

/**
 * Every query of the uploads module. Each function takes the database or a transaction; every
 * query on customers' data is scoped by merchant (and customer where it is theirs). The
 * statements every chunk request makes (the session, its chunks, the touch) are compiled once
 * (db/row-statements.ts).
 */
export type UploadBlob = Selectable<UploadBlobTable>;
export type ServerFileRow = Selectable<ServerFileTable>;
export type UploadSession = Selectable<UploadSessionTable>;
export type UploadChunk = Selectable<UploadChunkTable>;

/** A file with the content it points at. */
export interface FileWithBlob {
  file: ServerFileRow;
  blob: UploadBlob;
}

// ---- stored contents ----

/** The merchant's stored content with these bytes (by the SHA-256 the server computed). */
export async function findBlobByContent(db: Db, merchantId: number, sha256: string) {
  return db
    .selectFrom('upload_blobs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/**
 * The content 秒传 may hand out for an MD5 and size: the merchant's only stored content with
 * them, once its SHA-256 is known. None when two contents share the MD5 and size (a collision:
 * the client's MD5 cannot say which it holds) or when the only one is not hashed yet.
 */
export async function findInstantBlob(
  db: Db,
  merchantId: number,
  md5: string,
  size: number,
): Promise<UploadBlob | null> {
  const rows = await db
    .selectFrom('upload_blobs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('md5', '=', md5)
    .where('size', '=', size)
    .limit(2)
    .execute();
  return rows.length === 1 && rows[0]!.sha256 !== null ? rows[0]! : null;
}

export async function findBlobById(db: Db, id: number) {
  return db.selectFrom('upload_blobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the content unless it is stored already (same SHA-256); returns the row either way. */
export async function ensureBlob(
  db: Db,
  row: Insertable<UploadBlobTable> & { sha256: string },
): Promise<UploadBlob> {
  await db
    .insertInto('upload_blobs')
    .values(row)
    .onConflict((conflict) => conflict.columns(['merchant_id', 'sha256']).doNothing())
    .execute();
  const blob = await findBlobByContent(db, row.merchant_id, row.sha256);
  if (!blob) throw new Error('blob vanished after insert');
  return blob;
}

/** Contents stored before their SHA-256 was recorded, after `afterId`, oldest first. */
export async function listUnhashedBlobs(db: Db, afterId: number, limit: number): Promise<UploadBlob[]> {
  return db
    .selectFrom('upload_blobs')
    .selectAll()
    .where('sha256', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records the SHA-256 of a content stored without one; false when another content has it. */
export async function recordBlobSha256(db: Db, blob: UploadBlob, sha256: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await findBlobByContent(trx, blob.merchant_id, sha256)) return false;
    await trx
      .updateTable('upload_blobs')
      .set({ sha256 })
      .where('id', '=', blob.id)
      .where('sha256', 'is', null)
      .execute();
    return true;
  });
}

/**
 * Points every file of content `fromId` at `intoId` (the same bytes, stored twice) and deletes
 * `fromId`'s row; true when it was deleted, so its stored file can go.
 */
export async function mergeBlobInto(db: Db, fromId: number, intoId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('server_files').set({ blob_id: intoId }).where('blob_id', '=', fromId).execute();
    const deleted = await trx
      .deleteFrom('upload_blobs')
      .where('id', '=', fromId)
      .where('sha256', 'is', null)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  });
}

/** Claims the next content waiting for analysis (or one whose worker stalled). */
export async function claimBlobForAnalysis(
  db: Db,
  now: number,
  staleBefore: number,
): Promise<UploadBlob | null> {
  const candidate = await db
    .selectFrom('upload_blobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('thumbnail_status', '=', 'pending'),
        eb.and([eb('thumbnail_status', '=', 'working'), eb('thumbnail_claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return null;
  const claimed = await db
    .updateTable('upload_blobs')
    .set({ thumbnail_status: 'working', thumbnail_claimed_at: now })
    .where('id', '=', candidate.id)
    .where((eb) =>
      eb.or([
        eb('thumbnail_status', '=', 'pending'),
        eb.and([eb('thumbnail_status', '=', 'working'), eb('thumbnail_claimed_at', '<', staleBefore)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return (await findBlobById(db, candidate.id)) ?? null;
}

export async function saveBlobAnalysis(
  db: Db,
  id: number,
  result: { thumbnailStatus: 'preview' | 'icon'; thumbnailKey: string | null; factsJson: string },
): Promise<void> {
  await db
    .updateTable('upload_blobs')
    .set({
      thumbnail_status: result.thumbnailStatus,
      thumbnail_key: result.thumbnailKey,
      facts_json: result.factsJson,
      thumbnail_claimed_at: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function saveBlobFacts(db: Db, id: number, factsJson: string): Promise<void> {
  await db.updateTable('upload_blobs').set({ facts_json: factsJson }).where('id', '=', id).execute();
}

/** The extension of the first file stored with this content (a hint for analysis). */
export async function findBlobExtension(db: Db, blobId: number): Promise<string> {
  const row = await db
    .selectFrom('server_files')
    .select('file_ext')
    .where('blob_id', '=', blobId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.file_ext ?? '';
}

// ---- customers' files ----

/** True when the customer has held this content (a file of theirs points at it, deleted or not). */
export async function hasHeldBlob(db: Db, owner: CustomerScope, blobId: number): Promise<boolean> {
  const row = await db
    .selectFrom('server_files')
    .select('id')
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('blob_id', '=', blobId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The customer's live file with this content, type and name, if any (so a re-upload does not duplicate). */
export async function findSameLiveFile(
  db: Db,
  owner: CustomerScope,
  blobId: number,
  uploadType: number,
  orgFileName: string,
) {
  return db
    .selectFrom('server_files')
    .selectAll()
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('blob_id', '=', blobId)
    .where('upload_type', '=', uploadType)
    .where('org_file_name', '=', orgFileName)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertServerFile(db: Db, row: Insertable<ServerFileTable>): Promise<ServerFileRow> {
  const { id } = await db.insertInto('server_files').values(row).returning('id').executeTakeFirstOrThrow();
  return db.selectFrom('server_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const FILE_WITH_BLOB_COLUMNS = [
  'f.id',
  'f.merchant_id',
  'f.customer_id',
  'f.blob_id',
  'f.upload_type',
  'f.org_file_name',
  'f.file_ext',
  'f.created_at',
  'f.deleted_at',
  'b.md5 as b_md5',
  'b.sha256 as b_sha256',
  'b.size as b_size',
  'b.storage_key as b_storage_key',
  'b.thumbnail_status as b_thumbnail_status',
  'b.thumbnail_key as b_thumbnail_key',
  'b.thumbnail_claimed_at as b_thumbnail_claimed_at',
  'b.facts_json as b_facts_json',
  'b.created_at as b_created_at',
] as const;

function selectFileWithBlob(db: Db) {
  return db
    .selectFrom('server_files as f')
    .innerJoin('upload_blobs as b', 'b.id', 'f.blob_id')
    .select(FILE_WITH_BLOB_COLUMNS);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectFileWithBlob>['executeTakeFirstOrThrow']>>;

function splitJoined(row: JoinedRow): FileWithBlob {
  return {
    file: {
      id: row.id,
      merchant_id: row.merchant_id,
      customer_id: row.customer_id,
      blob_id: row.blob_id,
      upload_type: row.upload_type,
      org_file_name: row.org_file_name,
      file_ext: row.file_ext,
      created_at: row.created_at,
      deleted_at: row.deleted_at,
    },
    blob: {
      id: row.blob_id,
      merchant_id: row.merchant_id,
      md5: row.b_md5,
      sha256: row.b_sha256,
      size: row.b_size,
      storage_key: row.b_storage_key,
      thumbnail_status: row.b_thumbnail_status,
      thumbnail_key: row.b_thumbnail_key,
      thumbnail_claimed_at: row.b_thumbnail_claimed_at,
      facts_json: row.b_facts_json,
      created_at: row.b_created_at,
    },
  };
}

/** A live file of this merchant (any customer): for signed links, where the signature is the proof. */
export async function findLiveFileOfMerchant(db: Db, merchantId: number, fileId: number) {
  const row = await selectFileWithBlob(db)
    .where('f.merchant_id', '=', merchantId)
    .where('f.id', '=', fileId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? splitJoined(row) : undefined;
}

/**
 * A file of this merchant attached to one of its orders, deleted from the library or not: for
 * order-scoped signed links (the order's artwork stays openable for staff and the customer).
 */
export async function findAttachedFileOfMerchant(db: Db, merchantId: number, fileId: number) {
  const row = await selectFileWithBlob(db)
    .where('f.merchant_id', '=', merchantId)
    .where('f.id', '=', fileId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_files as of')
          .select('of.id')
          .whereRef('of.server_file_id', '=', 'f.id')
          .where('of.merchant_id', '=', merchantId),
      ),
    )
    .executeTakeFirst();
  return row ? splitJoined(row) : undefined;
}

/** The active merchant a file belongs to (to check a signed link on the merchant's preview domain). */
export async function findMerchantOfFile(db: Db, fileId: number) {
  return db
    .selectFrom('server_files as f')
    .innerJoin('merchants as m', 'm.id', 'f.merchant_id')
    .selectAll('m')
    .where('f.id', '=', fileId)
    .where('m.is_active', '=', 1)
    .executeTakeFirst();
}

/**
 * The customer's newest live file of this type and name whose content has this MD5 and size
 * (the file a parallel request just completed for the same upload).
 */
export async function findLiveFileByIdentifier(
  db: Db,
  owner: CustomerScope,
  identity: { md5: string; size: number; uploadType: number; orgFileName: string },
) {
  const row = await selectFileWithBlob(db)
    .where('f.merchant_id', '=', owner.merchantId)
    .where('f.customer_id', '=', owner.customerId)
    .where('f.upload_type', '=', identity.uploadType)
    .where('f.org_file_name', '=', identity.orgFileName)
    .where('f.deleted_at', 'is', null)
    .where('b.md5', '=', identity.md5)
    .where('b.size', '=', identity.size)
    .orderBy('f.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? splitJoined(row) : undefined;
}

/** The customer's own live file. */
export async function findOwnedFile(db: Db, owner: CustomerScope, fileId: number) {
  const row = await selectFileWithBlob(db)
    .where('f.merchant_id', '=', owner.merchantId)
    .where('f.customer_id', '=', owner.customerId)
    .where('f.id', '=', fileId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? splitJoined(row) : undefined;
}

export interface FileListFilter {
  uploadType?: number;
  keyword?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function filteredFiles(db: Db, owner: CustomerScope, filter: FileListFilter) {
  let query = db
    .selectFrom('server_files as f')
    .innerJoin('upload_blobs as b', 'b.id', 'f.blob_id')
    .where('f.merchant_id', '=', owner.merchantId)
    .where('f.customer_id', '=', owner.customerId)
    .where('f.deleted_at', 'is', null);
  if (filter.uploadType !== undefined) query = query.where('f.upload_type', '=', filter.uploadType);
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(f.org_file_name) like ${pattern} escape '\\'`);
  }
  return query;
}

/** One page of the customer's live files, newest first, with the count and total bytes. */
export async function listOwnedFiles(
  db: Db,
  owner: CustomerScope,
  filter: FileListFilter,
  page: { offset: number; limit: number },
): Promise<{ items: FileWithBlob[]; totalCount: number; totalSize: number }> {
  const totals = await filteredFiles(db, owner, filter)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('b.size').as('bytes')])
    .executeTakeFirstOrThrow();
  const rows = await filteredFiles(db, owner, filter)
    .select(FILE_WITH_BLOB_COLUMNS)
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    items: rows.map(splitJoined),
    totalCount: Number(totals.count),
    totalSize: Number(totals.bytes ?? 0),
  };
}

/**
 * The customer's live files of one upload type whose name starts with `prefix` (letter case
 * aside), newest first, at most `limit`: the candidates a file name written elsewhere may mean.
 */
export async function listOwnedFilesNamedLike(
  db: Db,
  owner: CustomerScope,
  uploadType: number,
  prefix: string,
  limit: number,
): Promise<{ id: number; org_file_name: string }[]> {
  const pattern = `${escapeLike(prefix.toLowerCase())}%`;
  return db
    .selectFrom('server_files')
    .select(['id', 'org_file_name'])
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('upload_type', '=', uploadType)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(org_file_name) like ${pattern} escape '\\'`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many of these ids are the customer's live files. */
export async function countOwnedLiveFiles(
  db: Db,
  owner: CustomerScope,
  ids: readonly number[],
): Promise<number> {
  const row = await db
    .selectFrom('server_files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function softDeleteOwnedFiles(
  db: Db,
  owner: CustomerScope,
  ids: readonly number[],
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('server_files')
    .set({ deleted_at: now })
    .where('merchant_id', '=', owner.merchantId)
    .where('customer_id', '=', owner.customerId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- uploads in progress ----

/** The upload of this content in progress, if any (every chunk request asks: compiled once). */
export async function findSession(db: Db, owner: CustomerScope, identifier: string, totalSize: number) {
  const [session] = await selectRowsWhere(
    db,
    'upload_sessions',
    {
      merchant_id: owner.merchantId,
      customer_id: owner.customerId,
      identifier,
      total_size: totalSize,
    },
    { page: { limit: 1 } },
  );
  return session;
}

export async function findSessionById(db: Db, id: number) {
  return db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the session unless a parallel request did; returns the row either way. */
export async function ensureSession(db: Db, row: Insertable<UploadSessionTable>): Promise<UploadSession> {
  await db
    .insertInto('upload_sessions')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'customer_id', 'identifier', 'total_size']).doNothing(),
    )
    .execute();
  const session = await findSession(
    db,
    { merchantId: row.merchant_id, customerId: row.customer_id },
    row.identifier,
    row.total_size,
  );
  if (!session) throw new Error('upload session vanished after insert');
  return session;
}

/** Marks activity; 0 when the session is gone (completed or cleaned up meanwhile). */
export async function touchSession(db: Db, id: number, now: number): Promise<number> {
  return updateRowsWhere(db, 'upload_sessions', { updated_at: now }, { id });
}

export interface AssemblyClaim {
  /** The claiming server instance (db/instances.ts). */
  instanceId: string;
  now: number;
  /** A claim older than this may be retaken whoever holds it (a request that hung). */
  staleBefore: number;
  /** Instances whose last heartbeat is older than this are dead (db/instances.ts). */
  aliveSince: number;
}

/** Ids of the server instances that are alive (heartbeat at or after `aliveSince`). */
function liveInstances(db: Db, aliveSince: number) {
  return db.selectFrom('server_instances').select('id').where('heartbeat_at', '>=', aliveSince);
}

/**
 * Takes the right to assemble: only one request wins. A claim may be retaken when the instance
 * that made it is dead, or when it is older than staleBefore.
 */
export async function claimSession(db: Db, id: number, claim: AssemblyClaim): Promise<boolean> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ status: 'assembling', claimed_at: claim.now, claimed_by: claim.instanceId })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'receiving'),
        eb.and([
          eb('status', '=', 'assembling'),
          eb.or([
            eb('claimed_at', '<', claim.staleBefore),
            eb.and([
              eb('claimed_by', 'is not', null),
              eb('claimed_by', 'not in', liveInstances(db, claim.aliveSince)),
            ]),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives up this instance's claim (if it still holds it), so the upload can be assembled again. */
export async function releaseClaim(db: Db, id: number, instanceId: string): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ status: 'receiving', claimed_at: null, claimed_by: null })
    .where('id', '=', id)
    .where('status', '=', 'assembling')
    .where('claimed_by', '=', instanceId)
    .execute();
}

/** Releases every assembly claim made by an instance that is dead; returns how many. */
export async function releaseDeadClaims(db: Db, aliveSince: number): Promise<number> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ status: 'receiving', claimed_at: null, claimed_by: null })
    .where('status', '=', 'assembling')
    .where('claimed_by', 'is not', null)
    .where('claimed_by', 'not in', liveInstances(db, aliveSince))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the session and its chunks if this instance still holds its claim; false when the
 * claim was taken over meanwhile (the instance was taken for dead), and nothing was deleted.
 */
export async function deleteClaimedSession(db: Db, id: number, instanceId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('upload_sessions')
    .where('id', '=', id)
    .where('claimed_by', '=', instanceId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  await db.deleteFrom('upload_chunks').where('session_id', '=', id).execute();
  return true;
}

/** Sessions untouched since `before` (and not being assembled by a live claim). */
export async function findAbandonedSessions(db: Db, before: number, limit = 500) {
  return db
    .selectFrom('upload_sessions')
    .select(['id', 'staging_key'])
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', before)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Deletes an abandoned session unless it was touched meanwhile; true when it was deleted. */
export async function deleteAbandonedSession(db: Db, id: number, before: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('upload_sessions')
      .where('id', '=', id)
      .where('updated_at', '<', before)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', before)]))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await trx.deleteFrom('upload_chunks').where('session_id', '=', id).execute();
    return true;
  });
}

export async function stagingKeyInUse(db: Db, stagingKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('staging_key', '=', stagingKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findChunk(db: Db, sessionId: number, chunkNumber: number) {
  const [chunk] = await selectRowsWhere(
    db,
    'upload_chunks',
    { session_id: sessionId, chunk_number: chunkNumber },
    { page: { limit: 1 } },
  );
  return chunk;
}

/**
 * Records a chunk; false when another request recorded the same chunk first (the session and
 * number are the table's only unique key).
 */
export async function insertChunk(db: Db, row: Insertable<UploadChunkTable>): Promise<boolean> {
  return insertRowUnlessPresent(db, 'upload_chunks', row);
}

export async function listChunkNumbers(db: Db, sessionId: number): Promise<number[]> {
  const rows = await selectRowsWhere(
    db,
    'upload_chunks',
    { session_id: sessionId },
    { columns: ['chunk_number'], orderBy: [['chunk_number', 'asc']] },
  );
  return rows.map((row) => row.chunk_number);
}

export async function listChunks(db: Db, sessionId: number): Promise<UploadChunk[]> {
  return db
    .selectFrom('upload_chunks')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('chunk_number')
    .execute();
}
