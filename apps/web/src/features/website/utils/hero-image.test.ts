// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { HERO_IMAGE_SIZES, preloadHeroImage } from './hero-image.ts';

const BANNER = {
  Url: '/site-assets/images/banner-cards.webp?v=1',
  SmallUrl: '/site-assets/images/banner-cards.small.webp?v=2',
  Width: 1600,
  Height: 560,
  Alt: '',
};

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')];

describe('preloadHeroImage', () => {
  afterEach(() => {
    for (const link of preloads()) link.remove();
  });

  it('preloads the picture once, at high priority, with the srcset and sizes of the carousel <img>', () => {
    preloadHeroImage(BANNER);
    preloadHeroImage(BANNER);
    const links = preloads();
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.getAttribute('as')).toBe('image');
    expect(link.getAttribute('href')).toBe(BANNER.Url);
    expect(link.getAttribute('imagesrcset')).toBe(`${BANNER.SmallUrl} 800w, ${BANNER.Url} 1600w`);
    expect(link.getAttribute('imagesizes')).toBe(HERO_IMAGE_SIZES);
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads a picture without a small rendition by its address alone', () => {
    preloadHeroImage({ ...BANNER, SmallUrl: '' });
    const link = preloads()[0]!;
    expect(link.getAttribute('href')).toBe(BANNER.Url);
    expect(link.hasAttribute('imagesrcset')).toBe(false);
  });
});
