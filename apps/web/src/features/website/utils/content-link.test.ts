import { describe, expect, it } from 'vitest';
import type { ContentLink } from '@inkstone/contracts';
import { isLinkCurrent, resolveContentLink } from './content-link.ts';
import type { LinkContext } from './content-link.ts';

const paths: Record<number, number[]> = { 1001: [100, 110, 111], 2001: [200, 210, 210] };
const context = (version: 1 | 2 | 3 | 4): LinkContext => ({
  version,
  productPath: (id) => paths[id] ?? null,
});
const link = (Type: ContentLink['Type'], Target: string): ContentLink => ({ Type, Target });

describe('resolveContentLink', () => {
  it.each([
    [1, '/proinfo/100/110/111?pid=1001'],
    [2, '/quotationCenter/100/110?pid=1001'],
    [3, '/quotationCenter-v3/100/110?pid=1001'],
    [4, '/productIntro-v4?cid=111&pid=1001'],
  ] as const)('leads a product to its quote page of version %s', (version, to) => {
    expect(resolveContentLink(link('product', '1001'), context(version))).toEqual({ kind: 'internal', to });
  });

  it('leads a product the catalogue does not list to the order centre (v4: its introduction)', () => {
    expect(resolveContentLink(link('product', '77'), context(1))).toEqual({ kind: 'internal', to: '/index' });
    expect(resolveContentLink(link('product', '77'), context(4))).toEqual({
      kind: 'internal',
      to: '/productIntro-v4?pid=77',
    });
  });

  it.each([
    [1, '/proinfo/200/210/210'],
    [2, '/quotationCenter/200/210'],
    [4, '/productIntro-v4?cid=210'],
  ] as const)('leads a category to its route of version %s', (version, to) => {
    expect(resolveContentLink(link('category', '200/210/210'), context(version))).toEqual({
      kind: 'internal',
      to,
    });
  });

  it('leads a help article to the help route of the version', () => {
    expect(resolveContentLink(link('help', '12'), context(1))).toEqual({ kind: 'internal', to: '/help/12' });
    expect(resolveContentLink(link('help', '12'), context(3))).toEqual({
      kind: 'internal',
      to: '/help-v3/12',
    });
  });

  it('keeps a site route and an http(s) address', () => {
    expect(resolveContentLink(link('route', '/template-v4'), context(4))).toEqual({
      kind: 'internal',
      to: '/template-v4',
    });
    expect(resolveContentLink(link('url', 'https://example.com/a'), context(2))).toEqual({
      kind: 'external',
      href: 'https://example.com/a',
    });
  });

  it.each([
    link('none', ''),
    link('product', 'abc'),
    link('product', '0'),
    link('category', ''),
    link('help', '-3'),
    link('route', '//evil.example/x'),
    link('route', '/\\evil'),
    link('route', 'javascript:alert(1)'),
    link('url', 'javascript:alert(1)'),
    link('url', '/relative'),
  ])('leads nowhere for %o', (content) => {
    expect(resolveContentLink(content, context(1))).toEqual({ kind: 'none' });
  });
});

describe('isLinkCurrent', () => {
  it('marks the page itself, its other tabs, and any help article for a help link', () => {
    expect(isLinkCurrent({ kind: 'internal', to: '/index-v4' }, '/index-v4', 4)).toBe(true);
    expect(isLinkCurrent({ kind: 'internal', to: '/user/order/1' }, '/user/order/3', 1)).toBe(true);
    expect(isLinkCurrent({ kind: 'internal', to: '/help-v2/1' }, '/help-v2/9', 2)).toBe(true);
    expect(isLinkCurrent({ kind: 'internal', to: '/index' }, '/proinfo/1/2/3', 1)).toBe(false);
    expect(isLinkCurrent({ kind: 'external', href: 'https://example.com' }, '/home', 1)).toBe(false);
  });
});
