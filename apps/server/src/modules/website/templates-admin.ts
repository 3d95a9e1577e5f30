/**
 * The console's editing of the template centre (docs/website.md, "Editing from the console"):
 * categories (a category holding templates is not deleted), and templates with their category,
 * cover (one of the merchant's server pictures), finished size and bleed, and files (PDF, AI, CDR,
 * PSD uploaded through UploadTemplateFile). A change names the revision it was read at;
 * QueryTemplate reads the tables on every call, so a save shows in the template centre at once.
 */
import { createHash } from 'node:crypto';
import {
  TEMPLATE_FORMATS,
  TEMPLATE_FORMAT_EXTENSIONS,
  TEMPLATE_FILE_MAX_BYTES,
  type SaveTemplateBody,
  type SaveTemplateCategoryBody,
  type StaffTemplate,
  type StaffTemplateCategory,
  type StaffTemplateCentre,
  type TemplateUpload,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import type { DesignTemplateFileTable, DesignTemplateTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { AppError } from '../../lib/app-error.ts';
import { isSafeUrl, toSafeImage } from '../../lib/safe-url.ts';
import { findSiteImage } from './content-admin.repository.ts';
import { cleanOriginalName, editorImageUrl } from './editor-image.ts';
import {
  countCategoryTemplates,
  deleteEmptyTemplateCategoryAt,
  deleteTemplateAt,
  findAdminTemplate,
  findAdminTemplateCategory,
  findTemplateUpload,
  insertTemplateUpload,
  listAdminTemplateCategories,
  listAdminTemplateFiles,
  listAdminTemplates,
  updateTemplateCategoryAt,
  writeTemplate,
  type TemplateChange,
  type TemplateUploadRow,
} from './layout-admin.repository.ts';
import { insertTemplateCategory } from './website.repository.ts';
import type { SoldProducts } from './home-admin.ts';

const CATEGORY_GONE = '模板分类不存在或已被删除';
const TEMPLATE_GONE = '模板不存在或已被删除';

type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];
type TemplateRow = Selectable<DesignTemplateTable>;
type TemplateFileRow = Selectable<DesignTemplateFileTable>;

/** Where an uploaded template file is served: its content's hash and its format's extension. */
export function templateUploadUrl(row: Pick<TemplateUploadRow, 'sha256' | 'format'>): string {
  return `/api/template-files/${row.sha256}.${row.format.toLowerCase()}`;
}

function toStaffTemplate(row: TemplateRow, files: readonly TemplateFileRow[]): StaffTemplate {
  return {
    Id: row.id,
    CategoryId: row.category_id,
    Title: row.title,
    ProductId: row.product_id,
    FinishedWidthMm: row.finished_width_mm,
    FinishedHeightMm: row.finished_height_mm,
    BleedMm: row.bleed_mm,
    Preview: toSafeImage({
      url: row.preview_url,
      smallUrl: row.preview_small_url,
      width: row.preview_width,
      height: row.preview_height,
      alt: row.title,
    }),
    Files: files
      .filter((file) => file.template_id === row.id)
      .flatMap((file) => {
        const format = TEMPLATE_FORMATS.find((candidate) => candidate === file.format);
        return format && isSafeUrl(file.url)
          ? [
              {
                Id: file.id,
                Format: format,
                Url: file.url,
                FileName: file.file_name,
                SizeBytes: file.size_bytes,
              },
            ]
          : [];
      }),
    SerialNumber: row.serial_number,
    IsActive: row.is_active === 1,
    Revision: row.revision,
  };
}

function toStaffCategory(row: {
  id: number;
  title: string;
  serial_number: number;
  revision: number;
  template_count: number;
}): StaffTemplateCategory {
  return {
    Id: row.id,
    Title: row.title,
    SerialNumber: row.serial_number,
    TemplateCount: row.template_count,
    Revision: row.revision,
  };
}

function requireRevision(revision: number | undefined): number {
  if (revision === undefined) throw new AppError('ValidationFailed', '请带上读取时的版本号（Revision）');
  return revision;
}

/** TemplateCentre: every category with its count and every template with its files. */
export async function templateCentre(db: Db, merchantId: number): Promise<StaffTemplateCentre> {
  const [categories, templates, files] = await Promise.all([
    listAdminTemplateCategories(db, merchantId),
    listAdminTemplates(db, merchantId),
    listAdminTemplateFiles(db, merchantId),
  ]);
  return {
    Categories: categories.map(toStaffCategory),
    Templates: templates.map((row) => toStaffTemplate(row, files)),
  };
}

export async function findStaffTemplateCategory(db: Db, merchantId: number, id: number) {
  const row = await findAdminTemplateCategory(db, merchantId, id);
  return row
    ? toStaffCategory({ ...row, template_count: await countCategoryTemplates(db, merchantId, id) })
    : undefined;
}

export async function findStaffTemplate(db: Db, merchantId: number, id: number) {
  const row = await findAdminTemplate(db, merchantId, id);
  return row ? toStaffTemplate(row, await listAdminTemplateFiles(db, merchantId, id)) : undefined;
}

/** SaveTemplateCategory: a new category, or a change of one read at `Revision`. */
export async function saveTemplateCategory(
  db: Db,
  merchantId: number,
  body: SaveTemplateCategoryBody,
  now: number,
): Promise<StaffTemplateCategory> {
  let id = body.Id;
  const fields = { title: body.Title, serial_number: body.SerialNumber, updated_at: now };
  if (id === undefined) {
    id = await insertTemplateCategory(db, { ...fields, merchant_id: merchantId, created_at: now });
  } else if (!(await updateTemplateCategoryAt(db, merchantId, id, requireRevision(body.Revision), fields))) {
    throw (await findAdminTemplateCategory(db, merchantId, id))
      ? new AppError('EditConflict')
      : new AppError('ContentNotFound', CATEGORY_GONE);
  }
  return (await findStaffTemplateCategory(db, merchantId, id))!;
}

/** DeleteTemplateCategory: an empty category read at `Revision`. */
export async function deleteTemplateCategory(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteEmptyTemplateCategoryAt(db, merchantId, id, revision)) return { Deleted: 1 };
  const row = await findAdminTemplateCategory(db, merchantId, id);
  if (!row) throw new AppError('ContentNotFound', CATEGORY_GONE);
  if (row.revision !== revision) throw new AppError('EditConflict');
  const count = await countCategoryTemplates(db, merchantId, id);
  throw new AppError(
    'ValidationFailed',
    `分类「${row.title}」下还有 ${count} 个模板，请先删除或移到其他分类`,
  );
}

