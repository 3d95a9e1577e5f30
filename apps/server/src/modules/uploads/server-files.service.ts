import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiCode,
  API_CODES,
  fail,
  type PreflightQuery,
  type PreflightReport,
  type ServerFile,
  type ServiceFilePage,
  type ServiceFilesQuery,
  UploadType,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { normaliseHost } from '../merchants/index.ts';
import type { FileAnalysisWorker } from './analysis/file-analysis.worker.ts';
import { evaluatePreflight } from './analysis/preflight.ts';
import { typedIconSvg } from './analysis/typed-icon.ts';
import { fileIdFromPath, isValidLink, type LinkScope, type LinkVariant } from './file-links.ts';
import type { ByteRange, FileStorage } from './storage/file-storage.ts';
import { toServerFile } from './uploads.mapper.ts';
import {
  countOwnedLiveFiles,
  findAttachedFileOfMerchant,
  findLiveFileOfMerchant,
  findMerchantOfFile,
  findOwnedFile,
  listOwnedFiles,
  listOwnedFilesNamedLike,
  softDeleteOwnedFiles,
  type FileWithBlob,
} from './uploads.repository.ts';
import { pointsToMm, pageSizePoints, type StoredFacts } from './analysis/file-facts.ts';
import { formatBytes } from './upload-rules.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';

export interface ServerFileDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  analysis: FileAnalysisWorker;
  settings: { signingSecret: string; linkTtlSeconds: number; maxPdfMb: number };
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};
/** Shown in the browser; everything else (SVG and HTML-ish types included) is a download. */
const INLINE_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

/** Parses a single `bytes=` range against a size; null for none, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

function contentDisposition(name: string, isInline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${isInline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One of the customer's files read whole (ServerFileService.readOwned). */
export interface OwnedFileContent {
  id: number;
  /** The name it was uploaded with. */
  name: string;
  /** Its extension, lower case, without the dot. */
  extension: string;
  uploadType: number;
  bytes: Buffer;
}

/** What a file name written elsewhere means among the customer's uploads. */
export type OwnedFileByName =
  | { status: 'found'; fileId: number; name: string }
  | { status: 'not_found' }
  | { status: 'ambiguous'; names: string[] };

/** Candidates read per name: a customer rarely has more files starting with one name. */
const NAMED_LIKE_LIMIT = 200;

