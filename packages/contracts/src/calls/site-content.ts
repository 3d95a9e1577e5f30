import { z } from 'zod';
import { FILE_PICKER_MAX_FILES, FIRST_PAGE, UploadType } from '../constants.ts';
import { INT32_MAX } from './commerce-fields.ts';
import { refineSafeText } from '../text-rules.ts';
import { UPLOAD_TYPE_RULES } from './uploads.ts';
import { AD_POSITIONS, adSchema, contentLinkSchema } from './website.ts';

// ---------------------------------------------------------------------------------------------
// The console's site content (docs/website.md, "Editing from the console"): the help centre's
// categories and articles, and the pictures of the rich-text editor (spec §2, upload type 16).
// Every save names the revision it was read at; a save over another member's is refused.

/** A positive record id named `label` in its messages. */
export function contentIdSchema(label: string) {
  return z
    .number({ error: `请指定${label}` })
    .int({ error: `${label}无效` })
    .min(1, { error: `${label}无效` })
    .max(INT32_MAX, { error: `${label}无效` })
    .describe(label);
}

/** The revision a change was read at (every console save names it). */
export const revisionSchema = z
  .number({ error: '请带上读取时的版本号' })
  .int({ error: '版本号无效' })
  .min(1, { error: '版本号无效' })
  .max(INT32_MAX, { error: '版本号无效' })
  .describe('读取时的版本号；其间已被他人保存则拒绝');

/** A list position, 0–9999, smaller first. */
export const serialNumberSchema = z
  .number({ error: '排序应为 0–9999 的整数' })
  .int({ error: '排序应为 0–9999 的整数' })
  .min(0, { error: '排序应为 0–9999 的整数' })
  .max(9999, { error: '排序应为 0–9999 的整数' })
  .default(0)
  .describe('排序（小的在前）');

/** The longest article body the editor may save, in characters of HTML. */
export const HELP_ARTICLE_MAX_HTML = 200_000;

/** A help category as the console edits it. */
export const staffHelpCategorySchema = z.object({
  Id: z.number().int(),
  Key: z.string().describe('固定用途（about：版本 2 的“关于我们”页面）；普通分类为空'),
  Title: z.string(),
  SerialNumber: z.number().int(),
  ArticleCount: z.number().int().describe('分类下的文章数（含未发布）'),
  Revision: z.number().int(),
});
export type StaffHelpCategory = z.infer<typeof staffHelpCategorySchema>;

/** A help article in the console's list (without its body). */
export const staffHelpArticleRefSchema = z.object({
  Id: z.number().int(),
  CategoryId: z.number().int(),
  Title: z.string(),
  SerialNumber: z.number().int(),
  IsPublished: z.boolean(),
  UpdatedAt: z.string().describe('最后保存时间（ISO 8601）'),
  Revision: z.number().int(),
});
export type StaffHelpArticleRef = z.infer<typeof staffHelpArticleRefSchema>;

/** POST /api/staff/HelpCentre: every category and article of the merchant, published or not. */
export const staffHelpCentreSchema = z.object({
  Categories: z.array(staffHelpCategorySchema),
  Articles: z.array(staffHelpArticleRefSchema),
});
export type StaffHelpCentre = z.infer<typeof staffHelpCentreSchema>;

/** A help article with its (sanitised) body. */
export const staffHelpArticleSchema = staffHelpArticleRefSchema.extend({
  Html: z.string().describe('正文（已净化的 HTML）'),
});
export type StaffHelpArticle = z.infer<typeof staffHelpArticleSchema>;

/** POST /api/staff/HelpArticleDetail */
export const staffHelpArticleIdBodySchema = z.object({ Id: contentIdSchema('文章') });
export type StaffHelpArticleIdBody = z.infer<typeof staffHelpArticleIdBodySchema>;

/** POST /api/staff/SaveHelpCategory: without Id a new category, with Id (and Revision) a change. */
export const saveHelpCategoryBodySchema = z.object({
  Id: contentIdSchema('分类').optional(),
  Title: z
    .string({ error: '分类名称应为文字' })
    .trim()
    .min(1, { error: '请填写分类名称' })
    .max(50, { error: '分类名称最多 50 个字' })
    .superRefine(refineSafeText)
    .describe('分类名称'),
  SerialNumber: serialNumberSchema,
  Revision: revisionSchema.optional(),
});
export type SaveHelpCategoryBody = z.infer<typeof saveHelpCategoryBodySchema>;

/** POST /api/staff/DeleteHelpCategory and DeleteHelpArticle */
export const deleteHelpEntryBodySchema = z.object({ Id: contentIdSchema('编号'), Revision: revisionSchema });
export type DeleteHelpEntryBody = z.infer<typeof deleteHelpEntryBodySchema>;

