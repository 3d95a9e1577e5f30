import { z } from 'zod';
import { contentImageSchema } from './content-image.ts';
import { refineSafeText } from '../text-rules.ts';
import { contentIdSchema, linkBodySchema, revisionSchema, serialNumberSchema } from './site-content.ts';
import { HOME_GROUP_KINDS, TEMPLATE_FORMATS, contentLinkSchema } from './website.ts';

// ---------------------------------------------------------------------------------------------
// The console's 网站 › 首页 and 网站 › 模板 (docs/website.md, "Editing from the console"): the
// home page's groups and their items, and the template centre's categories and templates. Every
// change names the revision it was read at; a save over another member's is refused.

/** A text field of `max` characters named `label`; `required` refuses an empty one. */
function textSchema(label: string, max: number, required: boolean) {
  const base = z.string({ error: `${label}应为文字` }).trim();
  const sized = (required ? base.min(1, { error: `请填写${label}` }) : base).max(max, {
    error: `${label}最多 ${max} 个字`,
  });
  return sized.superRefine(refineSafeText).describe(label);
}

const versionSchema = z
  .number({ error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .int({ error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .min(1, { error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .max(4, { error: '界面版本应为 1–4，或为空（所有版本共用）' })
  .nullable()
  .describe('界面版本 1–4；空为所有版本共用（某版本有自己的分组时只显示它自己的）');

/** The kinds of home group by their Chinese names (the console's labels, the messages' words). */
export const HOME_GROUP_KIND_LABELS = {
  carousel: '轮播',
  category_grid: '分类宫格',
  hot_products: '热销商品',
  new_products: '新品',
  notices: '公告',
  rich_text: '自定义图文',
} as const satisfies Record<(typeof HOME_GROUP_KINDS)[number], string>;

/** The longest rich-text item the console saves, in characters of HTML. */
export const HOME_RICH_TEXT_MAX_HTML = 50_000;

/** A home item as the console edits it: the item of QueryHomeLayout plus its state. */
export const staffHomeItemSchema = z.object({
  Id: z.number().int(),
  GroupId: z.number().int(),
  Title: z.string(),
  Summary: z.string().describe('说明；公告为正文的文字（由 Html 得出）'),
  Image: contentImageSchema.nullable(),
  Link: contentLinkSchema,
  ProductId: z.number().int().nullable(),
  Html: z.string().describe('自定义图文的内容、公告的正文（已净化的 HTML）'),
  PublishedAt: z.string().nullable().describe('公告的发布时间（ISO 8601）'),
  SerialNumber: z.number().int(),
  IsActive: z.boolean(),
  Revision: z.number().int(),
});
export type StaffHomeItem = z.infer<typeof staffHomeItemSchema>;

/** A home group as the console edits it, with every item (active or not). */
export const staffHomeGroupSchema = z.object({
  Id: z.number().int(),
  Version: z.number().int().nullable().describe('界面版本；空为所有版本共用'),
  Kind: z.enum(HOME_GROUP_KINDS),
  Title: z.string(),
  Subtitle: z.string(),
  SerialNumber: z.number().int(),
  IsActive: z.boolean(),
  Revision: z.number().int(),
  Items: z.array(staffHomeItemSchema),
});
export type StaffHomeGroup = z.infer<typeof staffHomeGroupSchema>;
export const staffHomeGroupListSchema = z.object({ List: z.array(staffHomeGroupSchema) });

/** POST /api/staff/SaveHomeGroup: without Id a new group, with Id (and Revision) a change. */
export const saveHomeGroupBodySchema = z.object({
  Id: contentIdSchema('首页分组').optional(),
  Version: versionSchema.default(null),
  Kind: z
    .enum(HOME_GROUP_KINDS, { error: '分组类型无效' })
    .describe(
      '分组类型（新建后不能修改）：carousel、category_grid、hot_products、new_products、notices、rich_text',
    ),
  Title: textSchema('分组标题', 50, true),
  Subtitle: textSchema('分组副标题', 100, false).default(''),
  SerialNumber: serialNumberSchema,
  IsActive: z.boolean({ error: '启用应为 true 或 false' }).default(true).describe('启用'),
  Revision: revisionSchema.optional(),
});
export type SaveHomeGroupBody = z.infer<typeof saveHomeGroupBodySchema>;

/** POST /api/staff/SaveHomeItem: without Id a new item, with Id (and Revision) a change. */
export const saveHomeItemBodySchema = z.object({
  Id: contentIdSchema('首页内容').optional(),
  GroupId: contentIdSchema('首页分组'),
  Title: textSchema('标题', 100, true),
  Summary: textSchema('说明', 300, false).default(''),
  ImageId: contentIdSchema('图片')
    .nullable()
    .optional()
    .describe('图片：服务器图片（QueryEditorImages）的编号；不填保留原图，null 去掉图片'),
  Link: linkBodySchema,
  ProductId: contentIdSchema('商品').nullable().default(null).describe('商品（热销商品、新品分组必填）'),
  Html: z
    .string({ error: '图文内容应为 HTML 文字' })
    .max(HOME_RICH_TEXT_MAX_HTML, { error: `图文内容过长（最多 ${HOME_RICH_TEXT_MAX_HTML} 个字符）` })
    .default('')
    .describe('自定义图文的内容、公告的正文（HTML，保存前净化；公告的 Summary 取其文字）'),
  PublishedAt: z
    .string({ error: '发布时间应为时间' })
    .refine((value) => !Number.isNaN(Date.parse(value)) && /T\d{2}:\d{2}/.test(value), {
      error: '发布时间应为带时区的时间（ISO 8601），例如 2026-12-01T09:00:00+08:00',
    })
    .nullable()
    .default(null)
    .describe('公告的发布时间（ISO 8601）；新公告不填为现在'),
  SerialNumber: serialNumberSchema,
  IsActive: z.boolean({ error: '启用应为 true 或 false' }).default(true).describe('启用'),
  Revision: revisionSchema.optional(),
});
export type SaveHomeItemBody = z.infer<typeof saveHomeItemBodySchema>;

// ---------------------------------------------------------------------------------------------
// The template centre

/** The largest template file the console uploads. */
export const TEMPLATE_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** The file extensions of each template format. */
export const TEMPLATE_FORMAT_EXTENSIONS = {
  PDF: ['pdf'],
  AI: ['ai'],
  CDR: ['cdr'],
  PSD: ['psd'],
} as const satisfies Record<(typeof TEMPLATE_FORMATS)[number], readonly string[]>;

export const staffTemplateCategorySchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  SerialNumber: z.number().int(),
  TemplateCount: z.number().int().describe('分类下的模板数（含停用的）'),
  Revision: z.number().int(),
});
export type StaffTemplateCategory = z.infer<typeof staffTemplateCategorySchema>;

export const staffTemplateFileSchema = z.object({
  Id: z.number().int(),
  Format: z.enum(TEMPLATE_FORMATS),
  Url: z.string(),
  FileName: z.string(),
  SizeBytes: z.number().int(),
});
export type StaffTemplateFile = z.infer<typeof staffTemplateFileSchema>;

export const staffTemplateSchema = z.object({
  Id: z.number().int(),
  CategoryId: z.number().int(),
  Title: z.string(),
  ProductId: z.number().int().nullable(),
  FinishedWidthMm: z.number(),
  FinishedHeightMm: z.number(),
  BleedMm: z.number(),
  Preview: contentImageSchema.nullable().describe('封面图'),
  Files: z.array(staffTemplateFileSchema),
  SerialNumber: z.number().int(),
  IsActive: z.boolean(),
  Revision: z.number().int(),
});
export type StaffTemplate = z.infer<typeof staffTemplateSchema>;

/** POST /api/staff/TemplateCentre: every category and template of the merchant. */
export const staffTemplateCentreSchema = z.object({
  Categories: z.array(staffTemplateCategorySchema),
  Templates: z.array(staffTemplateSchema),
});
export type StaffTemplateCentre = z.infer<typeof staffTemplateCentreSchema>;

/** POST /api/staff/SaveTemplateCategory */
export const saveTemplateCategoryBodySchema = z.object({
  Id: contentIdSchema('模板分类').optional(),
  Title: textSchema('分类名称', 50, true),
  SerialNumber: serialNumberSchema,
  Revision: revisionSchema.optional(),
});
export type SaveTemplateCategoryBody = z.infer<typeof saveTemplateCategoryBodySchema>;

function millimetresSchema(label: string, min: number, max: number) {
  const message = `${label}应为 ${min}–${max} 毫米`;
  return z
    .number({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((value) => Math.round(value * 10) === value * 10, { error: `${label}最多一位小数` })
    .describe(`${label}（mm）`);
}

/** POST /api/staff/SaveTemplate: without Id a new template (a cover required), with Id (and Revision) a change. */
export const saveTemplateBodySchema = z.object({
  Id: contentIdSchema('模板').optional(),
  CategoryId: contentIdSchema('模板分类'),
  Title: textSchema('模板标题', 100, true),
  ProductId: contentIdSchema('商品').nullable().default(null).describe('对应的商品（可空）'),
  FinishedWidthMm: millimetresSchema('成品宽', 1, 5000),
  FinishedHeightMm: millimetresSchema('成品高', 1, 5000),
  BleedMm: millimetresSchema('出血', 0, 20).default(3),
  ImageId: contentIdSchema('封面图')
    .optional()
    .describe('封面图：服务器图片（QueryEditorImages）的编号；修改时不填保留原图'),
  Files: z
    .array(
      z
        .object({
          Id: contentIdSchema('模板文件').optional().describe('保留的已有文件'),
          UploadId: contentIdSchema('上传的文件').optional().describe('新上传的文件（UploadTemplateFile）'),
        })
        .refine((file) => (file.Id === undefined) !== (file.UploadId === undefined), {
          error: '每个模板文件应为已有文件（Id）或新上传的文件（UploadId）之一',
        }),
      { error: '模板文件应为列表' },
    )
    .max(8, { error: '一个模板最多 8 个文件' })
    .default([])
    .describe('模板文件，按顺序'),
  SerialNumber: serialNumberSchema,
  IsActive: z
    .boolean({ error: '启用应为 true 或 false' })
    .default(true)
    .describe('启用（停用后模板中心不显示）'),
  Revision: revisionSchema.optional(),
});
export type SaveTemplateBody = z.infer<typeof saveTemplateBodySchema>;

/** POST /api/staff/UploadTemplateFile: a stored template file, to name in SaveTemplate. */
export const templateUploadSchema = z.object({
  UploadId: z.number().int(),
  Format: z.enum(TEMPLATE_FORMATS),
  FileName: z.string(),
  SizeBytes: z.number().int(),
  Url: z.string().describe('下载地址（本站 /api/template-files/…）'),
});
export type TemplateUpload = z.infer<typeof templateUploadSchema>;
