import { describe, expect, it } from 'vitest';
import type { ContentLink, HomeMenuEntry } from '@inkstone/contracts';
import { footerMenuSections, topMenuLinks } from './menu.ts';
import type { ResolvedLink } from './content-link.ts';

const entry = (
  Id: number,
  Title: string,
  link: ContentLink,
  Children: HomeMenuEntry[] = [],
): HomeMenuEntry => ({
  Id,
  Title,
  Link: link,
  Children,
});
const none: ContentLink = { Type: 'none', Target: '' };
const route = (Target: string): ContentLink => ({ Type: 'route', Target });
const resolve = (link: ContentLink): ResolvedLink =>
  link.Type === 'route' ? { kind: 'internal', to: link.Target } : { kind: 'none' };

describe('topMenuLinks', () => {
  it('keeps entries that lead somewhere; a heading stands for its first child that does', () => {
    const links = topMenuLinks(
      [
        entry(1, '首页', route('/home')),
        entry(2, '服务', none, [entry(3, '空', none), entry(4, '报价', route('/index'))]),
        entry(5, '标题', none),
      ],
      resolve,
    );
    expect(links.map((link) => [link.title, link.link])).toEqual([
      ['首页', { kind: 'internal', to: '/home' }],
      ['服务', { kind: 'internal', to: '/index' }],
    ]);
  });
});

describe('footerMenuSections', () => {
  it('gives each section its linked entries, deeper levels flattened', () => {
    const sections = footerMenuSections(
      [
        entry(1, '新手指南', none, [
          entry(2, '下单流程', route('/help/1'), [entry(3, '付款', route('/help/2'))]),
          entry(4, '空', none),
        ]),
      ],
      resolve,
    );
    expect(sections).toHaveLength(1);
    expect(sections[0]!.children.map((child) => child.title)).toEqual(['下单流程', '付款']);
  });
});
