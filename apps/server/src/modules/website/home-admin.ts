/**
 * The console's editing of the home page (docs/website.md, "Editing from the console"): its
 * groups, per interface version or shared by every version (version null), and the items in each
 * group — products (product, picture, link; the 起价 is the price engine's), notices (title, body
 * or link, publishing time), pictures of the carousel, category cells and rich text. A change
 * names the revision it was read at; QueryHomeLayout reads the tables on every call, so a save
 * shows on the customer site at once.
 */
import {
  HOME_GROUP_KINDS,
  HOME_GROUP_KIND_LABELS,
  type HomeGroupKind,
  type SaveHomeGroupBody,
  type SaveHomeItemBody,
  type StaffHomeGroup,
  type StaffHomeItem,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toSafeImage } from '../../lib/safe-url.ts';
import { checkedLink } from './admin-links.ts';
import { findSiteImage } from './content-admin.repository.ts';
import { editorImageUrl } from './editor-image.ts';
import {
  deleteHomeGroupAt,
  deleteHomeItemAt,
  findAdminHomeGroup,
  findAdminHomeItem,
  insertHomeItemInGroup,
  listAllHomeGroups,
  listAllHomeItems,
  updateHomeGroupAt,
  updateHomeItemAt,
  type HomeItemChange,
} from './layout-admin.repository.ts';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';
import { toLink } from './website.mapper.ts';
import { insertHomeGroup, type HomeGroupRow, type HomeItemRow } from './website.repository.ts';

const GROUP_GONE = '首页分组不存在或已被删除';
const ITEM_GONE = '首页内容不存在或已被删除';
/** The notice list shows at most this much of a notice's text (the 说明 limit of SaveHomeItem). */
const NOTICE_SUMMARY_MAX = 300;

/** Tells whether the merchant's current catalogue sells a product (the products module). */
export type SoldProducts = (
  merchantId: number,
  productIds: readonly number[],
) => Promise<Map<number, unknown>>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function kindOf(row: HomeGroupRow): HomeGroupKind {
  return HOME_GROUP_KINDS.find((kind) => kind === row.kind) ?? 'rich_text';
}

export function toStaffHomeItem(row: HomeItemRow): StaffHomeItem {
  return {
    Id: row.id,
    GroupId: row.group_id,
    Title: row.title,
    Summary: row.summary,
    Image: toSafeImage({
      url: row.image_url,
      smallUrl: row.image_small_url,
      width: row.image_width,
      height: row.image_height,
      alt: row.image_alt || row.title,
    }),
    Link: toLink(row.link_type, row.link_target),
    ProductId: row.product_id,
    Html: row.html ? sanitizeRichText(row.html) : '',
    PublishedAt: iso(row.published_at),
    SerialNumber: row.serial_number,
    IsActive: row.is_active === 1,
    Revision: row.revision,
  };
}

export function toStaffHomeGroup(row: HomeGroupRow, items: readonly HomeItemRow[]): StaffHomeGroup {
  return {
    Id: row.id,
    Version: row.version,
    Kind: kindOf(row),
    Title: row.title,
    Subtitle: row.subtitle,
    SerialNumber: row.serial_number,
    IsActive: row.is_active === 1,
    Revision: row.revision,
    Items: items.filter((item) => item.group_id === row.id).map(toStaffHomeItem),
  };
}

function requireRevision(revision: number | undefined): number {
  if (revision === undefined) throw new AppError('ValidationFailed', '请带上读取时的版本号（Revision）');
  return revision;
}

/** QueryHomeGroups: every group of every version with every item. */
export async function queryHomeGroups(db: Db, merchantId: number): Promise<{ List: StaffHomeGroup[] }> {
  const [groups, items] = await Promise.all([
    listAllHomeGroups(db, merchantId),
    listAllHomeItems(db, merchantId),
  ]);
  return { List: groups.map((group) => toStaffHomeGroup(group, items)) };
}