/**
 * SaveTemplate: a new template (a cover required), or a change of one read at `Revision`. Its
 * files are the listed ones: files it has (`Id`) and files uploaded (`UploadId`), in order.
 */
export async function saveTemplate(
  db: Db,
  merchantId: number,
  body: SaveTemplateBody,
  now: number,
  soldProducts: SoldProducts,
): Promise<StaffTemplate> {
  const existing = body.Id === undefined ? undefined : await findAdminTemplate(db, merchantId, body.Id);
  if (body.Id !== undefined && !existing) throw new AppError('ContentNotFound', TEMPLATE_GONE);
  if (!(await findAdminTemplateCategory(db, merchantId, body.CategoryId))) {
    throw new AppError('ValidationFailed', `${CATEGORY_GONE}，请重新选择分类`);
  }
  if (body.ProductId !== null && !(await soldProducts(merchantId, [body.ProductId])).has(body.ProductId)) {
    throw new AppError(
      'ValidationFailed',
      `商品（${body.ProductId}）不在当前商品目录中，请选择在售的商品或留空`,
    );
  }
  const change: TemplateChange = {
    category_id: body.CategoryId,
    title: body.Title,
    product_id: body.ProductId,
    finished_width_mm: body.FinishedWidthMm,
    finished_height_mm: body.FinishedHeightMm,
    bleed_mm: body.BleedMm,
    serial_number: body.SerialNumber,
    is_active: body.IsActive ? 1 : 0,
    updated_at: now,
  };
  if (body.ImageId !== undefined) {
    const image = await findSiteImage(db, merchantId, body.ImageId);
    if (!image) throw new AppError('ValidationFailed', '所选的封面图不存在或已被删除，请重新选择');
    const url = editorImageUrl(image.sha256);
    Object.assign(change, {
      preview_url: url,
      preview_small_url: url,
      preview_width: image.width,
      preview_height: image.height,
    });
  } else if (!existing) {
    throw new AppError('ValidationFailed', '请选择模板封面图');
  }
  if (existing && existing.revision !== requireRevision(body.Revision)) throw new AppError('EditConflict');
  const owned = existing ? await listAdminTemplateFiles(db, merchantId, existing.id) : [];
  const files: Array<{ id?: number; format: string; url: string; file_name: string; size_bytes: number }> =
    [];
  for (const file of body.Files) {
    if (file.Id !== undefined) {
      const kept = owned.find((row) => row.id === file.Id);
      if (!kept)
        throw new AppError('ValidationFailed', `模板文件（${file.Id}）不是这个模板的文件，请刷新后重试`);
      files.push({
        id: kept.id,
        format: kept.format,
        url: kept.url,
        file_name: kept.file_name,
        size_bytes: kept.size_bytes,
      });
    } else {
      const upload = await findTemplateUpload(db, merchantId, file.UploadId!);
      if (!upload) throw new AppError('ValidationFailed', '上传的模板文件不存在，请重新上传');
      files.push({
        format: upload.format,
        url: templateUploadUrl(upload),
        file_name: upload.original_name,
        size_bytes: upload.size_bytes,
      });
    }
  }
  const written = await writeTemplate(
    db,
    merchantId,
    existing
      ? { id: existing.id, revision: requireRevision(body.Revision) }
      : {
          row: {
            ...(change as Required<TemplateChange>),
            merchant_id: merchantId,
            created_at: now,
          },
        },
    change,
    files,
  );
  if (written === 'category') throw new AppError('ValidationFailed', `${CATEGORY_GONE}，请重新选择分类`);
  if (written === null) {
    throw (await findAdminTemplate(db, merchantId, existing!.id))
      ? new AppError('EditConflict')
      : new AppError('ContentNotFound', TEMPLATE_GONE);
  }
  return (await findStaffTemplate(db, merchantId, written))!;
}

