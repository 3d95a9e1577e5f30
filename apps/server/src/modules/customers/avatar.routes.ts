import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API_CODES, ApiCode, AVATAR_MAX_BYTES, customersCalls as calls, fail } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { customerScopeOf, defineCall, defineMultipartCall, requireMerchant } from '../../plugins/call.ts';
import { getCustomer } from './customers.repository.ts';
import { readAvatar, removeAvatar, setAvatar } from './customer-settings.service.ts';
import { toLoginUserInfo } from './login-user-info.ts';

/** Multipart errors of @fastify/multipart, by code, as Chinese messages about the avatar. */
function multipartProblem(error: unknown): AppError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UploadTooLarge', '头像图片不能超过 5 MB，请换一张较小的图片');
    case 'FST_FILES_LIMIT':
      return new AppError('ValidationFailed', '每次只能上传一张头像图片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('ValidationFailed', '头像上传请求的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UnsupportedMediaType', '请以 multipart/form-data 上传头像图片（字段 file）');
    default:
      return null;
  }
}

/** The picture of an avatar upload: the file part `file`, read whole (busboy stops at 5 MB). */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    if (!request.isMultipart()) throw multipartProblem({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
    const part = await request.file();
    if (!part) throw new AppError('ValidationFailed', '请选择头像图片（字段 file）');
    if (part.fieldname !== 'file') {
      throw new AppError(
        'ValidationFailed',
        `头像图片请放在字段 file 中，而不是 ${part.fieldname.slice(0, 40)}`,
      );
    }
    return await part.toBuffer();
  } catch (error) {
    throw multipartProblem(error) ?? error;
  }
}

const AVATAR_FILE = /^([0-9a-f]{64})\.webp$/;

/**
 * The avatar calls (docs/settings.md): UploadAvatar, a small multipart call of its own (one
 * picture of at most 5 MB, no chunks), DeleteAvatar, and the pictures themselves at
 * /api/avatars/<sha256>.webp on the merchant's host. Multipart parsing is registered for the
 * upload only.
 */
export function registerAvatarRoutes(app: FastifyInstance, context: ServerContext): void {
  const currentInfo = async (request: FastifyRequest) => {
    const merchant = requireMerchant(request);
    const owner = customerScopeOf(request);
    return toLoginUserInfo(merchant, await getCustomer(context.db, merchant.id, owner.customerId));
  };

  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    defineMultipartCall(scope, calls.UploadAvatar, async (request) => {
      await setAvatar(context, customerScopeOf(request), await readAvatarUpload(request));
      return currentInfo(request);
    });
  });

  defineCall(app, calls.DeleteAvatar, async ({ request }) => {
    await removeAvatar(context, customerScopeOf(request));
    return currentInfo(request);
  });

  app.route({
    method: 'GET',
    url: '/api/avatars/:file',
    config: { auth: 'public' },
    schema: {
      summary: '头像图片（256×256 WebP）：地址即内容的 SHA-256，只在所属商户的域名下可用；无需请求头',
      tags: ['customer'],
    },
    handler: async (request, reply) => {
      const sha256 = AVATAR_FILE.exec((request.params as { file: string }).file)?.[1];
      const image =
        sha256 && request.merchant ? await readAvatar(context, request.merchant.id, sha256) : undefined;
      if (!image) {
        // Another merchant's picture, one replaced or removed, or no picture's name at all.
        return reply
          .code(API_CODES.FileLinkInvalid.httpStatus)
          .header('cache-control', 'no-cache')
          .send(fail(ApiCode.FileLinkInvalid, '头像地址无效，或头像已更换'));
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(image);
    },
  });
}
