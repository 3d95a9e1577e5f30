import type { NavItem } from '../../lib/sites.ts';

/** A navigation item with whether it stands for the page shown. */
export interface ShownNavItem extends NavItem {
  isActive: boolean;
}

/** A titled group of the phone menu. */
export interface MenuGroup {
  title: string;
  items: ShownNavItem[];
}

/** True when `pathname` is the item's page or one of its tabs (`/user/order/1` covers `/user/order/2`). */
function isOnItemPage(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  const tabbed = /^(.*\/)[^/]+$/.exec(item.to)?.[1];
  return Boolean(tabbed && tabbed.split('/').length > 3 && pathname.startsWith(tabbed));
}

/**
 * Marks the item of the page shown: the one the caller names (`isCurrent`), else version 4's nav
 * index meta when given, else the one whose address the page is on.
 */
export function markActive(nav: readonly NavItem[], pathname: string, activeIndex?: number): ShownNavItem[] {
  return nav.map((item, index) => ({
    ...item,
    isActive:
      !item.isExternal &&
      (item.isCurrent ?? (activeIndex === undefined ? isOnItemPage(item, pathname) : activeIndex === index)),
  }));
}

/**
 * The phone menu's groups. With `userPath` (the signed-in pages), the site's pages come first and
 * the account pages (those under it: version 4's side panel, the other versions' account links)
 * follow under 个人中心; without it (the merchant's top menu on the public pages) every item stays
 * in one group, in the merchant's order. Empty groups are left out.
 */
export function groupMenuItems(items: readonly ShownNavItem[], userPath: string | null): MenuGroup[] {
  if (userPath === null) return items.length > 0 ? [{ title: '网站导航', items: [...items] }] : [];
  const isAccount = (item: ShownNavItem) => !item.isExternal && item.to.startsWith(`${userPath}/`);
  return [
    { title: '网站导航', items: items.filter((item) => !isAccount(item)) },
    { title: '个人中心', items: items.filter(isAccount) },
  ].filter((group) => group.items.length > 0);
}