/** DeleteTemplate: a template read at `Revision`, with its files. */
export async function deleteTemplate(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteTemplateAt(db, merchantId, id, revision)) return { Deleted: 1 };
  throw (await findAdminTemplate(db, merchantId, id))
    ? new AppError('EditConflict')
    : new AppError('ContentNotFound', TEMPLATE_GONE);
}

/** The format a file's first bytes show, among those its extension allows; null when they disagree. */
function sniffTemplateFormat(bytes: Buffer, format: TemplateFormat): boolean {
  const head = bytes.subarray(0, 1024).toString('latin1');
  switch (format) {
    case 'PDF':
      return head.includes('%PDF-');
    case 'AI':
      // Illustrator files are PDF since version 9; older ones are PostScript.
      return head.includes('%PDF-') || head.startsWith('%!PS-Adobe');
    case 'PSD':
      return head.startsWith('8BPS');
    case 'CDR':
      // CorelDRAW: a RIFF file of form CDR*, or (X4 and later) a ZIP package.
      return (head.startsWith('RIFF') && head.slice(8, 11) === 'CDR') || head.startsWith('PK\u0003\u0004');
  }
}

/**
 * UploadTemplateFile: checks that a file is the template format its name says (PDF, AI, CDR,
 * PSD: extension and first bytes) and keeps it, once per content, for SaveTemplate.
 */
export async function uploadTemplateFile(
  db: Db,
  merchantId: number,
  upload: { bytes: Buffer; fileName: string | undefined; staffId: number },
  now: number,
): Promise<TemplateUpload> {
  // cleanOriginalName names a nameless file 图片 (an editor picture's default): here it has no extension.
  const name = cleanOriginalName(upload.fileName).replace(/^图片$/, '');
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const format = TEMPLATE_FORMATS.find((candidate) =>
    (TEMPLATE_FORMAT_EXTENSIONS[candidate] as readonly string[]).includes(extension),
  );
  if (!format) {
    throw new AppError(
      'UploadTypeNotAllowed',
      `模板文件只能是 PDF、AI、CDR 或 PSD（.pdf、.ai、.cdr、.psd），所选文件是 ${extension ? `.${extension}` : '没有扩展名的文件'}`,
    );
  }
  if (upload.bytes.length === 0) throw new AppError('ValidationFailed', '模板文件是空文件，请重新选择');
  if (upload.bytes.length > TEMPLATE_FILE_MAX_BYTES) {
    throw new AppError('UploadTooLarge', `模板文件不能超过 ${TEMPLATE_FILE_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (!sniffTemplateFormat(upload.bytes, format)) {
    throw new AppError(
      'UploadTypeNotAllowed',
      `文件内容不是 ${format} 格式（文件已损坏，或扩展名与内容不符）`,
    );
  }
  const row = await insertTemplateUpload(db, {
    merchant_id: merchantId,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    format,
    original_name: name,
    content: upload.bytes,
    size_bytes: upload.bytes.length,
    created_by: upload.staffId,
    created_at: now,
  });
  return {
    UploadId: row.id,
    Format: TEMPLATE_FORMATS.find((candidate) => candidate === row.format) ?? format,
    FileName: row.original_name,
    SizeBytes: row.size_bytes,
    Url: templateUploadUrl(row),
  };
}
