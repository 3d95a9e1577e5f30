import { useMemo } from 'react';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useCatalogue } from '../../catalogue/index.ts';
import { useAds } from '../api/query-ad.ts';
import { useHomeLayout } from '../api/query-home-layout.ts';
import { categoryFromPrices } from '../utils/category-prices.ts';
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