/** A file name as names are compared: NFKC, trimmed, lower case. */
function comparableName(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

/** The customer's file library (spec §2 server-file picker), downloads and preflight. */
export class ServerFileService {
  constructor(private readonly deps: ServerFileDeps) {}

  private links() {
    return {
      secret: this.deps.settings.signingSecret,
      ttlSeconds: this.deps.settings.linkTtlSeconds,
      now: this.deps.clock.now(),
    };
  }

  async list(owner: CustomerScope, query: ServiceFilesQuery): Promise<ServiceFilePage> {
    const { items, totalCount, totalSize } = await listOwnedFiles(
      this.deps.db,
      owner,
      { uploadType: query.UploadType, keyword: query.Keyword },
      { offset: (query.pageindex - 1) * query.limit, limit: query.limit },
    );
    const links = this.links();
    return {
      List: items.map((item) => toServerFile(item, links)),
      PageIndex: query.pageindex,
      Limit: query.limit,
      PageCount: Math.ceil(totalCount / query.limit),
      TotalCount: totalCount,
      Attach: { SumAmount: 0, TotalSize: totalSize },
    };
  }

  /**
   * The customer's own live files `ids` in the wire form, in the order asked; null in the place
   * of an id that is not one of them (the caller names it). Batch ordering reads a batch this way.
   */
  async describeOwned(owner: CustomerScope, ids: readonly number[]): Promise<(ServerFile | null)[]> {
    const links = this.links();
    const files: (ServerFile | null)[] = [];
    for (const id of ids) {
      const item = await findOwnedFile(this.deps.db, owner, id);
      files.push(item ? toServerFile(item, links) : null);
    }
    return files;
  }

  /**
   * The customer's print file (upload type 1) a file name written elsewhere means — a batch
   * import's 文件名 (docs/excel.md "Batch orders"): the newest live file of exactly that name
   * (full-width forms and letter case aside); a name without an extension also means a file of
   * that name with any one extension. Two different names it could mean (`名片.pdf`, `名片.ai`) are
   * `ambiguous`, never chosen between.
   */
  async findOwnedByName(owner: CustomerScope, name: string): Promise<OwnedFileByName> {
    const wanted = comparableName(name);
    if (wanted === '') return { status: 'not_found' };
    const candidates = await listOwnedFilesNamedLike(
      this.deps.db,
      owner,
      UploadType.Default,
      name.trim(),
      NAMED_LIKE_LIMIT,
    );
    const exact = candidates.find((file) => comparableName(file.org_file_name) === wanted);
    if (exact) return { status: 'found', fileId: exact.id, name: exact.org_file_name };
    if (/\.[a-z0-9]{1,8}$/i.test(wanted)) return { status: 'not_found' };
    const byStem = candidates.filter(
      (file) => comparableName(file.org_file_name).replace(/\.[^.]*$/, '') === wanted,
    );
    const names = [...new Set(byStem.map((file) => comparableName(file.org_file_name)))];
    if (names.length === 0) return { status: 'not_found' };
    if (names.length > 1) {
      const shown = [...new Set(byStem.map((file) => file.org_file_name))];
      return { status: 'ambiguous', names: shown };
    }
    return { status: 'found', fileId: byStem[0]!.id, name: byStem[0]!.org_file_name };
  }

  /** Deletes the customer's files: all of them, or none when any id is not theirs. */
  async delete(owner: CustomerScope, ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.deps.db.transaction().execute(async (trx) => {
      if ((await countOwnedLiveFiles(trx, owner, unique)) !== unique.length) {
        throw new AppError('FileNotFound', '要删除的文件不存在、已删除或不属于您');
      }
      return softDeleteOwnedFiles(trx, owner, unique, this.deps.clock.now());
    });
  }

  async getOwned(owner: CustomerScope, fileId: number): Promise<FileWithBlob> {
    const item = await findOwnedFile(this.deps.db, owner, fileId);
    if (!item) throw new AppError('FileNotFound');
    return item;
  }

  /**
   * A file a later call names by id or by the FilePath this server gave (e.g. an Excel import's
   * Path): the customer's own live file, or FileNotFound.
   */
  async resolveOwned(owner: CustomerScope, idOrPath: number | string): Promise<FileWithBlob> {
    const id = typeof idOrPath === 'number' ? idOrPath : fileIdFromPath(idOrPath);
    if (id === null) throw new AppError('FileNotFound');
    return this.getOwned(owner, id);
  }

  /**
   * The whole content of one of the customer's own files, named as `resolveOwned` takes it (an
   * Excel import's Path), for a small file another module reads itself. FileNotFound when it is
   * not theirs; ValidationFailed when it is larger than `maxBytes`.
   */
  async readOwned(
    owner: CustomerScope,
    idOrPath: number | string,
    maxBytes: number,
  ): Promise<OwnedFileContent> {
    const { file, blob } = await this.resolveOwned(owner, idOrPath);
    if (blob.size > maxBytes) {
      throw new AppError(
        'ValidationFailed',
        `文件过大（${formatBytes(blob.size)}），最大 ${formatBytes(maxBytes)}`,
      );
    }
    const parts: Buffer[] = [];
    for await (const part of await this.deps.storage.read(blob.storage_key)) parts.push(part as Buffer);
    return {
      id: file.id,
      name: file.org_file_name,
      extension: file.file_ext,
      uploadType: file.upload_type,
      bytes: Buffer.concat(parts),
    };
  }

  async preflight(owner: CustomerScope, query: PreflightQuery): Promise<PreflightReport> {
    const { file, blob } = await this.getOwned(owner, query.id);
    const facts = await this.deps.analysis.factsOf(blob);
    return evaluatePreflight(
      { id: file.id, name: file.org_file_name, extension: file.file_ext },
      facts,
      query.width !== undefined && query.height !== undefined
        ? { widthMm: query.width, heightMm: query.height, bleedMm: query.bleed }
        : null,
      { maxPdfMb: this.deps.settings.maxPdfMb },
    );
  }

  /**
   * The file of a signed link. The link is good on the merchant's own hosts and on its
   * ReaderPreviewDomain; anywhere else, or expired, or forged, it is refused.
   */
  async getBySignedLink(
    request: FastifyRequest,
    variant: LinkVariant,
    fileId: number,
    query: { expires?: string; sign?: string; scope?: string },
  ): Promise<FileWithBlob> {
    const expires = Number(query.expires);
    const sign = query.sign ?? '';
    const scope: LinkScope | null =
      query.scope === undefined || query.scope === 'library'
        ? 'library'
        : query.scope === 'order'
          ? 'order'
          : null;
    if (!Number.isSafeInteger(expires) || expires < 0 || !sign || !scope)
      throw new AppError('FileLinkInvalid');
    const merchant = request.merchant ?? (await this.merchantOfPreviewHost(request, fileId));
    if (!merchant) throw new AppError('FileLinkInvalid');
    const subject = { merchantId: merchant.id, fileId, variant, expires, scope };
    if (!isValidLink(this.deps.settings.signingSecret, subject, sign, this.deps.clock.now())) {
      throw new AppError('FileLinkInvalid');
    }
    // An order's artwork stays openable after the customer deletes it from the library.
    const item =
      scope === 'order'
        ? await findAttachedFileOfMerchant(this.deps.db, merchant.id, fileId)
        : await findLiveFileOfMerchant(this.deps.db, merchant.id, fileId);
    if (!item) throw new AppError('FileNotFound');
    return item;
  }

  /** On a host that is no merchant's site: the file's merchant, if the host is its preview domain. */
  private async merchantOfPreviewHost(request: FastifyRequest, fileId: number): Promise<Merchant | null> {
    const row = await findMerchantOfFile(this.deps.db, fileId);
    if (!row?.reader_preview_domain) return null;
    const preview = normaliseHost(row.reader_preview_domain.replace(/^[a-z]+:\/\//i, '').split('/')[0] ?? '');
    return preview && preview === normaliseHost(request.host) ? row : null;
  }

  /** Streams a file with Range support, as a download or shown inline for safe types. */
  async sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    { file, blob }: FileWithBlob,
  ): Promise<FastifyReply> {
    const wantsDownload = (request.query as { download?: string }).download === '1';
    const isInline = !wantsDownload && INLINE_EXTENSIONS.has(file.file_ext);
    const range = parseRange(request.headers.range, blob.size);
    if (range === 'invalid') {
      return reply
        .code(416)
        .header('content-range', `bytes */${blob.size}`)
        .send(fail(ApiCode.ValidationFailed, '请求的字节范围无效'));
    }
    reply
      .header('content-type', CONTENT_TYPES[file.file_ext] ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(file.org_file_name, isInline))
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      )
      .header('cache-control', 'private, max-age=3600')
      .header('accept-ranges', 'bytes')
      // The bytes' own digest: two contents may share an MD5.
      .header('etag', `"${blob.sha256 ?? blob.md5}"`);
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(await this.deps.storage.read(blob.storage_key, range));
    }
    reply.header('content-length', blob.size);
    return reply.send(await this.deps.storage.read(blob.storage_key));
  }

  /** The thumbnail, or the typed icon when there is no picture preview (yet). */
  async sendThumbnail(reply: FastifyReply, { file, blob }: FileWithBlob): Promise<FastifyReply> {
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (blob.thumbnail_status === 'preview' && blob.thumbnail_key) {
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=86400')
        .send(await this.deps.storage.read(blob.thumbnail_key));
    }
    const facts = blob.facts_json ? (JSON.parse(blob.facts_json) as StoredFacts) : null;
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', blob.thumbnail_status === 'icon' ? 'private, max-age=86400' : 'no-cache')
      .send(typedIconSvg(file.file_ext, iconCaption(facts, blob.size)));
  }
}

/** The icon's caption: pages and size for a PDF, otherwise the file size. */
function iconCaption(facts: StoredFacts | null, bytes: number): string {
  const first = facts?.pdf?.pages[0];
  if (facts?.pdf && first) {
    const size = pageSizePoints(first);
    return `${facts.pdf.pageCount} 页 · ${Math.round(pointsToMm(size.width))}×${Math.round(pointsToMm(size.height))} mm`;
  }
  return formatBytes(bytes);
}

/** The envelope for a missing file on a download route, with a 404 so it is never saved as the file. */
export function sendFileNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(fail(ApiCode.FileNotFound, API_CODES.FileNotFound.message));
}
