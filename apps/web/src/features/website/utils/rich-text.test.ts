// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isOtherSite, prepareRichText, sitePathOf } from './rich-text.ts';

describe('prepareRichText', () => {
  it('makes every picture load lazily and decode off the main thread', () => {
    const html = prepareRichText(
      '<p>示例</p><img src="/a.webp" alt="a" loading="eager"><p><img src="/b.webp"></p>',
    );
    const document = new DOMParser().parseFromString(html, 'text/html');
    const images = [...document.querySelectorAll('img')];
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('decoding')).toBe('async');
    }
  });

  it('opens links to other sites in a new tab without access to this one, and leaves site links alone', () => {
    const html = prepareRichText('<a href="https://example.com/x">外链</a> <a href="/help/3">站内</a>');
    const document = new DOMParser().parseFromString(html, 'text/html');
    const [outside, inside] = [...document.querySelectorAll('a')];
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(inside?.hasAttribute('target')).toBe(false);
  });

  it('keeps the text as it is', () => {
    expect(prepareRichText('')).toBe('');
    expect(prepareRichText('<p>价格 &lt; 10 元</p>')).toBe('<p>价格 &lt; 10 元</p>');
  });
});

describe('link kinds', () => {
  it('tells another site from a path of this site', () => {
    expect(isOtherSite('https://example.com')).toBe(true);
    expect(isOtherSite('/help/1')).toBe(false);
    expect(sitePathOf('/help/1')).toBe('/help/1');
    expect(sitePathOf('//evil.example')).toBeNull();
    expect(sitePathOf('https://example.com')).toBeNull();
  });
});