/** POST /api/staff/SaveHelpArticle: without Id a new article, with Id (and Revision) a change. */
export const saveHelpArticleBodySchema = z.object({
  Id: contentIdSchema('文章').optional(),
  CategoryId: contentIdSchema('分类'),
  Title: z
    .string({ error: '文章标题应为文字' })
    .trim()
    .min(1, { error: '请填写文章标题' })
    .max(100, { error: '文章标题最多 100 个字' })
    .superRefine(refineSafeText)
    .describe('文章标题'),
  SerialNumber: serialNumberSchema,
  IsPublished: z.boolean({ error: '是否发布应为 true 或 false' }).default(true).describe('是否发布'),
  Html: z
    .string({ error: '正文应为 HTML 文字' })
    .max(HELP_ARTICLE_MAX_HTML, { error: `正文过长（最多 ${HELP_ARTICLE_MAX_HTML} 个字符），请拆成几篇文章` })
    .describe('正文（HTML；保存前按白名单净化，脚本与事件属性会被去掉）'),
  Revision: revisionSchema.optional(),
});
export type SaveHelpArticleBody = z.infer<typeof saveHelpArticleBodySchema>;

/** POST /api/staff/DeleteHelp…: what was deleted. */
export const deletedSchema = z.object({ Deleted: z.number().int().describe('删除的条数') });

/** The largest picture the editor uploads (spec §9 upload type 16: 10 MB). */
export const EDITOR_IMAGE_MAX_BYTES = UPLOAD_TYPE_RULES[UploadType.Editor].maxBytes;
/** Stored pictures fit in this square, proportions kept (never enlarged). */
export const EDITOR_IMAGE_MAX_SIDE_PX = 1600;
/** The picker's thumbnails fit in this square. */
export const EDITOR_IMAGE_THUMB_SIDE_PX = 400;

/** A picture of the editor's server files. */
export const editorImageSchema = z.object({
  Id: z.number().int(),
  Url: z.string().describe('图片地址（本站 /api/site-images/…webp，永久有效）'),
  Thumbnail: z.string().describe('缩略图地址'),
  OrgFileName: z.string().describe('原始文件名'),
  Width: z.number().int(),
  Height: z.number().int(),
  FileSize: z.number().int().describe('存储的字节数（WebP）'),
  UploadType: z.number().int().describe('上传类型（16 编辑器）'),
  CreatedAt: z.string(),
});
export type EditorImage = z.infer<typeof editorImageSchema>;

/** POST /api/staff/QueryEditorImages: the merchant's editor pictures, newest first. */
export const queryEditorImagesBodySchema = z.object({
  pageindex: z
    .number({ error: '页码应为整数' })
    .int({ error: '页码应为整数' })
    .min(1, { error: '页码应为正整数' })
    .max(INT32_MAX, { error: '页码过大' })
    .default(FIRST_PAGE)
    .describe('页码'),
  limit: z
    .number({ error: '每页条数应为整数' })
    .int({ error: '每页条数应为整数' })
    .min(1, { error: '每页至少 1 条' })
    .max(FILE_PICKER_MAX_FILES, { error: `每页最多 ${FILE_PICKER_MAX_FILES} 条` })
    .default(24)
    .describe('每页条数'),
});
export type QueryEditorImagesBody = z.infer<typeof queryEditorImagesBodySchema>;

