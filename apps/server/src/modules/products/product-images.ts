/**
 * Product pictures (docs/catalog.md, "Pictures and 起价"): each product of a merchant has an
 * ordered list of pictures, the first its main picture, read at the time of each call (catalogue,
 * quote page, cart, checkout and order lines), so a picture changed later shows everywhere at
 * once. Pictures are live product attributes, kept apart from the versioned catalogue file. A
 * product without one has none: never a made-up one.
 */
import type {
  ContentImage,
  ProductImageSet,
  SaveProductImagesBody,
  StaffProductImage,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toSafeImage } from '../../lib/safe-url.ts';
import {
  claimProductImageRevision,
  findMainProductImages,
  findProductImageRevision,
  findProductImages,
  insertMissingProductImages,
  replaceProductImages,
  type ProductImageRow,
} from './product-images.repository.ts';

/** A stored picture as the wire shows it; null when its address is not one a page may load. */
function toProductImage(row: ProductImageRow): ContentImage | null {
  return toSafeImage({
    url: row.image_url,
    smallUrl: row.image_small_url,
    width: row.image_width,
    height: row.image_height,
    alt: row.image_alt,
  });
}

export class ProductImages {
  constructor(private readonly db: Db) {}

  /**
   * The merchant's main pictures by product id: of `productIds`, or of every product when
   * omitted. Products without a (loadable) main picture are not in the map.
   */
  async of(merchantId: number, productIds?: readonly number[]): Promise<Map<number, ContentImage>> {
    const unique = productIds ? [...new Set(productIds)] : undefined;
    const pictures = new Map<number, ContentImage>();
    for (const row of await findMainProductImages(this.db, merchantId, unique)) {
      const image = toProductImage(row);
      if (image) pictures.set(row.product_id, image);
    }
    return pictures;
  }

  /** Every (loadable) picture of one product, in order: the product page's gallery. */
  async gallery(merchantId: number, productId: number): Promise<ContentImage[]> {
    const rows = await findProductImages(this.db, merchantId, [productId]);
    return rows.map(toProductImage).filter((image): image is ContentImage => image !== null);
  }
}

/**
 * A server picture (`site_images`) a product list may name: its address, thumbnail and size, or
 * undefined when it is not the merchant's.
 */
export interface SitePicture {
  url: string;
  smallUrl: string;
  width: number;
  height: number;
}

export type FindSitePicture = (merchantId: number, imageId: number) => Promise<SitePicture | undefined>;

function toStaffImage(row: ProductImageRow): StaffProductImage {
  return {
    Url: row.image_url,
    SmallUrl: row.image_small_url,
    Width: row.image_width,
    Height: row.image_height,
    Alt: row.image_alt,
    ImageId: row.site_image_id,
  };
}

/** ProductImages: one product's pictures as the console edits them, and their revision. */
export async function readProductImageSet(
  db: Db,
  merchantId: number,
  productId: number,
): Promise<ProductImageSet> {
  const [rows, revision] = await Promise.all([
    findProductImages(db, merchantId, [productId]),
    findProductImageRevision(db, merchantId, productId),
  ]);
  return { ProductId: productId, Revision: revision, Images: rows.map(toStaffImage) };
}

/**
 * SaveProductImages: the product's whole list, in order. Each entry is a server picture of the
 * merchant (by id) or one of the product's current pictures (by address); the list read at
 * `Revision` is replaced in one transaction, or nothing changes: another save in between answers
 * EditConflict. `alt` is the alternative text the pictures get (the product's name).
 */
export async function saveProductImageSet(
  db: Db,
  findSitePicture: FindSitePicture,
  merchantId: number,
  body: SaveProductImagesBody,
  alt: string,
  now: number,
): Promise<ProductImageSet> {
  const current = await findProductImages(db, merchantId, [body.ProductId]);
  const seen = new Set<string>();
  const rows: Parameters<typeof replaceProductImages>[3][number][] = [];
  for (const [index, entry] of body.Images.entries()) {
    const place = `第 ${index + 1} 张图片`;
    if (entry.ImageId !== undefined) {
      const picture = await findSitePicture(merchantId, entry.ImageId);
      if (!picture) {
        throw new AppError(
          'ValidationFailed',
          `${place}（编号 ${entry.ImageId}）不存在或已被删除，请重新选择`,
        );
      }
      if (seen.has(picture.url)) throw new AppError('ValidationFailed', `${place}与前面的图片重复`);
      seen.add(picture.url);
      rows.push({
        site_image_id: entry.ImageId,
        image_url: picture.url,
        image_small_url: picture.smallUrl,
        image_width: picture.width,
        image_height: picture.height,
        image_alt: alt,
        created_at: now,
        updated_at: now,
      });
    } else {
      const kept = current.find((row) => row.image_url === entry.Url);
      if (!kept) {
        throw new AppError('ValidationFailed', `${place}不是这个商品现有的图片，请上传或从服务器图片中选择`);
      }
      if (seen.has(kept.image_url)) throw new AppError('ValidationFailed', `${place}与前面的图片重复`);
      seen.add(kept.image_url);
      rows.push({
        site_image_id: kept.site_image_id,
        image_url: kept.image_url,
        image_small_url: kept.image_small_url,
        image_width: kept.image_width,
        image_height: kept.image_height,
        image_alt: kept.image_alt || alt,
        created_at: kept.created_at,
        updated_at: now,
      });
    }
  }
  const saved = await db.transaction().execute(async (trx) => {
    if (!(await claimProductImageRevision(trx, merchantId, body.ProductId, body.Revision, now))) return false;
    await replaceProductImages(trx, merchantId, body.ProductId, rows);
    return true;
  });
  if (!saved) throw new AppError('EditConflict');
  return readProductImageSet(db, merchantId, body.ProductId);
}

/**
 * Gives the merchant's products in `pictures` their picture where they have none yet (a product
 * that has one, or whose pictures a member has edited in the console, keeps what it has).
 * Returns how many were stored.
 */
export async function addMissingProductImages(
  db: Db,
  merchantId: number,
  pictures: readonly { productId: number; image: ContentImage }[],
  now: number,
): Promise<number> {
  const edited = new Set(
    (
      await db
        .selectFrom('product_image_sets')
        .select('product_id')
        .where('merchant_id', '=', merchantId)
        .execute()
    ).map((row) => row.product_id),
  );
  return insertMissingProductImages(
    db,
    pictures
      .filter(({ productId }) => !edited.has(productId))
      .map(({ productId, image }) => ({
        merchant_id: merchantId,
        product_id: productId,
        site_image_id: null,
        image_url: image.Url,
        image_small_url: image.SmallUrl,
        image_width: image.Width,
        image_height: image.Height,
        image_alt: image.Alt,
        created_at: now,
        updated_at: now,
      })),
  );
}
