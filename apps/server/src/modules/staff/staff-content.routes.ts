import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  EDITOR_IMAGE_MAX_BYTES,
  STAFF_CALL_ROLES,
  UploadType,
  staffCalls as calls,
  type CallContract,
  type DeleteHelpEntryBody,
  type EditorImage,
  type EditorImagePage,
  type QueryEditorImagesBody,
  type SaveAdBody,
  type SaveMenuEntryBody,
  type StaffMenuEntry,
  type StaffQueryMenusBody,
  type StaffAd,
  type StaffQueryAdsBody,
  type SaveHelpArticleBody,
  type SaveHelpCategoryBody,
  type StaffHelpArticle,
  type StaffHelpCategory,
  type StaffHelpCentre,
  type StaffRole,
} from '@inkstone/contracts';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error.ts';
import { defineMultipartCall, requireMerchant } from '../../plugins/call.ts';
import type { StaffMember } from './staff.service.ts';

/** The website module's editing of site content, as the console's calls use it. */
export interface SiteContentEditor {
  helpCentre(merchantId: number): Promise<StaffHelpCentre>;
  article(merchantId: number, id: number): Promise<StaffHelpArticle>;
  saveCategory(merchantId: number, body: SaveHelpCategoryBody): Promise<StaffHelpCategory>;
  deleteCategory(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  saveArticle(merchantId: number, body: SaveHelpArticleBody): Promise<StaffHelpArticle>;
  deleteArticle(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  uploadImage(
    merchantId: number,
    upload: { bytes: Buffer; fileName: string | undefined; staffId: number },
  ): Promise<EditorImage>;
  images(merchantId: number, body: QueryEditorImagesBody): Promise<EditorImagePage>;
  deleteImages(merchantId: number, ids: readonly number[]): Promise<{ Deleted: number }>;
  ads(merchantId: number, body: StaffQueryAdsBody): Promise<{ List: StaffAd[] }>;
  saveAd(merchantId: number, body: SaveAdBody): Promise<StaffAd>;
  deleteAd(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  menuEntries(merchantId: number, body: StaffQueryMenusBody): Promise<{ List: StaffMenuEntry[] }>;
  saveMenuEntry(merchantId: number, body: SaveMenuEntryBody): Promise<StaffMenuEntry>;
  deleteMenuEntry(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
}

type StaffCallRegistrar = <In extends z.ZodType, Out extends z.ZodType>(
  contract: CallContract<In, Out>,
  roles: readonly StaffRole[],
  handle: (member: StaffMember, input: z.output<In>, request: FastifyRequest) => Promise<z.input<Out>>,
) => void;

const MAX_MB = Math.round(EDITOR_IMAGE_MAX_BYTES / 1024 / 1024);

/** Multipart errors of @fastify/multipart, by code, as Chinese messages about the picture. */
function imageMultipartProblem(error: unknown): AppError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UploadTooLarge', `图片不能超过 ${MAX_MB} MB，请压缩后再上传`);
    case 'FST_FILES_LIMIT':
      return new AppError('ValidationFailed', '每次只能上传一张图片');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('ValidationFailed', '图片上传请求的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UnsupportedMediaType', '请以 multipart/form-data 上传图片（字段 file）');
    default:
      return null;
  }
}

/** The picture of an editor upload: the file part `file`, read whole (busboy stops at the limit). */
async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    if (!request.isMultipart()) throw imageMultipartProblem({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
    const part = await request.file();
    if (!part) throw new AppError('ValidationFailed', '请选择图片（字段 file）');
    if (part.fieldname !== 'file') {
      throw new AppError('ValidationFailed', `图片请放在字段 file 中，而不是 ${part.fieldname.slice(0, 40)}`);
    }
    const typeField = part.fields.uploaderFileType;
    const type = typeField && 'value' in typeField ? String(typeField.value) : String(UploadType.Editor);
    if (type !== String(UploadType.Editor)) {
      throw new AppError(
        'ValidationFailed',
        `上传类型（uploaderFileType）应为 ${UploadType.Editor}（编辑器图片）`,
      );
    }
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    throw imageMultipartProblem(error) ?? error;
  }
}

/**
 * The console's site-content calls (docs/website.md, "Editing from the console"), registered in
 * the staff scope by registerStaffRoutes: `call` checks the token and the roles first.
 */
export function registerSiteContentCalls(
  scope: FastifyInstance,
  call: StaffCallRegistrar,
  requireRoles: (request: FastifyRequest, roles: readonly StaffRole[]) => StaffMember,
  content: SiteContentEditor,
): void {
  const roles = STAFF_CALL_ROLES;
  call(calls.HelpCentre, roles.HelpCentre, async (member) => content.helpCentre(member.merchantId));
  call(calls.HelpArticleDetail, roles.HelpArticleDetail, async (member, input) =>
    content.article(member.merchantId, input.Id),
  );
  call(calls.SaveHelpCategory, roles.SaveHelpCategory, async (member, input) =>
    content.saveCategory(member.merchantId, input),
  );
  call(calls.DeleteHelpCategory, roles.DeleteHelpCategory, async (member, input) =>
    content.deleteCategory(member.merchantId, input),
  );
  call(calls.SaveHelpArticle, roles.SaveHelpArticle, async (member, input) =>
    content.saveArticle(member.merchantId, input),
  );
  call(calls.DeleteHelpArticle, roles.DeleteHelpArticle, async (member, input) =>
    content.deleteArticle(member.merchantId, input),
  );
  call(calls.QueryEditorImages, roles.QueryEditorImages, async (member, input) =>
    content.images(member.merchantId, input),
  );
  call(calls.DeleteEditorImages, roles.DeleteEditorImages, async (member, input) =>
    content.deleteImages(member.merchantId, input.ids),
  );
  call(calls.QueryAds, roles.QueryAds, async (member, input) => content.ads(member.merchantId, input));
  call(calls.SaveAd, roles.SaveAd, async (member, input) => content.saveAd(member.merchantId, input));
  call(calls.DeleteAd, roles.DeleteAd, async (member, input) => content.deleteAd(member.merchantId, input));
  call(calls.QueryMenuEntries, roles.QueryMenuEntries, async (member, input) =>
    content.menuEntries(member.merchantId, input),
  );
  call(calls.SaveMenuEntry, roles.SaveMenuEntry, async (member, input) =>
    content.saveMenuEntry(member.merchantId, input),
  );
  call(calls.DeleteMenuEntry, roles.DeleteMenuEntry, async (member, input) =>
    content.deleteMenuEntry(member.merchantId, input),
  );
  // Multipart parsing for the picture only; the role is checked before the body is read.
  void scope.register(async (upload) => {
    await upload.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: EDITOR_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    defineMultipartCall(upload, calls.UploadEditorImage, async (request) => {
      const member = requireRoles(request, roles.UploadEditorImage);
      const picture = await readImageUpload(request);
      return content.uploadImage(requireMerchant(request).id, { ...picture, staffId: member.id });
    });
  });
}