export const editorImagePageSchema = z.object({
  List: z.array(editorImageSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
});
export type EditorImagePage = z.infer<typeof editorImagePageSchema>;

/** POST /api/staff/DeleteEditorImages */
export const deleteEditorImagesBodySchema = z.object({
  ids: z
    .array(contentIdSchema('图片'), { error: '请选择要删除的图片' })
    .min(1, { error: '请选择要删除的图片' })
    .max(FILE_PICKER_MAX_FILES, { error: `一次最多删除 ${FILE_PICKER_MAX_FILES} 张图片` })
    .describe('要删除的图片（编号）'),
});
export type DeleteEditorImagesBody = z.infer<typeof deleteEditorImagesBodySchema>;

// ---------------------------------------------------------------------------------------------
// Ads (banners): the home carousel, the home side and the login page's picture.

/** An ISO 8601 time (with its offset), or null for "no bound". */
function boundSchema(label: string) {
  return z
    .string({ error: `${label}应为时间` })
    .refine((value) => !Number.isNaN(Date.parse(value)) && /T\d{2}:\d{2}/.test(value), {
      error: `${label}应为带时区的时间（ISO 8601），例如 2026-12-01T00:00:00+08:00`,
    })
    .nullable()
    .default(null)
    .describe(`${label}（ISO 8601）；空为不限`);
}

/** POST /api/staff/QueryAds: every ad of the merchant (of one position), active or not. */
export const staffQueryAdsBodySchema = z.object({
  Position: z
    .enum(AD_POSITIONS, { error: '广告位置无效' })
    .optional()
    .describe('广告位置（home_carousel 首页轮播，home_side 首页侧栏，login 登录页）；不填为全部'),
});
export type StaffQueryAdsBody = z.infer<typeof staffQueryAdsBodySchema>;

/** An ad as the console edits it: the ad of QueryAd plus its state. */
export const staffAdSchema = adSchema.extend({
  IsActive: z.boolean().describe('启用'),
  Status: z
    .enum(['showing', 'scheduled', 'ended', 'inactive'])
    .describe('按服务器当前时间：showing 展示中，scheduled 未开始，ended 已结束，inactive 已停用'),
  Revision: z.number().int(),
});
export type StaffAd = z.infer<typeof staffAdSchema>;
export const staffAdListSchema = z.object({ List: z.array(staffAdSchema) });

const LINK_TYPES_TEXT = 'none、product、category、help、url 或 route';

/** A link the console saves; the server checks the target against the type (docs/website.md, Links). */
export const linkBodySchema = z
  .object({
    Type: z
      .enum(['none', 'product', 'category', 'help', 'url', 'route'], {
        error: `链接类型应为 ${LINK_TYPES_TEXT}`,
      })
      .describe('链接类型'),
    Target: z
      .string({ error: '链接目标应为文字' })
      .trim()
      .max(500, { error: '链接目标最多 500 个字符' })
      .default('')
      .describe('链接目标'),
  })
  .default({ Type: 'none', Target: '' })
  .describe('点击后跳转到');

/** POST /api/staff/SaveAd: without Id a new ad (ImageId required), with Id (and Revision) a change. */
export const saveAdBodySchema = z
  .object({
    Id: contentIdSchema('广告').optional(),
    Position: z.enum(AD_POSITIONS, { error: '广告位置无效' }).describe('广告位置'),
    Title: z
      .string({ error: '广告标题应为文字' })
      .trim()
      .min(1, { error: '请填写广告标题' })
      .max(60, { error: '广告标题最多 60 个字' })
      .superRefine(refineSafeText)
      .describe('广告标题（也是图片说明）'),
    Subtitle: z
      .string({ error: '副标题应为文字' })
      .trim()
      .max(100, { error: '副标题最多 100 个字' })
      .superRefine(refineSafeText)
      .default('')
      .describe('副标题'),
    ImageId: contentIdSchema('广告图片')
      .optional()
      .describe('广告图片：服务器图片（QueryEditorImages）的编号；修改时不填则保留原图'),
    Link: linkBodySchema,
    SerialNumber: serialNumberSchema,
    StartTime: boundSchema('开始展示时间'),
    EndTime: boundSchema('结束展示时间'),
    IsActive: z.boolean({ error: '启用应为 true 或 false' }).default(true).describe('启用'),
    Revision: revisionSchema.optional(),
  })
  .refine((ad) => !ad.StartTime || !ad.EndTime || Date.parse(ad.EndTime) > Date.parse(ad.StartTime), {
    error: '结束展示时间应晚于开始展示时间',
    path: ['EndTime'],
  });
export type SaveAdBody = z.infer<typeof saveAdBodySchema>;

// ---------------------------------------------------------------------------------------------
// Menus: the top navigation, the side menu and the footer, per interface version or shared.

export const MENU_POSITIONS = ['top', 'side', 'footer'] as const;

/** The deepest a menu nests (the customer site draws three levels). */
export const MENU_MAX_DEPTH = 3;

const menuVersionSchema = z
  .number({ error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .int({ error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .min(1, { error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .max(4, { error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .nullable()
  .describe('界面版本 1–4；空为所有版本共用（某版本有自己的菜单时只显示它自己的）');

/** POST /api/staff/QueryMenuEntries: every entry of a position, every version, active or not. */
export const staffQueryMenusBodySchema = z.object({
  Position: z
    .enum(MENU_POSITIONS, { error: '菜单位置无效' })
    .default('top')
    .describe('菜单位置（top 顶部导航，side 侧栏，footer 页脚）'),
});
export type StaffQueryMenusBody = z.infer<typeof staffQueryMenusBodySchema>;

export const staffMenuEntrySchema = z.object({
  Id: z.number().int(),
  Position: z.enum(MENU_POSITIONS),
  Version: z.number().int().nullable().describe('界面版本；空为所有版本共用'),
  ParentId: z.number().int().nullable().describe('上级菜单；空为第一级'),
  Title: z.string(),
  Link: contentLinkSchema,
  SerialNumber: z.number().int(),
  IsActive: z.boolean(),
  Revision: z.number().int(),
});
export type StaffMenuEntry = z.infer<typeof staffMenuEntrySchema>;
export const staffMenuListSchema = z.object({ List: z.array(staffMenuEntrySchema) });

/** POST /api/staff/SaveMenuEntry: without Id a new entry, with Id (and Revision) a change. */
export const saveMenuEntryBodySchema = z.object({
  Id: contentIdSchema('菜单').optional(),
  Position: z.enum(MENU_POSITIONS, { error: '菜单位置无效' }).describe('菜单位置'),
  Version: menuVersionSchema.default(null),
  ParentId: contentIdSchema('上级菜单').nullable().default(null).describe('上级菜单；空为第一级'),
  Title: z
    .string({ error: '菜单名称应为文字' })
    .trim()
    .min(1, { error: '请填写菜单名称' })
    .max(20, { error: '菜单名称最多 20 个字' })
    .superRefine(refineSafeText)
    .describe('菜单名称'),
  Link: linkBodySchema,
  SerialNumber: serialNumberSchema,
  IsActive: z.boolean({ error: '启用应为 true 或 false' }).default(true).describe('启用'),
  Revision: revisionSchema.optional(),
});
export type SaveMenuEntryBody = z.infer<typeof saveMenuEntryBodySchema>;
