import type { ContentImage } from '@inkstone/contracts';
import { imageSrcSet } from './site-image.ts';

/** The carousel picture's width on the page: the whole screen on a phone, else the hero's 880 px. */
export const HERO_IMAGE_SIZES = '(max-width: 900px) 100vw, 880px';

/**
 * Starts loading the first carousel picture — the home page's largest contentful paint — as soon
 * as its address is known, before React draws it: a `<link rel="preload">` with the `<img>`'s own
 * srcset and sizes, at high priority, so the browser downloads the one rendition both use.
 */
export function preloadHeroImage(image: ContentImage): void {
  const preloaded = document.head.querySelectorAll('link[rel="preload"][as="image"]');
  if ([...preloaded].some((link) => link.getAttribute('href') === image.Url)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = image.Url;
  const srcSet = imageSrcSet(image);
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', HERO_IMAGE_SIZES);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
