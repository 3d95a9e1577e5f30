/**
 * The demo merchants' product pictures (docs/catalog.md, "Pictures and 起价"): every product of
 * their demo catalogues gets the site picture demo-site.ts names for it (apps/server/assets/site,
 * drawn by scripts/generate-site-images.ts), its title as the alternative text.
 */
import { DEMO_MERCHANT_CODES, getDemoCatalog } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { addMissingProductImages } from '../products/index.ts';
import { DEMO_SITES } from './demo-site.ts';
import { siteImage } from './site-assets.ts';

/**
 * Gives each demo product of each demo merchant that exists its picture where it has none yet,
 * so seeding an existing database again fills in what is missing. Returns how many were stored.
 */
export async function seedDemoProductImages(db: Db, now: number): Promise<number> {
  let stored = 0;
  for (const code of DEMO_MERCHANT_CODES) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!merchant) continue;
    const catalog = getDemoCatalog(code);
    const pictures = DEMO_SITES[code](catalog).productImages;
    const images = catalog.Products.map((product) => {
      const key = pictures[product.Id];
      if (!key) throw new Error(`demo product ${product.Id} of ${code} has no picture in demo-site.ts`);
      return { productId: product.Id, image: siteImage(key, product.Title) };
    });
    stored += await addMissingProductImages(db, merchant.id, images, now);
  }
  return stored;
}
