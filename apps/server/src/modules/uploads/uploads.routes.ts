import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ApiCode,
  UPLOAD_CHUNK_SIZE,
  serviceFileIdQuerySchema,
  uploadsCalls as calls,
  type UploadChunkResult,
} from '@inkstone/contracts';
import { AppError } from '../../lib/app-error.ts';
import { defineCall, defineMultipartCall, customerScopeOf } from '../../plugins/call.ts';
import { RequestValidationError } from '../../plugins/errors.ts';
import { ChunkBuffers } from './chunk-buffers.ts';
import { sendFileNotFound } from './server-files.service.ts';
import type { UploadsModule } from './uploads.module.ts';

const TAGS = ['uploads'];
const CUSTOMER_SECURITY = [{ authtoken: [], accesstoken: [] }];

/** FileNotFound becomes null (answered with a 404 on download routes); anything else goes on. */
function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.apiCode === ApiCode.FileNotFound) return null;
  throw error;
}

/** Multipart errors of @fastify/multipart, by code, as the protocol's own messages. */
function multipartProblem(error: unknown): AppError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UploadChunkInvalid', `分片超过 ${UPLOAD_CHUNK_SIZE} 字节（2 MiB）`);
    case 'FST_FILES_LIMIT':
      return new AppError('UploadChunkInvalid', '每次只能上传一个分片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('UploadChunkInvalid', '分片请求的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UnsupportedMediaType', '请以 multipart/form-data 上传文件分片');
    default:
      return null;
  }
}

/**
 * Reads a chunk request: the form fields (after those of the query) and the chunk, copied into a
 * pooled buffer; busboy stops at UPLOAD_CHUNK_SIZE and marks the part truncated.
 */
async function readChunkRequest(
  request: FastifyRequest,
  chunkBuffers: ChunkBuffers,
): Promise<{ fields: Record<string, unknown>; buffer: Buffer | null; length: number }> {
  const fields: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  let buffer: Buffer | null = null;
  let length = 0;
  try {
    if (!request.isMultipart()) throw multipartProblem({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      buffer ??= chunkBuffers.take();
      length = 0;
      for await (const piece of part.file as AsyncIterable<Buffer>) {
        const room = buffer.length - length;
        piece.copy(buffer, length, 0, Math.min(piece.length, room));
        length += Math.min(piece.length, room);
      }
      if (part.file.truncated) throw multipartProblem({ code: 'FST_REQ_FILE_TOO_LARGE' });
    }
  } catch (error) {
    throw multipartProblem(error) ?? error;
  }
  return { fields, buffer, length };
}

/**
 * Uploads and the file library (docs/uploads.md): the chunk protocol of spec §4 at
 * /api/common/UploadChunkFile, the customer's files (list, delete, download, preflight) and the
 * signed links for thumbnails and previews. Multipart parsing is registered for this module only.
 */
export function registerUploadRoutes(app: FastifyInstance, uploads: UploadsModule): void {
  const chunkBuffers = new ChunkBuffers();

  // Every reply tells the web client how many chunk requests it may keep in flight.
  const { chunksInFlight } = uploads;
  const withChunksInFlight = (result: UploadChunkResult): UploadChunkResult => ({
    ...result,
    ChunksInFlight: chunksInFlight,
  });

  defineCall(app, calls.CheckUploadChunkFile, async ({ request, input }) =>
    withChunksInFlight(await uploads.chunks.check(customerScopeOf(request), input)),
  );

  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: UPLOAD_CHUNK_SIZE, files: 1, fields: 30, parts: 32, fieldSize: 4096 },
    });
    const contract = calls.UploadChunkFile;
    defineMultipartCall(scope, contract, async (request) => {
      const owner = customerScopeOf(request);
      const { fields, buffer, length } = await readChunkRequest(request, chunkBuffers);
      const parsed = contract.input.safeParse(fields);
      if (!parsed.success) throw new RequestValidationError(contract.input, parsed.error);
      if (!buffer) throw new AppError('UploadChunkInvalid', '缺少文件分片（file）');
      const result = await uploads.chunks.store(owner, parsed.data, buffer.subarray(0, length));
      // Only after a successful store is nothing left using the buffer (a failure drops it).
      chunkBuffers.give(buffer);
      return withChunksInFlight(result);
    });
  });

  defineCall(app, calls.get_service_files, async ({ request, input }) =>
    uploads.files.list(customerScopeOf(request), input),
  );

  defineCall(app, calls.post_service_file_delete, async ({ request, input }) => ({
    Deleted: await uploads.files.delete(customerScopeOf(request), input.ids),
  }));

  defineCall(app, calls.get_service_file_preflight, async ({ request, input }) =>
    uploads.files.preflight(customerScopeOf(request), input),
  );

  app.route({
    method: 'GET',
    url: '/api/v1/get_service_file_download',
    config: { auth: 'customer' },
    schema: {
      summary: '下载我的文件（需登录，只能下载自己的文件）；支持 Range；download=1 强制下载',
      tags: TAGS,
      querystring: serviceFileIdQuerySchema,
      security: CUSTOMER_SECURITY,
    },
    handler: async (request, reply) => {
      const { id } = request.query as { id: number };
      const item = await uploads.files.getOwned(customerScopeOf(request), id).catch(nullWhenNotFound);
      if (!item) return sendFileNotFound(reply);
      return uploads.files.sendFile(request, reply, item);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/files/:id/:name',
    config: { auth: 'public' },
    schema: {
      summary:
        '文件签名链接（FilePath）：无需请求头，到期失效；可在商户站点与其预览域名（ReaderPreviewDomain）使用',
      tags: TAGS,
    },
    handler: async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('FileLinkInvalid');
      const item = await uploads.files
        .getBySignedLink(request, 'file', id, request.query as Record<string, string>)
        .catch(nullWhenNotFound);
      if (!item) return sendFileNotFound(reply);
      return uploads.files.sendFile(request, reply, item);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/thumbnails/:id',
    config: { auth: 'public' },
    schema: { summary: '缩略图签名链接（Thumbnail）：预览图或类型图标', tags: TAGS },
    handler: async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('FileLinkInvalid');
      const item = await uploads.files
        .getBySignedLink(request, 'thumb', id, request.query as Record<string, string>)
        .catch(nullWhenNotFound);
      if (!item) return sendFileNotFound(reply);
      return uploads.files.sendThumbnail(reply, item);
    },
  });
}
