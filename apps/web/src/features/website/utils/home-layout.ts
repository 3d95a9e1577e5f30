import type { Ad, ContentImage, ContentLink, HomeLayout } from '@inkstone/contracts';

type HomeGroup = HomeLayout[number];

/** One picture of the home carousel. */
export interface Slide {
  key: string;
  title: string;
  subtitle: string;
  image: ContentImage;
  link: ContentLink;
}

/** What the home page draws, top to bottom: the hero (carousel) once, and the layout's groups. */
export type HomeSection = { kind: 'hero' } | { kind: 'group'; group: HomeGroup };

export interface HomePlan {
  slides: Slide[];
  sections: HomeSection[];
}

function slidesOfAds(ads: readonly Ad[]): Slide[] {
  return ads.map((ad) => ({
    key: `ad-${ad.Id}`,
    title: ad.Title,
    subtitle: ad.Subtitle,
    image: ad.Image,
    link: ad.Link,
  }));
}

function slidesOfGroup(group: HomeGroup | undefined): Slide[] {
  return (group?.Items ?? []).flatMap((item) =>
    item.Image
      ? [
          {
            key: `item-${item.Id}`,
            title: item.Title,
            subtitle: item.Summary,
            image: item.Image,
            link: item.Link,
          },
        ]
      : [],
  );
}

/**
 * Arranges a version's home page from its layout (QueryHomeLayout) and the carousel banners
 * (QueryAd `home_carousel`). The hero — the carousel beside the welcome or login card — stands
 * where the layout puts its carousel group, or first when the layout has none: the banners are
 * the merchant's, on every version's home page. Its slides are the banners showing now (they carry
 * their own showing times), else the carousel group's pictures. Groups without items are left out.
 */
export function planHome(layout: HomeLayout, carouselAds: readonly Ad[]): HomePlan {
  const carousel = layout.find((group) => group.Kind === 'carousel');
  const slides = carouselAds.length > 0 ? slidesOfAds(carouselAds) : slidesOfGroup(carousel);
  const sections: HomeSection[] = [];
  for (const group of layout) {
    if (group.Kind === 'carousel') {
      if (group === carousel) sections.push({ kind: 'hero' });
    } else if (group.Items.length > 0) {
      sections.push({ kind: 'group', group });
    }
  }
  if (!carousel) sections.unshift({ kind: 'hero' });
  return { slides, sections };
}

/** Notices and rich text are short: two side by side share a row on a wide screen. */
const isCardGroup = (section: HomeSection | undefined) =>
  section?.kind === 'group' && (section.group.Kind === 'notices' || section.group.Kind === 'rich_text');

/** Sections in order, with two neighbouring card groups gathered into one row. */
export function gatherRows(sections: readonly HomeSection[]): HomeSection[][] {
  const rows: HomeSection[][] = [];
  for (const section of sections) {
    const last = rows[rows.length - 1];
    if (last?.length === 1 && isCardGroup(section) && isCardGroup(last[0])) last.push(section);
    else rows.push([section]);
  }
  return rows;
}
