import { describe, expect, it } from 'vitest';
import type { Ad, HomeLayout, HomeLayoutItem } from '@inkstone/contracts';
import { gatherRows, planHome } from './home-layout.ts';

const image = { Url: '/a.webp', SmallUrl: '/a.small.webp', Width: 1600, Height: 500, Alt: '' };
const item = (Id: number, extra: Partial<HomeLayoutItem> = {}): HomeLayoutItem => ({
  Id,
  Title: `项目${Id}`,
  Summary: '',
  Image: null,
  Link: { Type: 'none', Target: '' },
  ProductId: null,
  FromPriceFen: null,
  Html: '',
  PublishedAt: null,
  ...extra,
});
const group = (
  Id: number,
  Kind: HomeLayout[number]['Kind'],
  Items: HomeLayoutItem[],
): HomeLayout[number] => ({
  Id,
  Kind,
  Title: Kind,
  Subtitle: '',
  SerialNumber: Id * 10,
  Items,
});
const ad = (Id: number): Ad => ({
  Id,
  Position: 'home_carousel',
  Title: `广告${Id}`,
  Subtitle: '',
  Image: image,
  Link: { Type: 'none', Target: '' },
  SerialNumber: Id,
  StartTime: null,
  EndTime: null,
});

describe('planHome', () => {
  it('puts the hero where the layout has its carousel, with the banners showing now as slides', () => {
    const layout = [
      group(1, 'category_grid', [item(1)]),
      group(2, 'carousel', [item(2, { Image: image })]),
      group(3, 'hot_products', [item(3)]),
    ];
    const plan = planHome(layout, [ad(7), ad(8)]);
    expect(plan.sections.map((section) => (section.kind === 'hero' ? 'hero' : section.group.Kind))).toEqual([
      'category_grid',
      'hero',
      'hot_products',
    ]);
    expect(plan.slides.map((slide) => slide.key)).toEqual(['ad-7', 'ad-8']);
  });

  it('falls back to the carousel group’s pictures when no banner shows', () => {
    const plan = planHome([group(1, 'carousel', [item(1, { Image: image }), item(2)])], []);
    expect(plan.slides.map((slide) => slide.key)).toEqual(['item-1']);
  });

  it('puts the hero first when the layout has no carousel, and leaves out empty groups', () => {
    const plan = planHome([group(1, 'notices', []), group(2, 'new_products', [item(1)])], [ad(1)]);
    expect(plan.sections.map((section) => (section.kind === 'hero' ? 'hero' : section.group.Kind))).toEqual([
      'hero',
      'new_products',
    ]);
  });
});

describe('gatherRows', () => {
  it('pairs two neighbouring notices and rich-text groups, and nothing else', () => {
    const plan = planHome(
      [
        group(1, 'hot_products', [item(1)]),
        group(2, 'rich_text', [item(2)]),
        group(3, 'notices', [item(3)]),
        group(4, 'notices', [item(4)]),
      ],
      [],
    );
    expect(gatherRows(plan.sections).map((row) => row.length)).toEqual([1, 1, 2, 1]);
  });
});
