import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { Version } from '../../../lib/paths.ts';
import type { NavItem } from '../../../lib/sites.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { homeMenuQuery, useHomeMenu } from '../api/query-home-menu.ts';
import { isLinkCurrent } from '../utils/content-link.ts';
import { footerMenuSections, topMenuLinks } from '../utils/menu.ts';
import { useContentLinks } from './use-content-links.ts';

/**
 * The header links of the merchant's top menu (queryhomemenu `top`) for the version shown: `[]`
 * while it loads, null when it failed or is empty (the shell then keeps its own links).
 */
export function useTopMenuNav(): NavItem[] | null {
  const { version } = useVersionSite();
  const { pathname } = useLocation();
  const menu = useHomeMenu(version, 'top');
  const resolve = useContentLinks();
  return useMemo(() => {
    if (menu.isPending) return [];
    const links = menu.data ? topMenuLinks(menu.data, resolve) : [];
    if (links.length === 0) return null;
    return links.map(({ title, link }) => ({
      label: title,
      to: link.kind === 'internal' ? link.to : link.kind === 'external' ? link.href : '',
      isExternal: link.kind === 'external',
      isCurrent: isLinkCurrent(link, pathname, version),
    }));
  }, [menu.isPending, menu.data, resolve, pathname, version]);
}

/** The footer menu (queryhomemenu `footer`) of the version shown, as columns; empty until known. */
export function useFooterMenu() {
  const { version } = useVersionSite();
  const menu = useHomeMenu(version, 'footer');
  const resolve = useContentLinks();
  return useMemo(() => (menu.data ? footerMenuSections(menu.data, resolve) : []), [menu.data, resolve]);
}

/**
 * Starts the reads of the public pages' header and footer menus before the page renders (the
 * public layout's loader, once the app token is there), so the header is drawn once, with them.
 */
export function prefetchSiteMenus(client: QueryClient, version: Version): void {
  void client.prefetchQuery(homeMenuQuery(version, 'top'));
  void client.prefetchQuery(homeMenuQuery(version, 'footer'));
}
