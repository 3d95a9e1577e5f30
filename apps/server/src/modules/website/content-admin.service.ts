/**
 * The console's editing of site content (docs/website.md, "Editing from the console"): the help
 * centre's categories and articles, and the pictures of the rich-text editor. Every change of an
 * existing row names the revision it was read at: a save over another member's is refused with
 * EditConflict and writes nothing. Article bodies are sanitised before they are stored (and again
 * when served). The customer calls read the tables on every call (no server-side content cache),
 * so a save shows on the customer site at the next request, on every instance.
 */
import {
  UploadType,
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
  type SaveHelpCategoryBody,
  type StaffHelpArticle,
  type StaffHelpCategory,
  type StaffHelpCentre,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';
import { insertHelpArticle, insertHelpCategory } from './website.repository.ts';
import {
  countCategoryArticles,
  countSiteImages,
  deleteArticleAt,
  deleteEmptyCategoryAt,
  deleteSiteImages,
  findAdminArticle,
  findAdminCategory,
  findSiteImage,
  insertSiteImage,
  listAdminArticles,
  listAdminCategories,
  listSiteImages,
  readSiteImageBytes,
  updateArticleAt,
  updateCategoryAt,
  type AdminArticleRow,
  type SiteImageRow,
} from './content-admin.repository.ts';
import { deleteAd, queryAds, saveAd } from './ads-admin.ts';
import { deleteMenuEntry, queryMenuEntries, saveMenuEntry } from './menus-admin.ts';
import {
  deleteHomeGroup,
  deleteHomeItem,
  findStaffHomeGroup,
  findStaffHomeItem,
  queryHomeGroups,
  saveHomeGroup,
  saveHomeItem,
  type SoldProducts,
} from './home-admin.ts';
import {
  deleteTemplate,
  deleteTemplateCategory,
  findStaffTemplate,
  findStaffTemplateCategory,
  saveTemplate,
  saveTemplateCategory,
  templateCentre,
  uploadTemplateFile,
} from './templates-admin.ts';
import { readTemplateUpload } from './layout-admin.repository.ts';
import {
  EDITOR_PICTURE_RULES,
  PRODUCT_PICTURE_RULES,
  cleanOriginalName,
  editorImageUrl,
  editorThumbnailUrl,
  makeEditorImage,
  type PictureRules,
} from './editor-image.ts';

/** A server picture as a product picture names it: its address, thumbnail and size in pixels. */
export interface SitePictureRef {
  url: string;
  smallUrl: string;
  width: number;
  height: number;
}

const CATEGORY_GONE = '帮助分类不存在或已被删除';
const ARTICLE_GONE = '帮助文章不存在或已被删除';

const iso = (ms: number) => new Date(ms).toISOString();

function toArticleRef(row: AdminArticleRow) {
  return {
    Id: row.id,
    CategoryId: row.category_id,
    Title: row.title,
    SerialNumber: row.serial_number,
    IsPublished: row.is_published === 1,
    UpdatedAt: iso(row.updated_at),
    Revision: row.revision,
  };
}

function toEditorImage(row: SiteImageRow): EditorImage {
  return {
    Id: row.id,
    Url: editorImageUrl(row.sha256),
    Thumbnail: editorThumbnailUrl(row.sha256),
    OrgFileName: row.original_name,
    Width: row.width,
    Height: row.height,
    FileSize: row.size_bytes,
    UploadType: row.upload_type,
    CreatedAt: iso(row.created_at),
  };
}

/** A picture as it came in a multipart upload. */
export interface EditorImageUpload {
  bytes: Buffer;
  fileName: string | undefined;
  /** Who uploads it (a staff member's id). */
  staffId: number;
}

/** Tells which products the merchant's current catalogue sells (its from prices, by id). */
const NO_PRODUCTS: SoldProducts = async () => new Map();

export class SiteContentAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock; soldProducts?: SoldProducts }) {}

  /** HelpCentre: every category with its article count and every article, without bodies. */
  async helpCentre(merchantId: number): Promise<StaffHelpCentre> {
    const [categories, articles] = await Promise.all([
      listAdminCategories(this.deps.db, merchantId),
      listAdminArticles(this.deps.db, merchantId),
    ]);
    return {
      Categories: categories.map((row) => ({
        Id: row.id,
        Key: row.code ?? '',
        Title: row.title,
        SerialNumber: row.serial_number,
        ArticleCount: row.article_count,
        Revision: row.revision,
      })),
      Articles: articles.map(toArticleRef),
    };
  }

  /** HelpArticleDetail: one of the merchant's articles, published or not, with its body. */
  async article(merchantId: number, id: number): Promise<StaffHelpArticle> {
    const row = await findAdminArticle(this.deps.db, merchantId, id);
    if (!row) throw new AppError('ContentNotFound', ARTICLE_GONE);
    return { ...toArticleRef(row), Html: sanitizeRichText(row.html) };
  }

  /** SaveHelpCategory: a new category, or a change of one read at `Revision`. */
  async saveCategory(merchantId: number, body: SaveHelpCategoryBody): Promise<StaffHelpCategory> {
    const { db } = this.deps;
    const now = this.deps.clock.now();
    let id = body.Id;
    if (id === undefined) {
      id = await insertHelpCategory(db, {
        merchant_id: merchantId,
        code: null,
        title: body.Title,
        serial_number: body.SerialNumber,
        created_at: now,
        updated_at: now,
      });
    } else {
      const revision = requireRevision(body.Revision);
      const saved = await updateCategoryAt(db, merchantId, id, revision, {
        title: body.Title,
        serial_number: body.SerialNumber,
        updated_at: now,
      });
      if (!saved) await this.refuseCategory(merchantId, id);
    }
    const row = (await findAdminCategory(db, merchantId, id))!;
    return {
      Id: row.id,
      Key: row.code ?? '',
      Title: row.title,
      SerialNumber: row.serial_number,
      ArticleCount: await countCategoryArticles(db, merchantId, row.id),
      Revision: row.revision,
    };
  }

  /** DeleteHelpCategory: an empty category without a fixed key, read at `Revision`. */
  async deleteCategory(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    const { db } = this.deps;
    if (await deleteEmptyCategoryAt(db, merchantId, body.Id, body.Revision)) return { Deleted: 1 };
    const row = await findAdminCategory(db, merchantId, body.Id);
    if (!row) throw new AppError('ContentNotFound', CATEGORY_GONE);
    if (row.code !== null) {
      throw new AppError(
        'ValidationFailed',
        `「${row.title}」是网站固定使用的分类（如“关于我们”页面），不能删除`,
      );
    }
    if (row.revision !== body.Revision) throw new AppError('EditConflict');
    const count = await countCategoryArticles(db, merchantId, row.id);
    throw new AppError(
      'ValidationFailed',
      `分类「${row.title}」下还有 ${count} 篇文章，请先删除或移到其他分类`,
    );
  }

  /**
   * SaveHelpArticle: a new article, or a change of one read at `Revision`. The body is sanitised
   * (scripts, event handlers, styles and unsafe addresses removed) before it is stored.
   */
  async saveArticle(merchantId: number, body: SaveHelpArticleBody): Promise<StaffHelpArticle> {
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const html = sanitizeRichText(body.Html);
    const text = richTextToPlain(html);
    if (!text.trim() && !html.includes('<img')) {
      throw new AppError('ValidationFailed', '请填写正文（正文为空，或只有会被去掉的内容）');
    }
    if (body.Id !== undefined && !(await findAdminArticle(db, merchantId, body.Id))) {
      throw new AppError('ContentNotFound', ARTICLE_GONE);
    }
    if (!(await findAdminCategory(db, merchantId, body.CategoryId))) {
      throw new AppError('ValidationFailed', `${CATEGORY_GONE}，请重新选择分类`);
    }
    const fields = {
      category_id: body.CategoryId,
      title: body.Title,
      html,
      body_text: text,
      serial_number: body.SerialNumber,
      is_published: body.IsPublished ? 1 : 0,
      updated_at: now,
    };
    let id = body.Id;
    if (id === undefined) {
      id = await insertHelpArticle(db, { ...fields, merchant_id: merchantId, created_at: now });
    } else {
      const revision = requireRevision(body.Revision);
      if (!(await updateArticleAt(db, merchantId, id, revision, fields))) {
        const row = await findAdminArticle(db, merchantId, id);
        throw row ? new AppError('EditConflict') : new AppError('ContentNotFound', ARTICLE_GONE);
      }
    }
    return this.article(merchantId, id);
  }

  /** DeleteHelpArticle: an article read at `Revision`. */
  async deleteArticle(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    if (await deleteArticleAt(this.deps.db, merchantId, body.Id, body.Revision)) return { Deleted: 1 };
    const row = await findAdminArticle(this.deps.db, merchantId, body.Id);
    throw row ? new AppError('EditConflict') : new AppError('ContentNotFound', ARTICLE_GONE);
  }

  /**
   * UploadProductImage: checks and stores a product picture (JPG, PNG, WebP or GIF) among the
   * server pictures, as the editor's are (upload type 16), for SaveProductImages to name.
   */
  async uploadProductImage(merchantId: number, upload: EditorImageUpload): Promise<EditorImage> {
    return this.uploadImage(merchantId, upload, PRODUCT_PICTURE_RULES);
  }

  /** A server picture of the merchant as a product picture names it; undefined when not theirs. */
  async findPicture(merchantId: number, imageId: number): Promise<SitePictureRef | undefined> {
    const row = await findSiteImage(this.deps.db, merchantId, imageId);
    return row
      ? {
          url: editorImageUrl(row.sha256),
          smallUrl: editorThumbnailUrl(row.sha256),
          width: row.width,
          height: row.height,
        }
      : undefined;
  }

  /** UploadEditorImage: checks and stores a picture of the editor (upload type 16). */
  async uploadImage(
    merchantId: number,
    upload: EditorImageUpload,
    rules: PictureRules = EDITOR_PICTURE_RULES,
  ): Promise<EditorImage> {
    const files = await makeEditorImage(upload.bytes, rules);
    const row = await insertSiteImage(this.deps.db, {
      merchant_id: merchantId,
      sha256: files.sha256,
      upload_type: UploadType.Editor,
      original_name: cleanOriginalName(upload.fileName),
      image: files.webp,
      thumbnail: files.thumbnail,
      width: files.width,
      height: files.height,
      size_bytes: files.webp.length,
      created_by: upload.staffId,
      created_at: this.deps.clock.now(),
    });
    return toEditorImage(row);
  }

  /** QueryEditorImages: a page of the merchant's pictures, newest first. */
  async images(merchantId: number, body: QueryEditorImagesBody): Promise<EditorImagePage> {
    const total = await countSiteImages(this.deps.db, merchantId);
    const offset = (body.pageindex - 1) * body.limit;
    const rows =
      offset < total ? await listSiteImages(this.deps.db, merchantId, { offset, limit: body.limit }) : [];
    return {
      List: rows.map(toEditorImage),
      PageIndex: body.pageindex,
      Limit: body.limit,
      PageCount: Math.ceil(total / body.limit),
      TotalCount: total,
    };
  }

  /** DeleteEditorImages: the merchant's pictures among `ids` (another merchant's are not found). */
  async deleteImages(merchantId: number, ids: readonly number[]): Promise<{ Deleted: number }> {
    const deleted = await deleteSiteImages(this.deps.db, merchantId, [...new Set(ids)]);
    if (deleted === 0) throw new AppError('ContentNotFound', '图片不存在或已被删除');
    return { Deleted: deleted };
  }

  /** The bytes served at /api/site-images/<sha256>(.thumb).webp, on the merchant's host only. */
  readImage(merchantId: number, sha256: string, variant: 'image' | 'thumbnail'): Promise<Buffer | undefined> {
    return readSiteImageBytes(this.deps.db, merchantId, sha256, variant);
  }

  /** QueryAds: every ad (of one position) with its state by the server clock. */
  ads(merchantId: number, body: StaffQueryAdsBody): Promise<{ List: StaffAd[] }> {
    return queryAds(this.deps.db, merchantId, body, this.deps.clock.now());
  }

  /** SaveAd: a new ad or a change of one read at `Revision`. */
  saveAd(merchantId: number, body: SaveAdBody): Promise<StaffAd> {
    return saveAd(this.deps.db, merchantId, body, this.deps.clock.now());
  }

  /** DeleteAd: an ad read at `Revision`. */
  deleteAd(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteAd(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** QueryMenuEntries: every entry of a position, every version. */
  menuEntries(merchantId: number, body: StaffQueryMenusBody): Promise<{ List: StaffMenuEntry[] }> {
    return queryMenuEntries(this.deps.db, merchantId, body);
  }

  /** SaveMenuEntry: a new entry or a change of one read at `Revision`. */
  saveMenuEntry(merchantId: number, body: SaveMenuEntryBody): Promise<StaffMenuEntry> {
    return saveMenuEntry(this.deps.db, merchantId, body, this.deps.clock.now());
  }

  /** DeleteMenuEntry: an entry without children read at `Revision`. */
  deleteMenuEntry(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteMenuEntry(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** QueryHomeGroups: every home group of every version with every item. */
  homeGroups(merchantId: number): Promise<{ List: StaffHomeGroup[] }> {
    return queryHomeGroups(this.deps.db, merchantId);
  }

  /** One home group (for the 操作日志's before), or undefined. */
  homeGroup(merchantId: number, id: number): Promise<StaffHomeGroup | undefined> {
    return findStaffHomeGroup(this.deps.db, merchantId, id);
  }

  /** One home item (for the 操作日志's before), or undefined. */
  homeItem(merchantId: number, id: number): Promise<StaffHomeItem | undefined> {
    return findStaffHomeItem(this.deps.db, merchantId, id);
  }

  /** SaveHomeGroup: a new group or a change of one read at `Revision`. */
  saveHomeGroup(merchantId: number, body: SaveHomeGroupBody): Promise<StaffHomeGroup> {
    return saveHomeGroup(this.deps.db, merchantId, body, this.deps.clock.now());
  }

  /** DeleteHomeGroup: a group with its items, read at `Revision`. */
  deleteHomeGroup(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteHomeGroup(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** SaveHomeItem: a new item or a change of one read at `Revision`. */
  saveHomeItem(merchantId: number, body: SaveHomeItemBody): Promise<StaffHomeItem> {
    const sold = this.deps.soldProducts ?? NO_PRODUCTS;
    return saveHomeItem(this.deps.db, merchantId, body, this.deps.clock.now(), sold);
  }

  /** DeleteHomeItem: an item read at `Revision`. */
  deleteHomeItem(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteHomeItem(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** TemplateCentre: every template category and template, with files. */
  templateCentre(merchantId: number): Promise<StaffTemplateCentre> {
    return templateCentre(this.deps.db, merchantId);
  }

  /** One template category (for the 操作日志's before), or undefined. */
  templateCategory(merchantId: number, id: number): Promise<StaffTemplateCategory | undefined> {
    return findStaffTemplateCategory(this.deps.db, merchantId, id);
  }

  /** One template (for the 操作日志's before), or undefined. */
  template(merchantId: number, id: number): Promise<StaffTemplate | undefined> {
    return findStaffTemplate(this.deps.db, merchantId, id);
  }

  /** SaveTemplateCategory: a new category or a change of one read at `Revision`. */
  saveTemplateCategory(merchantId: number, body: SaveTemplateCategoryBody): Promise<StaffTemplateCategory> {
    return saveTemplateCategory(this.deps.db, merchantId, body, this.deps.clock.now());
  }

  /** DeleteTemplateCategory: an empty category read at `Revision`. */
  deleteTemplateCategory(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteTemplateCategory(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** SaveTemplate: a new template or a change of one read at `Revision`. */
  saveTemplate(merchantId: number, body: SaveTemplateBody): Promise<StaffTemplate> {
    const sold = this.deps.soldProducts ?? NO_PRODUCTS;
    return saveTemplate(this.deps.db, merchantId, body, this.deps.clock.now(), sold);
  }

  /** DeleteTemplate: a template with its files, read at `Revision`. */
  deleteTemplate(merchantId: number, body: DeleteHelpEntryBody): Promise<{ Deleted: number }> {
    return deleteTemplate(this.deps.db, merchantId, body.Id, body.Revision);
  }

  /** UploadTemplateFile: checks and keeps a template file (PDF, AI, CDR, PSD). */
  uploadTemplateFile(merchantId: number, upload: EditorImageUpload): Promise<TemplateUpload> {
    return uploadTemplateFile(this.deps.db, merchantId, upload, this.deps.clock.now());
  }

  /** The bytes served at /api/template-files/<sha256>.<ext>, on the merchant's host only. */
  readTemplateFile(merchantId: number, sha256: string) {
    return readTemplateUpload(this.deps.db, merchantId, sha256);
  }

  private async refuseCategory(merchantId: number, id: number): Promise<never> {
    const row = await findAdminCategory(this.deps.db, merchantId, id);
    throw row ? new AppError('EditConflict') : new AppError('ContentNotFound', CATEGORY_GONE);
  }
}

function requireRevision(revision: number | undefined): number {
  if (revision === undefined) throw new AppError('ValidationFailed', '请带上读取时的版本号（Revision）');
  return revision;
}
