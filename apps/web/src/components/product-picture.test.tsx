// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { ContentImage } from '@inkstone/contracts';
import { ProductPicture, firstCharacter } from './product-picture.tsx';

afterEach(cleanup);

const CARD: ContentImage = {
  Url: '/site-assets/images/product-business-card.webp?v=1',
  SmallUrl: '/site-assets/images/product-business-card.small.webp?v=1',
  Width: 800,
  Height: 600,
  Alt: '商务名片',
};

describe('ProductPicture', () => {
  it('loads the small rendition lazily in a box of the picture’s own proportions', () => {
    const view = render(<ProductPicture image={CARD} title="商务名片" width={64} />);
    const img = view.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(CARD.SmallUrl);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
    // Decorative by default: the product's name stands beside it.
    expect(img.getAttribute('alt')).toBe('');
    expect(img.style.getPropertyValue('--ink-picture-width')).toBe('64px');
  });

  it('offers both renditions with the sizes the page gives', () => {
    const view = render(
      <ProductPicture image={CARD} title="商务名片" width={160} sizes="160px" alt="商务名片" />,
    );
    const img = view.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(CARD.Url);
    expect(img.getAttribute('srcset')).toBe(`${CARD.SmallUrl} 400w, ${CARD.Url} 800w`);
    expect(img.getAttribute('sizes')).toBe('160px');
    expect(img.getAttribute('alt')).toBe('商务名片');
  });

  it('draws a plain box with the product’s first character when it has no picture', () => {
    const view = render(<ProductPicture image={null} title=" 不干胶贴纸" width={56} />);
    expect(view.container.querySelector('img')).toBeNull();
    const box = view.container.querySelector('.ink-product-picture--none')!;
    expect(box.textContent).toBe('不');
    expect(box.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes the first character whole, never half of it', () => {
    expect(firstCharacter('𠮷祥名片')).toBe('𠮷');
    expect(firstCharacter('')).toBe('?');
  });
});
