import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Version } from '../../../lib/paths.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useCatalogue } from '../../catalogue/index.ts';
import { adsQuery, useAds } from '../api/query-ad.ts';
import { homeLayoutQuery, useHomeLayout } from '../api/query-home-layout.ts';
import { categoryFromPrices } from '../utils/category-prices.ts';
import { preloadHeroImage } from '../utils/hero-image.ts';
import { planHome } from '../utils/home-layout.ts';
import { useContentLinks } from './use-content-links.ts';

/**
 * A version's home page content: its layout (QueryHomeLayout), the carousel and side banners
 * (QueryAd), asked at once; the page's plan; the category cells' 起价; and the links' addresses.
 */
export function useHomeContent() {
  const { version } = useVersionSite();
  const layout = useHomeLayout(version);
  const carouselAds = useAds('home_carousel');
  const sideAds = useAds('home_side');
  const { products } = useCatalogue();
  const resolve = useContentLinks();

  const plan = useMemo(
    () => planHome(layout.data ?? [], carouselAds.data ?? []),
    [layout.data, carouselAds.data],
  );
  const categoryPrices = useMemo(
    () => categoryFromPrices(layout.data ?? [], products),
    [layout.data, products],
  );

  return {
    /** The layout and the banners are still on their way (the hero keeps its box meanwhile). */
    isPending: layout.isPending || carouselAds.isPending,
    isError: layout.isError,
    retry: () => void layout.refetch(),
    plan,
    sideAds: sideAds.data ?? [],
    categoryPrices,
    resolve,
  };
}

/**
 * Starts the reads of `useHomeContent` before the page renders (the home route's loader, once the
 * app token is there), into the cache the page then reads; as soon as the layout and the carousel
 * banners are in, the first slide's picture starts loading (docs/website.md, Performance).
 */
export async function prefetchHomeContent(client: QueryClient, version: Version): Promise<void> {
  void client.prefetchQuery(adsQuery('home_side'));
  const [layout, carouselAds] = await Promise.all([
    client.fetchQuery(homeLayoutQuery(version)),
    client.fetchQuery(adsQuery('home_carousel')),
  ]);
  const hero = planHome(layout, carouselAds).slides[0];
  if (hero) preloadHeroImage(hero.image);
}