/** One group as the console shows it, or undefined when it is not the merchant's. */
export async function findStaffHomeGroup(db: Db, merchantId: number, id: number) {
  const row = await findAdminHomeGroup(db, merchantId, id);
  return row ? toStaffHomeGroup(row, await listAllHomeItems(db, merchantId, id)) : undefined;
}

/** One item as the console shows it, or undefined when it is not the merchant's. */
export async function findStaffHomeItem(db: Db, merchantId: number, id: number) {
  const row = await findAdminHomeItem(db, merchantId, id);
  return row ? toStaffHomeItem(row) : undefined;
}

/** SaveHomeGroup: a new group, or a change of one read at `Revision` (its kind stays). */
export async function saveHomeGroup(
  db: Db,
  merchantId: number,
  body: SaveHomeGroupBody,
  now: number,
): Promise<StaffHomeGroup> {
  const existing = body.Id === undefined ? undefined : await findAdminHomeGroup(db, merchantId, body.Id);
  if (body.Id !== undefined && !existing) throw new AppError('ContentNotFound', GROUP_GONE);
  if (existing && existing.kind !== body.Kind) {
    throw new AppError(
      'ValidationFailed',
      `分组类型不能修改（「${existing.title}」是${HOME_GROUP_KIND_LABELS[kindOf(existing)]}分组），请新建一个分组`,
    );
  }
  const change = {
    version: body.Version,
    kind: body.Kind,
    title: body.Title,
    subtitle: body.Subtitle,
    serial_number: body.SerialNumber,
    is_active: body.IsActive ? 1 : 0,
    updated_at: now,
  };
  let id = body.Id;
  if (id === undefined) {
    id = await insertHomeGroup(db, { ...change, merchant_id: merchantId, created_at: now });
  } else if (!(await updateHomeGroupAt(db, merchantId, id, requireRevision(body.Revision), change))) {
    throw (await findAdminHomeGroup(db, merchantId, id))
      ? new AppError('EditConflict')
      : new AppError('ContentNotFound', GROUP_GONE);
  }
  return (await findStaffHomeGroup(db, merchantId, id))!;
}

/** DeleteHomeGroup: a group read at `Revision`, with its items. */
export async function deleteHomeGroup(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteHomeGroupAt(db, merchantId, id, revision)) return { Deleted: 1 };
  throw (await findAdminHomeGroup(db, merchantId, id))
    ? new AppError('EditConflict')
    : new AppError('ContentNotFound', GROUP_GONE);
}

/** The columns of an item's picture: a server picture's, none (null), or unchanged (undefined). */
async function pictureColumns(
  db: Db,
  merchantId: number,
  imageId: number | null | undefined,
  alt: string,
): Promise<HomeItemChange> {
  if (imageId === undefined) return { image_alt: alt };
  if (imageId === null) {
    return { image_url: null, image_small_url: null, image_width: null, image_height: null, image_alt: '' };
  }
  const image = await findSiteImage(db, merchantId, imageId);
  if (!image) throw new AppError('ValidationFailed', '所选的图片不存在或已被删除，请重新选择');
  const url = editorImageUrl(image.sha256);
  return {
    image_url: url,
    image_small_url: url,
    image_width: image.width,
    image_height: image.height,
    image_alt: alt,
  };
}

/**
 * SaveHomeItem: a new item of a group, or a change of one read at `Revision`. What an item needs
 * follows its group's kind: a product of the current catalogue in 热销商品 and 新品, a picture in
 * 轮播, a body (or a link) for a 公告, content for 自定义图文.
 */
