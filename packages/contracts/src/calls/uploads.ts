import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FILE_PICKER_MAX_FILES,
  FIRST_PAGE,
  UPLOAD_CHUNK_SIZE,
  UploadType,
} from '../constants.ts';

/** One of the upload types of spec §9: 1 default (print files), 16 editor images, 4 Excel import. */
export type UploadTypeValue = (typeof UploadType)[keyof typeof UploadType];

/** What one upload type accepts. */
export interface UploadTypeRule {
  /** Chinese name, used in messages. */
  label: string;
  /** Allowed file-name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Largest whole file, in bytes. */
  maxBytes: number;
  /** Links to files of this type never expire (editor images are embedded in saved rich text). */
  isPermanentLink: boolean;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * Allowed extensions and size limit of each upload type (spec §9; docs/uploads.md).
 * Print files cover the formats Chinese print shops receive: PDF and the design programs'
 * own formats, raster images, office documents and archives of them.
 */
export const UPLOAD_TYPE_RULES: Record<UploadTypeValue, UploadTypeRule> = {
  [UploadType.Default]: {
    label: '印刷文件',
    extensions: [
      'pdf',
      'ai',
      'eps',
      'ps',
      'psd',
      'psb',
      'cdr',
      'indd',
      'svg',
      'jpg',
      'jpeg',
      'png',
      'tif',
      'tiff',
      'bmp',
      'gif',
      'webp',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'wps',
      'et',
      'txt',
      'csv',
      'zip',
      'rar',
      '7z',
    ],
    maxBytes: 2 * GiB,
    isPermanentLink: false,
  },
  [UploadType.Editor]: {
    label: '编辑器图片',
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'],
    maxBytes: 10 * MiB,
    isPermanentLink: true,
  },
  [UploadType.ExcelImport]: {
    label: 'Excel 导入文件',
    extensions: ['xls', 'xlsx'],
    maxBytes: 20 * MiB,
    isPermanentLink: false,
  },
};

const uploadTypeSchema = z.coerce.number({ error: '上传类型（uploaderFileType）无效，应为 1、16 或 4' }).pipe(
  z.union([z.literal(UploadType.Default), z.literal(UploadType.Editor), z.literal(UploadType.ExcelImport)], {
    error: '上传类型（uploaderFileType）无效，应为 1、16 或 4',
  }),
);

const positiveInt = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是正整数` })
    .int({ error: `${label}必须是正整数` })
    .min(1, { error: `${label}必须是正整数` })
    .max(Number.MAX_SAFE_INTEGER);

/**
 * The upload-chunk fields of spec §3, as the GET query of /api/common/UploadChunkFile and as the
 * fields of its multipart POST. Chunk numbers start at 1; every chunk is UPLOAD_CHUNK_SIZE bytes
 * except the last, which holds the rest. `identifier` is the MD5 of the whole file.
 * The name, type and size rules are checked by the server with their own codes.
 */
export const uploadChunkFieldsSchema = z.object({
  identifier: z
    .string({ error: '文件标识（identifier）不能为空' })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{32}$/, { error: '文件标识（identifier）应为文件内容的 MD5（32 位十六进制）' })
    .describe('文件标识（identifier），整个文件内容的 MD5'),
  filename: z
    .string({ error: '文件名（filename）不能为空' })
    .min(1, { error: '文件名（filename）不能为空' })
    .max(1000)
    .describe('文件名（原始文件名）'),
  totalChunks: positiveInt('分片总数（totalChunks）').describe('分片总数'),
  chunkSize: positiveInt('分片大小（chunkSize）').describe(`分片大小，固定 ${UPLOAD_CHUNK_SIZE} 字节`),
  currentChunkSize: positiveInt('当前分片大小（currentChunkSize）').describe('当前分片大小，本分片的字节数'),
  chunkNumber: positiveInt('分片序号（chunkNumber）').describe('分片序号，从 1 开始'),
  totalSize: positiveInt('文件大小（totalSize）').describe('文件大小，整个文件的字节数'),
  uploaderFileType: uploadTypeSchema
    .default(UploadType.Default)
    .describe('上传类型，1 默认、16 编辑器、4 Excel 导入'),
});
export type UploadChunkFields = z.infer<typeof uploadChunkFieldsSchema>;

/** What the server has learned about a file's content (shown on the file card). */
export const fileFactsSchema = z.object({
  Kind: z.enum(['pdf', 'image', 'other']).describe('内容类型'),
  PageCount: z.number().int().nullable().describe('PDF 页数'),
  PageWidthMm: z.number().nullable().describe('PDF 第一页宽（毫米，裁切框或媒体框）'),
  PageHeightMm: z.number().nullable().describe('PDF 第一页高（毫米）'),
  PixelWidth: z.number().int().nullable().describe('图片宽（像素）'),
  PixelHeight: z.number().int().nullable().describe('图片高（像素）'),
  ColorMode: z.string().nullable().describe('颜色模式：CMYK、RGB、灰度'),
});
export type FileFacts = z.infer<typeof fileFactsSchema>;

/**
 * A server file (spec §3). `FilePath` and `Thumbnail` are signed links on this site that work
 * without request headers until they expire (editor images: never), also from the merchant's
 * ReaderPreviewDomain. `SavePath` is where the content is stored, relative to the storage root.
 */
export const serverFileSchema = z.object({
  Id: z.number().int().describe('文件编号'),
  Thumbnail: z.string().describe('缩略图链接（签名，限时有效）'),
  OrgFileName: z.string().describe('文件名（原始文件名）'),
  SavePath: z.string().describe('存储路径（相对存储根）'),
  FilePath: z.string().describe('文件链接（签名，限时有效；编辑器图片永久有效）'),
  FileSize: z.number().int().describe('字节数'),
  FileExt: z.string().describe('扩展名（小写，无点）'),
  UploadType: z.number().int().describe('上传类型'),
  Md5: z.string().describe('文件内容的 MD5'),
  CreatedAt: z.string().describe('上传时间（ISO 8601）'),
  ThumbnailStatus: z.enum(['pending', 'preview', 'icon']).describe('缩略图：生成中、预览图、类型图标'),
  Facts: fileFactsSchema.nullable().describe('文件信息（分析完成前为 null）'),
});
export type ServerFile = z.infer<typeof serverFileSchema>;

/**
 * Reply of GET and POST /api/common/UploadChunkFile. `SkipUpload` with a `FilePath`: the file is
 * complete (秒传 or the last chunk just arrived). Otherwise `Uploaded` lists the chunk numbers
 * the server holds, and the client sends the others. `ChunksInFlight` (this server's addition to
 * the protocol) says how many chunk requests of one file the client may keep in flight at once;
 * without it the client sends one after another, as spec §4 describes.
 */
export const uploadChunkResultSchema = z.object({
  SkipUpload: z.boolean().describe('文件已完整，无需再传'),
  Uploaded: z.array(z.number().int()).describe('服务器已有的分片序号'),
  FilePath: z.string().describe('完成后的文件链接；未完成为空'),
  File: serverFileSchema.nullable().describe('完成后的文件；未完成为 null'),
  ChunksInFlight: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('客户端可同时上传的分片请求数；缺省为 1（逐片上传）'),
});
export type UploadChunkResult = z.infer<typeof uploadChunkResultSchema>;

/** GET /api/v1/get_service_files (spec §7): the customer's own files, newest first. */
export const serviceFilesQuerySchema = z.object({
  pageindex: z.coerce.number().int().min(1).default(FIRST_PAGE).describe('页码'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FILE_PICKER_MAX_FILES)
    .default(DEFAULT_PAGE_SIZE)
    .describe('每页条数'),
  UploadType: uploadTypeSchema.optional().describe('只列出此上传类型'),
  Keyword: z.string().trim().max(100).optional().describe('文件名关键字'),
});
export type ServiceFilesQuery = z.infer<typeof serviceFilesQuerySchema>;

/** The spec §3 pager around server files. Attach.SumAmount is 0 here; Attach.TotalSize sums the bytes. */
export const serviceFilePageSchema = z.object({
  List: z.array(serverFileSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({
    SumAmount: z.number().describe('金额合计（文件列表恒为 0）'),
    TotalSize: z.number().describe('符合条件的文件总字节数'),
  }),
});
export type ServiceFilePage = z.infer<typeof serviceFilePageSchema>;

const fileIdSchema = z.coerce
  .number({ error: '文件编号无效' })
  .int({ error: '文件编号无效' })
  .positive({ error: '文件编号无效' });

/** POST /api/v1/post_service_file_delete {ids}: an array of ids, or a comma-separated string. */
export const deleteServiceFilesBodySchema = z.object({
  ids: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : typeof value === 'number'
            ? [value]
            : value,
      z
        .array(fileIdSchema)
        .min(1, { error: '请选择要删除的文件编号' })
        .max(FILE_PICKER_MAX_FILES, { error: `一次最多删除 ${FILE_PICKER_MAX_FILES} 个文件` }),
    )
    .describe('文件编号'),
});
export type DeleteServiceFilesBody = z.infer<typeof deleteServiceFilesBodySchema>;

export const deleteServiceFilesResultSchema = z.object({
  Deleted: z.number().int().describe('删除的文件数'),
});

/** GET /api/v1/get_service_file_download?id= — the file itself, for its owner (headers). */
export const serviceFileIdQuerySchema = z.object({ id: fileIdSchema.describe('文件编号') });

/**
 * GET /api/v1/get_service_file_preflight — a print file's preflight for a finished size in mm
 * (with `bleed` mm on each side, default 3). Without a size only the facts are reported.
 */
export const preflightQuerySchema = z
  .object({
    id: fileIdSchema.describe('文件编号'),
    width: z.coerce.number().positive().max(10_000).optional().describe('成品宽（毫米）'),
    height: z.coerce.number().positive().max(10_000).optional().describe('成品高（毫米）'),
    bleed: z.coerce.number().min(0).max(20).default(3).describe('出血（毫米）'),
  })
  .refine((value) => (value.width === undefined) === (value.height === undefined), {
    message: '请同时提供成品宽和成品高',
    path: ['height'],
  });
export type PreflightQuery = z.infer<typeof preflightQuerySchema>;

/** How a preflight finding weighs: a fact, fine, to look at, or not printable as it is. */
export const PreflightLevel = { Info: 'info', Ok: 'ok', Warning: 'warning', Error: 'error' } as const;
export type PreflightLevel = (typeof PreflightLevel)[keyof typeof PreflightLevel];

const preflightLevelSchema = z.enum(['info', 'ok', 'warning', 'error']);

export const preflightCheckSchema = z.object({
  Code: z.string().describe('检查项，如 pdf.page-size、image.dpi'),
  Level: preflightLevelSchema.describe('info 事实，ok 通过，warning 注意，error 不符合'),
  Message: z.string().describe('中文说明'),
});
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

/** Preflight report: the facts and every check with its Chinese explanation; never a silent pass. */
export const preflightReportSchema = z.object({
  FileId: z.number().int(),
  OrgFileName: z.string(),
  Kind: z.enum(['pdf', 'image', 'other']),
  Level: z.enum(['ok', 'warning', 'error', 'unknown']).describe('最严重的结果；unknown 为无法自动检查'),
  Summary: z.string().describe('一句话结论'),
  FinishedSize: z.object({ WidthMm: z.number(), HeightMm: z.number(), BleedMm: z.number() }).nullable(),
  Pdf: z
    .object({
      PageCount: z.number().int(),
      Pages: z.array(
        z.object({
          Number: z.number().int(),
          WidthMm: z.number(),
          HeightMm: z.number(),
          Box: z.enum(['TrimBox', 'MediaBox']),
          BleedMm: z.number().nullable().describe('裁切框外的出血（毫米）；无裁切框为 null'),
        }),
      ),
    })
    .nullable(),
  Image: z
    .object({
      WidthPx: z.number().int(),
      HeightPx: z.number().int(),
      Format: z.string(),
      ColorMode: z.string(),
      EmbeddedDpi: z.number().nullable().describe('图片自带的分辨率标记'),
      EffectiveDpi: z.number().nullable().describe('按成品尺寸（含出血）印刷时的分辨率'),
    })
    .nullable(),
  Checks: z.array(preflightCheckSchema),
});
export type PreflightReport = z.infer<typeof preflightReportSchema>;
