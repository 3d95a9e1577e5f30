import type { CSSProperties } from 'react';
import type { ContentImage } from '@inkstone/contracts';
import { imageSrcSet } from '../lib/image.ts';
import './product-picture.css';

export interface ProductPictureProps {
  /** The product's picture; null draws a plain box with the product's first character. */
  image: ContentImage | null;
  /** The product's name (its first character fills the box of a product without a picture). */
  title: string;
  /** The box's width on the page in CSS pixels; the height follows the picture's proportions. */
  width: number;
  /**
   * The width the picture takes at each screen size, for the browser's choice between the small
   * and the large rendition; without it only the small rendition loads (lists, lines).
   */
  sizes?: string;
  /** Alternative text; empty (decorative) by default, as the product's name stands beside it. */
  alt?: string;
  className?: string;
}

/** The first character of a name, by code point (never half of a surrogate pair). */
export function firstCharacter(title: string): string {
  return [...title.trim()][0] ?? '?';
}

/**
 * A product's picture: its intrinsic width and height reserve the box before it loads, it loads
 * lazily, and the small WebP rendition serves lists. A product without a picture gets a neutral
 * box with the first character of its name — never a made-up picture.
 */
export function ProductPicture({ image, title, width, sizes, alt = '', className }: ProductPictureProps) {
  const style = { '--ink-picture-width': `${width}px` } as CSSProperties;
  const classes = `ink-product-picture${className ? ` ${className}` : ''}`;
  if (!image) {
    return (
      <span className={`${classes} ink-product-picture--none`} style={style} aria-hidden="true">
        {firstCharacter(title)}
      </span>
    );
  }
  const srcSet = sizes ? imageSrcSet(image) : '';
  return (
    <img
      className={classes}
      style={style}
      src={srcSet ? image.Url : image.SmallUrl}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.Width}
      height={image.Height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
