import type { ContentImage } from '@inkstone/contracts';

/**
 * The `srcset` of a content or product picture: the small rendition (half the width,
 * docs/website.md) and the large one, each with its width, so the browser picks by the `sizes`
 * the page gives. Empty when there is no distinct small rendition (the `src` alone is then used).
 */
export function imageSrcSet(image: ContentImage): string {
  if (!image.SmallUrl || image.SmallUrl === image.Url || image.Width <= 1) return '';
  return `${image.SmallUrl} ${Math.round(image.Width / 2)}w, ${image.Url} ${image.Width}w`;
}
