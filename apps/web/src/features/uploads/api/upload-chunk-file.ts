import { ApiCode, uploadsCalls } from '@inkstone/contracts';
import type { UploadChunkFields, UploadChunkResult } from '@inkstone/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { STOPPED_MESSAGE, UploadCallError } from '../queue/upload-queue.ts';
import type { UploadFailure, UploadTransport } from '../queue/upload-queue.ts';

/**
 * A 2 MiB chunk needs longer than the 15 s of an ordinary call on a slow line (at 1 Mbit/s it
 * takes 17 s); two minutes covers about 150 kbit/s.
 */
const CHUNK_TIMEOUT_MS = 120_000;

/** Which kind of failure an API error is to the upload queue. */
export function classifyUploadError(error: unknown): UploadCallError {
  if (error instanceof UploadCallError) return error;
  if (!(error instanceof ApiError)) return new UploadCallError('上传失败，请重试', 'network');
  let failure: UploadFailure;
  switch (error.kind) {
    case 'aborted':
      return new UploadCallError(STOPPED_MESSAGE, 'aborted');
    case 'network':
    case 'timeout':
    case 'no-data':
      failure = 'network';
      break;
    case 'http':
      // A gateway or server fault may pass; a refusal (4xx) will not.
      failure =
        error.status !== null && (error.status >= 500 || error.status === 429) ? 'network' : 'refused';
      break;
    case 'login-expired':
      failure = 'refused';
      break;
    case 'business':
      failure =
        error.apiCode === ApiCode.UploadBusy
          ? 'busy'
          : error.apiCode === ApiCode.UploadChecksumMismatch
            ? 'checksum'
            : 'refused';
      break;
  }
  return new UploadCallError(error.message, failure);
}

/** GET /api/common/UploadChunkFile (spec §4): which chunks the server holds, or the finished file. */
export async function checkUploadChunks(
  fields: UploadChunkFields,
  signal?: AbortSignal,
): Promise<UploadChunkResult> {
  return api.call(uploadsCalls.CheckUploadChunkFile, fields, { signal, ignoreAlert: true });
}

/** POST /api/common/UploadChunkFile, multipart: the chunk fields, then the chunk as part `file`. */
export async function postUploadChunk(
  fields: UploadChunkFields,
  chunk: Blob,
  signal?: AbortSignal,
): Promise<UploadChunkResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', chunk, fields.filename);
  return api.call(uploadsCalls.UploadChunkFile, form, {
    signal,
    ignoreAlert: true,
    timeoutMs: CHUNK_TIMEOUT_MS,
  });
}

/** The chunk protocol over the app's API client; failures classified for the queue. */
export const chunkTransport: UploadTransport = {
  check: (fields, signal) =>
    checkUploadChunks(fields, signal).catch((error: unknown) => {
      throw classifyUploadError(error);
    }),
  send: (fields, chunk, signal) =>
    postUploadChunk(fields, chunk, signal).catch((error: unknown) => {
      throw classifyUploadError(error);
    }),
};
