/**
 * The picture shape every call that shows one uses: site content (ads, home items, template
 * previews) and products (catalogue, quote page, cart, checkout and order lines).
 */
import { z } from 'zod';

/** An image the site shows, with its intrinsic size (so the page reserves its box) and a smaller rendition. */
export const contentImageSchema = z.object({
  Url: z.string().describe('图片地址（WebP）'),
  SmallUrl: z.string().describe('小图地址（手机与列表用）'),
  Width: z.number().int().describe('原图宽（像素）'),
  Height: z.number().int().describe('原图高（像素）'),
  Alt: z.string().describe('图片说明'),
});
export type ContentImage = z.infer<typeof contentImageSchema>;