export async function saveHomeItem(
  db: Db,
  merchantId: number,
  body: SaveHomeItemBody,
  now: number,
  soldProducts: SoldProducts,
): Promise<StaffHomeItem> {
  const existing = body.Id === undefined ? undefined : await findAdminHomeItem(db, merchantId, body.Id);
  if (body.Id !== undefined && !existing) throw new AppError('ContentNotFound', ITEM_GONE);
  const group = await findAdminHomeGroup(db, merchantId, body.GroupId);
  if (!group) throw new AppError('ValidationFailed', `${GROUP_GONE}，请刷新后重新选择`);
  const kind = kindOf(group);
  if (existing && existing.group_id !== group.id) {
    const from = await findAdminHomeGroup(db, merchantId, existing.group_id);
    if (from && from.kind !== group.kind) {
      throw new AppError('ValidationFailed', `只能移到同类型的分组（${HOME_GROUP_KIND_LABELS[kind]}）`);
    }
  }
  const isProduct = kind === 'hot_products' || kind === 'new_products';
  let productId: number | null = null;
  if (isProduct) {
    if (body.ProductId === null) throw new AppError('ValidationFailed', '请选择商品（商品编号）');
    if (!(await soldProducts(merchantId, [body.ProductId])).has(body.ProductId)) {
      throw new AppError('ValidationFailed', `商品（${body.ProductId}）不在当前商品目录中，请选择在售的商品`);
    }
    productId = body.ProductId;
  }
  const link = await checkedLink(
    db,
    merchantId,
    isProduct && body.Link.Type === 'none' ? { Type: 'product', Target: String(productId) } : body.Link,
  );
  let html = '';
  let summary = body.Summary;
  if (kind === 'rich_text') {
    html = sanitizeRichText(body.Html);
    if (!richTextToPlain(html).trim() && !html.includes('<img')) {
      throw new AppError('ValidationFailed', '请填写图文内容（内容为空，或只有会被去掉的内容）');
    }
  }
  if (kind === 'notices') {
    // A notice's body comes from the rich-text editor; the home page's list shows its text.
    html = body.Html ? sanitizeRichText(body.Html) : '';
    const plain = richTextToPlain(html);
    if (plain || html.includes('<img')) summary = [...plain].slice(0, NOTICE_SUMMARY_MAX).join('');
    else html = '';
    if (!summary && !html && link.Type === 'none') {
      throw new AppError('ValidationFailed', '请填写公告正文，或设置公告链接');
    }
  }
  const picture = await pictureColumns(db, merchantId, body.ImageId, body.Title);
  const hasPicture =
    picture.image_url !== undefined ? picture.image_url !== null : Boolean(existing?.image_url);
  if (kind === 'carousel' && !hasPicture) throw new AppError('ValidationFailed', '请选择轮播图片');
  const publishedAt =
    kind !== 'notices'
      ? null
      : body.PublishedAt
        ? Date.parse(body.PublishedAt)
        : (existing?.published_at ?? now);
  const change: HomeItemChange = {
    group_id: group.id,
    title: body.Title,
    summary,
    ...picture,
    link_type: link.Type,
    link_target: link.Target,
    product_id: productId,
    html,
    published_at: publishedAt,
    serial_number: body.SerialNumber,
    is_active: body.IsActive ? 1 : 0,
    updated_at: now,
  };
  let id = body.Id;
  if (id === undefined) {
    const inserted = await insertHomeItemInGroup(db, {
      ...change,
      title: body.Title,
      group_id: group.id,
      merchant_id: merchantId,
      created_at: now,
      updated_at: now,
    });
    if (inserted === null) throw new AppError('ValidationFailed', `${GROUP_GONE}，请刷新后重新选择`);
    id = inserted;
  } else if (!(await updateHomeItemAt(db, merchantId, id, requireRevision(body.Revision), change))) {
    throw (await findAdminHomeItem(db, merchantId, id))
      ? new AppError('EditConflict')
      : new AppError('ContentNotFound', ITEM_GONE);
  }
  return toStaffHomeItem((await findAdminHomeItem(db, merchantId, id))!);
}

/** DeleteHomeItem: an item read at `Revision`. */
export async function deleteHomeItem(db: Db, merchantId: number, id: number, revision: number) {
  if (await deleteHomeItemAt(db, merchantId, id, revision)) return { Deleted: 1 };
  throw (await findAdminHomeItem(db, merchantId, id))
    ? new AppError('EditConflict')
    : new AppError('ContentNotFound', ITEM_GONE);
}
