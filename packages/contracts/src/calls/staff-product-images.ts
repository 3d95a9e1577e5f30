/**
 * The product pictures of the console's 商品与价格 (staff calls ProductImages, SaveProductImages,
 * UploadProductImage; docs/catalog.md, "Pictures and 起价"): each product's ordered pictures, the
 * first its main picture. Pictures are live product attributes, not part of a catalogue version:
 * a save shows on the customer site at once, without 发布新版本.
 */
import { z } from 'zod';
import { contentImageSchema } from './content-image.ts';

/** The most pictures one product has. */
export const PRODUCT_IMAGES_MAX = 12;

/** The picture types a product picture upload takes (checked by the file's content). */
export const PRODUCT_IMAGE_TYPES = ['JPG', 'PNG', 'WebP', 'GIF'] as const;

const productIdSchema = z
  .number({ error: '请带上商品编号 ProductId' })
  .int({ error: '商品编号 ProductId 无效' })
  .min(1, { error: '商品编号 ProductId 无效' })
  .max(2_147_483_647, { error: '商品编号 ProductId 无效' })
  .describe('商品编号（目录文件中的 Id，可以是尚未发布的新商品）');

/** One of a product's pictures as the console lists it. */
export const staffProductImageSchema = contentImageSchema.extend({
  ImageId: z
    .number()
    .int()
    .nullable()
    .describe('服务器图片编号（上传的图片）；初始数据等其他来源的图片为 null'),
});
export type StaffProductImage = z.infer<typeof staffProductImageSchema>;

/** POST /api/staff/ProductImages and SaveProductImages — one product's pictures in order. */
export const productImageSetSchema = z.object({
  ProductId: z.number().int(),
  Revision: z.number().int().describe('图片列表的版本号；保存时原样带回'),
  Images: z.array(staffProductImageSchema).describe('图片，按顺序；第一张为主图（列表显示）'),
});
export type ProductImageSet = z.infer<typeof productImageSetSchema>;

/** POST /api/staff/ProductImages */
export const productImagesBodySchema = z.object({ ProductId: productIdSchema });
export type ProductImagesBody = z.infer<typeof productImagesBodySchema>;

/** One entry of a saved list: a server picture by its id, or one of the product's own by address. */
const productImageEntrySchema = z
  .object({
    ImageId: z
      .number({ error: '图片编号 ImageId 无效' })
      .int({ error: '图片编号 ImageId 无效' })
      .min(1, { error: '图片编号 ImageId 无效' })
      .optional()
      .describe('服务器图片编号（UploadProductImage 或 QueryEditorImages 的 Id）'),
    Url: z
      .string({ error: '图片地址 Url 无效' })
      .min(1, { error: '图片地址 Url 无效' })
      .max(500, { error: '图片地址 Url 不能超过 500 个字符' })
      .optional()
      .describe('保留商品现有的一张图片（其 Url）'),
  })
  .refine((entry) => (entry.ImageId === undefined) !== (entry.Url === undefined), {
    error: '每张图片须给出 ImageId 或 Url 之一',
  });

/** POST /api/staff/SaveProductImages — the product's whole picture list, in order. */
export const saveProductImagesBodySchema = z.object({
  ProductId: productIdSchema,
  Revision: z
    .number({ error: '请带上读取时的版本号（Revision）' })
    .int({ error: '版本号 Revision 无效' })
    .min(0, { error: '版本号 Revision 无效' })
    .describe('读取时的版本号（ProductImages 的 Revision）；其间有人保存过则拒绝'),
  Alt: z
    .string({ error: '图片说明 Alt 无效' })
    .max(200, { error: '图片说明 Alt 不能超过 200 个字符' })
    .optional()
    .describe('新加图片的说明（读屏与图片无法显示时的文字），通常为商品名称'),
  Images: z
    .array(productImageEntrySchema, { error: '请提交图片列表 Images' })
    .max(PRODUCT_IMAGES_MAX, { error: `每个商品最多 ${PRODUCT_IMAGES_MAX} 张图片` })
    .describe('全部图片，按顺序；第一张为主图。空列表即删除全部图片'),
});
export type SaveProductImagesBody = z.infer<typeof saveProductImagesBodySchema>;
