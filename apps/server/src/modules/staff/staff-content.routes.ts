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
  type SaveHomeGroupBody,
  type SaveHomeItemBody,
  type SaveTemplateBody,
  type SaveTemplateCategoryBody,
  type StaffHomeGroup,
  type StaffHomeItem,
  type StaffTemplate,
  type StaffTemplateCategory,
  type StaffTemplateCentre,
  type TemplateUpload,
  TEMPLATE_FILE_MAX_BYTES,
  type SaveHelpCategoryBody,
  type StaffHelpArticle,
  type StaffHelpCategory,
  type StaffHelpCentre,
  type StaffRole,
} from '@inkstone/contracts';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error.ts';
import { noteAudit, noteChanges } from '../audit/index.ts';
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
  uploadProductImage(
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
  homeGroups(merchantId: number): Promise<{ List: StaffHomeGroup[] }>;
  homeGroup(merchantId: number, id: number): Promise<StaffHomeGroup | undefined>;
  homeItem(merchantId: number, id: number): Promise<StaffHomeItem | undefined>;
  saveHomeGroup(merchantId: number, body: SaveHomeGroupBody): Promise<StaffHomeGroup>;
  deleteHomeGroup(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  saveHomeItem(merchantId: number, body: SaveHomeItemBody): Promise<StaffHomeItem>;
  deleteHomeItem(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  templateCentre(merchantId: number): Promise<StaffTemplateCentre>;
  templateCategory(merchantId: number, id: number): Promise<StaffTemplateCategory | undefined>;
  template(merchantId: number, id: number): Promise<StaffTemplate | undefined>;
  saveTemplateCategory(merchantId: number, body: SaveTemplateCategoryBody): Promise<StaffTemplateCategory>;
  deleteTemplateCategory(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  saveTemplate(merchantId: number, body: SaveTemplateBody): Promise<StaffTemplate>;
  deleteTemplate(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }>;
  uploadTemplateFile(
    merchantId: number,
    upload: { bytes: Buffer; fileName: string | undefined; staffId: number },
  ): Promise<TemplateUpload>;
}

type StaffCallRegistrar = <In extends z.ZodType, Out extends z.ZodType>(
  contract: CallContract<In, Out>,
  roles: readonly StaffRole[],
  handle: (member: StaffMember, input: z.output<In>, request: FastifyRequest) => Promise<z.input<Out>>,
) => void;

const MAX_MB = Math.round(EDITOR_IMAGE_MAX_BYTES / 1024 / 1024);

/** Multipart errors of @fastify/multipart, by code, as Chinese messages about the picture. */
// The product picture upload shares the editor's store, type (16) and size limit.
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

const TEMPLATE_MAX_MB = Math.round(TEMPLATE_FILE_MAX_BYTES / 1024 / 1024);

/** A template file of an upload: the file part `file`, read whole (busboy stops at the limit). */
async function readTemplateUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    if (!request.isMultipart()) throw imageMultipartProblem({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
    const part = await request.file();
    if (!part) throw new AppError('ValidationFailed', '请选择模板文件（字段 file）');
    if (part.fieldname !== 'file') {
      throw new AppError(
        'ValidationFailed',
        `模板文件请放在字段 file 中，而不是 ${part.fieldname.slice(0, 40)}`,
      );
    }
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('UploadTooLarge', `模板文件不能超过 ${TEMPLATE_MAX_MB} MB`);
    }
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('ValidationFailed', '每次只能上传一个模板文件');
    }
    throw imageMultipartProblem(error) ?? error;
  }
}

/** What the 操作日志 notes of a deleted record: what it was. */
async function noteDeleted(
  request: FastifyRequest,
  type: string,
  before: { Id: number; Title: string } | undefined,
): Promise<void> {
  if (!before) return;
  const { Revision: _revision, ...was } = before as { Revision?: number } & Record<string, unknown>;
  await noteAudit(request, { target: { type, id: before.Id, label: before.Title }, before: was });
}

/**
 * The console's 首页 and 模板 calls (docs/website.md, "Editing from the console"): each save notes
 * the fields it changed for the 操作日志, each delete what it removed.
 */
function registerLayoutCalls(
  scope: FastifyInstance,
  call: StaffCallRegistrar,
  requireRoles: (request: FastifyRequest, roles: readonly StaffRole[]) => StaffMember,
  content: SiteContentEditor,
): void {
  const roles = STAFF_CALL_ROLES;
  call(calls.QueryHomeGroups, roles.QueryHomeGroups, async (member) => content.homeGroups(member.merchantId));
  call(calls.SaveHomeGroup, roles.SaveHomeGroup, async (member, input, request) => {
    const before = input.Id === undefined ? undefined : await content.homeGroup(member.merchantId, input.Id);
    const after = await content.saveHomeGroup(member.merchantId, input);
    const { Items: _was, ...was } = before ?? ({} as Partial<StaffHomeGroup>);
    const { Items: _now, ...now } = after;
    await noteChanges(request, { type: 'home-group', id: after.Id, label: after.Title }, before && was, now);
    return after;
  });
  call(calls.DeleteHomeGroup, roles.DeleteHomeGroup, async (member, input, request) => {
    const before = await content.homeGroup(member.merchantId, input.Id);
    const deleted = await content.deleteHomeGroup(member.merchantId, input);
    await noteDeleted(request, 'home-group', before);
    return deleted;
  });
  call(calls.SaveHomeItem, roles.SaveHomeItem, async (member, input, request) => {
    const before = input.Id === undefined ? undefined : await content.homeItem(member.merchantId, input.Id);
    const after = await content.saveHomeItem(member.merchantId, input);
    await noteChanges(request, { type: 'home-item', id: after.Id, label: after.Title }, before, after);
    return after;
  });
  call(calls.DeleteHomeItem, roles.DeleteHomeItem, async (member, input, request) => {
    const before = await content.homeItem(member.merchantId, input.Id);
    const deleted = await content.deleteHomeItem(member.merchantId, input);
    await noteDeleted(request, 'home-item', before);
    return deleted;
  });
  call(calls.TemplateCentre, roles.TemplateCentre, async (member) =>
    content.templateCentre(member.merchantId),
  );
  call(calls.SaveTemplateCategory, roles.SaveTemplateCategory, async (member, input, request) => {
    const before =
      input.Id === undefined ? undefined : await content.templateCategory(member.merchantId, input.Id);
    const after = await content.saveTemplateCategory(member.merchantId, input);
    const { TemplateCount: _was, ...was } = before ?? ({} as Partial<StaffTemplateCategory>);
    const { TemplateCount: _now, ...now } = after;
    await noteChanges(
      request,
      { type: 'template-category', id: after.Id, label: after.Title },
      before && was,
      now,
    );
    return after;
  });
  call(calls.DeleteTemplateCategory, roles.DeleteTemplateCategory, async (member, input, request) => {
    const before = await content.templateCategory(member.merchantId, input.Id);
    const deleted = await content.deleteTemplateCategory(member.merchantId, input);
    await noteDeleted(request, 'template-category', before);
    return deleted;
  });
  call(calls.SaveTemplate, roles.SaveTemplate, async (member, input, request) => {
    const before = input.Id === undefined ? undefined : await content.template(member.merchantId, input.Id);
    const after = await content.saveTemplate(member.merchantId, input);
    await noteChanges(request, { type: 'template', id: after.Id, label: after.Title }, before, after);
    return after;
  });
  call(calls.DeleteTemplate, roles.DeleteTemplate, async (member, input, request) => {
    const before = await content.template(member.merchantId, input.Id);
    const deleted = await content.deleteTemplate(member.merchantId, input);
    await noteDeleted(request, 'template', before);
    return deleted;
  });
  // Multipart parsing for the template file only; the role is checked before the body is read.
  void scope.register(async (upload) => {
    await upload.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: TEMPLATE_FILE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    defineMultipartCall(upload, calls.UploadTemplateFile, async (request) => {
      const member = requireRoles(request, roles.UploadTemplateFile);
      const file = await readTemplateUpload(request);
      const uploaded = await content.uploadTemplateFile(requireMerchant(request).id, {
        ...file,
        staffId: member.id,
      });
      await noteAudit(request, {
        target: { type: 'template-file', id: uploaded.UploadId, label: uploaded.FileName },
        after: uploaded,
      });
      return uploaded;
    });
  });
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
  registerLayoutCalls(scope, call, requireRoles, content);
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
    defineMultipartCall(upload, calls.UploadProductImage, async (request) => {
      const member = requireRoles(request, roles.UploadProductImage);
      const picture = await readImageUpload(request);
      return content.uploadProductImage(requireMerchant(request).id, { ...picture, staffId: member.id });
    });
  });
}
