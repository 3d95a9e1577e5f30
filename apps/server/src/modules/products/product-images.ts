/**
 * Product pictures (docs/catalog.md, "Pictures and 起价"): one picture per product of a merchant,
 * read at the time of each call (catalogue, quote page, cart, checkout and order lines), so a
 * picture changed later shows everywhere. A product without one has none: never a made-up one.
 */
import type { ContentImage } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { toSafeImage } from '../../lib/safe-url.ts';
import {
  findProductImages,
  insertMissingProductImages,
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
   * The merchant's pictures by product id: of `productIds`, or of every product when omitted.
   * Products without a (loadable) picture are not in the map.
   */
  async of(merchantId: number, productIds?: readonly number[]): Promise<Map<number, ContentImage>> {
    const unique = productIds ? [...new Set(productIds)] : undefined;
    const pictures = new Map<number, ContentImage>();
    for (const row of await findProductImages(this.db, merchantId, unique)) {
      const image = toProductImage(row);
      if (image) pictures.set(row.product_id, image);
    }
    return pictures;
  }
}

/**
 * Gives the merchant's products in `pictures` their picture where they have none yet (a product
 * that has one keeps it). Returns how many were stored.
 */
export async function addMissingProductImages(
  db: Db,
  merchantId: number,
  pictures: readonly { productId: number; image: ContentImage }[],
  now: number,
): Promise<number> {
  return insertMissingProductImages(
    db,
    pictures.map(({ productId, image }) => ({
      merchant_id: merchantId,
      product_id: productId,
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
