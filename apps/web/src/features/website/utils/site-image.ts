/** The site's pictures and the products' share one `srcset` rule (lib/image.ts). */
export { imageSrcSet } from '../../../lib/image.ts';
