/**
 * The console's 商品与价格 section (staff calls CatalogEditor, PublishCatalog, ImportCatalog,
 * ExportCatalog): the merchant's catalogue file read for editing and published as a new version
 * (docs/catalog.md, "Publishing from the console").
 */
import { z } from 'zod';

/** One stored catalogue version, as the 版本记录 list shows it. */
export const catalogVersionSchema = z.object({
  Version: z.number().int().describe('版本号（1、2、3 …）'),
  PublishedAt: z.string().describe('发布时间（ISO 8601）'),
  PublishedBy: z.string().describe('发布的员工；命令行导入或初始数据为空字符串'),
});
export type CatalogVersionInfo = z.infer<typeof catalogVersionSchema>;

/** POST /api/staff/CatalogEditor — the current catalogue, for the editor. */
export const catalogEditorSchema = z.object({
  Version: z.number().int().describe('当前版本号；发布时作为 BaseVersion 原样带回。0：尚无目录'),
  PublishedAt: z.string().nullable().describe('当前版本的发布时间'),
  PublishedBy: z.string().describe('当前版本的发布员工'),
  Catalog: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('当前版本的目录文件内容（JSON 对象，格式见 /api/public/catalog-schema.json）；尚无目录为 null'),
  Versions: z.array(catalogVersionSchema).describe('全部版本，最新在前'),
  NextProductId: z
    .number()
    .int()
    .describe(
      '新建商品可用的最小编号：高于任何版本用过的商品编号与已存图片的商品编号（删除的商品编号不再复用）',
    ),
  NextCategoryId: z
    .number()
    .int()
    .describe('新建分类可用的最小编号：高于任何版本用过的分类编号（删除的分类编号不再复用）'),
});
export type CatalogEditor = z.infer<typeof catalogEditorSchema>;

const baseVersionSchema = z
  .number({ error: '请带上读取目录时的版本号 BaseVersion' })
  .int({ error: '版本号 BaseVersion 无效' })
  .min(0, { error: '版本号 BaseVersion 无效' })
  .max(2_147_483_647, { error: '版本号 BaseVersion 无效' })
  .describe('编辑所依据的版本号（CatalogEditor 的 Version）；其间已有人发布新版本则拒绝');

/** POST /api/staff/PublishCatalog — the edited catalogue as the next version. */
export const publishCatalogBodySchema = z.object({
  BaseVersion: baseVersionSchema,
  Catalog: z
    .record(z.string(), z.unknown(), { error: '请提交目录内容 Catalog（JSON 对象）' })
    .describe('编辑后的完整目录文件内容；与目录文件相同的校验'),
});
export type PublishCatalogBody = z.infer<typeof publishCatalogBodySchema>;

/** POST /api/staff/ImportCatalog — a catalogue file's text as the next version. */
export const importCatalogBodySchema = z.object({
  BaseVersion: baseVersionSchema,
  Content: z
    .string({ error: '请选择目录文件' })
    .min(1, { error: '目录文件是空的' })
    .describe('目录文件的全文（UTF-8 JSON，原样保存）'),
});
export type ImportCatalogBody = z.infer<typeof importCatalogBodySchema>;

/** The reply of PublishCatalog and ImportCatalog: the catalogue now current. */
export const publishCatalogResultSchema = catalogEditorSchema.extend({
  IsUnchanged: z.boolean().describe('true：与当前版本完全相同，未新增版本'),
});
export type PublishCatalogResult = z.infer<typeof publishCatalogResultSchema>;

/** POST /api/staff/ExportCatalog — one version's file, byte for byte as stored. */
export const exportCatalogBodySchema = z.object({
  Version: z
    .number({ error: '版本号无效' })
    .int({ error: '版本号无效' })
    .min(1, { error: '版本号无效' })
    .max(2_147_483_647, { error: '版本号无效' })
    .optional()
    .describe('要导出的版本；省略为当前版本'),
});
export type ExportCatalogBody = z.infer<typeof exportCatalogBodySchema>;

/** The media type of an exported catalogue file. */
export const CATALOG_FILE_MEDIA_TYPE = 'application/json; charset=utf-8';
