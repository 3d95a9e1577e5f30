import type { ContentImage } from '@inkstone/contracts';
import { imageSrcSet } from '../utils/site-image.ts';

export interface SiteImageProps {
  image: ContentImage;
  /** The width the picture takes on the page, for the browser's choice of rendition. */
  sizes: string;
  className?: string;
  /** The largest picture of the first screen (the page's LCP): loaded at once, first. */
  isPriority?: boolean;
  /** Alternative text; the image's own `Alt` when not given, empty for a decorative picture. */
  alt?: string;
}

/**
 * A picture of the site's content: its intrinsic width and height reserve the box before it loads,
 * the small rendition serves phones and lists, and all but the priority picture load lazily.
 */
export function SiteImage({ image, sizes, className, isPriority = false, alt }: SiteImageProps) {
  const srcSet = imageSrcSet(image);
  return (
    <img
      className={className}
      src={image.Url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.Width}
      height={image.Height}
      alt={alt ?? image.Alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding={isPriority ? 'sync' : 'async'}
    />
  );
}
