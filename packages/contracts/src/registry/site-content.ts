/**
 * The console's site-content calls (docs/website.md, "Editing from the console"), part of the
 * staff calls: the help centre and the rich-text editor's pictures. Every one is 管理员's.
 */
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import { StaffRole } from '../calls/staff.ts';
import {
  deleteEditorImagesBodySchema,
  deleteHelpEntryBodySchema,
  deletedSchema,
  editorImagePageSchema,
  editorImageSchema,
  queryEditorImagesBodySchema,
  saveHelpArticleBodySchema,
  saveHelpCategoryBodySchema,
  staffHelpArticleIdBodySchema,
  staffHelpArticleSchema,
  staffHelpCategorySchema,
  staffHelpCentreSchema,
} from '../calls/site-content.ts';

const STAFF = '（商家后台：请求头 stafftoken）';

export const siteContentCalls = {
  HelpCentre: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/HelpCentre',
    summary: `帮助中心：全部分类与文章（含未发布，不含正文），各带版本号。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: emptyInputSchema,
    output: staffHelpCentreSchema,
  }),
  HelpArticleDetail: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/HelpArticleDetail',
    summary: `一篇帮助文章（含未发布）与正文。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: staffHelpArticleIdBodySchema,
    output: staffHelpArticleSchema,
  }),
  SaveHelpCategory: defineContract({
    method: 'POST',
    path: '/api/staff/SaveHelpCategory',
    summary: `新建（不带 Id）或修改帮助分类；修改须带回读取时的版本号，其间已被他人保存则拒绝。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: saveHelpCategoryBodySchema,
    output: staffHelpCategorySchema,
    successMessage: '帮助分类已保存',
  }),
  DeleteHelpCategory: defineContract({
    method: 'POST',
    path: '/api/staff/DeleteHelpCategory',
    summary: `删除没有文章的帮助分类（“关于我们”等固定用途的分类不能删除）。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: deleteHelpEntryBodySchema,
    output: deletedSchema,
    successMessage: '删除成功',
  }),
  SaveHelpArticle: defineContract({
    method: 'POST',
    path: '/api/staff/SaveHelpArticle',
    summary: `新建（不带 Id）或修改帮助文章；正文按白名单净化后保存，顾客的帮助页面立即显示。修改须带回读取时的版本号。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: saveHelpArticleBodySchema,
    output: staffHelpArticleSchema,
    successMessage: '文章已保存',
  }),
  DeleteHelpArticle: defineContract({
    method: 'POST',
    path: '/api/staff/DeleteHelpArticle',
    summary: `删除帮助文章（须带回读取时的版本号）。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: deleteHelpEntryBodySchema,
    output: deletedSchema,
    successMessage: '删除成功',
  }),
  UploadEditorImage: defineContract({
    method: 'POST',
    path: '/api/staff/UploadEditorImage',
    summary: `富文本编辑器上传图片（上传类型 16）：multipart/form-data，图片放在 file（JPG、PNG 或 WebP，不超过 10 MB），可带 uploaderFileType=16；存为 WebP（1600 像素以内）与缩略图，地址在本商户域名下永久有效。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    multipart: true,
    input: emptyInputSchema,
    output: editorImageSchema,
    successMessage: '图片已上传',
  }),
  QueryEditorImages: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/staff/QueryEditorImages',
    summary: `服务器图片（编辑器上传的图片，新的在前），分页，含缩略图与原始文件名。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: queryEditorImagesBodySchema,
    output: editorImagePageSchema,
  }),
  DeleteEditorImages: defineContract({
    method: 'POST',
    path: '/api/staff/DeleteEditorImages',
    summary: `删除服务器图片（ids）；引用它们的文章将不再显示这些图片。角色：管理员${STAFF}`,
    tags: ['staff'],
    auth: 'staff',
    input: deleteEditorImagesBodySchema,
    output: deletedSchema,
    successMessage: '删除成功',
  }),
};

/** The roles of the site-content calls (part of STAFF_CALL_ROLES). */
export const SITE_CONTENT_CALL_ROLES = {
  HelpCentre: [StaffRole.Admin],
  HelpArticleDetail: [StaffRole.Admin],
  SaveHelpCategory: [StaffRole.Admin],
  DeleteHelpCategory: [StaffRole.Admin],
  SaveHelpArticle: [StaffRole.Admin],
  DeleteHelpArticle: [StaffRole.Admin],
  UploadEditorImage: [StaffRole.Admin],
  QueryEditorImages: [StaffRole.Admin],
  DeleteEditorImages: [StaffRole.Admin],
} as const;
