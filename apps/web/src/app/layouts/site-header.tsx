import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { loadChunk } from '../../lib/chunk-load.ts';
import type { NavItem } from '../../lib/sites.ts';
import { Brand } from './brand.tsx';
import { markActive } from './nav-items.ts';

/** The phone menu: its own chunk, loaded when a customer first opens it. */
const SiteDrawer = lazy(() =>
  loadChunk(() => import('./site-drawer.tsx')).then((module) => ({ default: module.SiteDrawer })),
);

export interface SiteHeaderProps {
  home: string;
  nav: NavItem[];
  /** Version 4's nav index meta; otherwise the active item follows the address. */
  activeIndex?: number;
  tone?: 'light' | 'brand';
  actions: ReactNode;
  /** The top of the phone menu: the signed-in customer, or the sign-in and register buttons. */
  menuAccount: ReactNode;
  /** Whether the phone menu groups the account pages under 个人中心 (the signed-in layout). */
  groupsAccountPages?: boolean;
}

/**
 * The top bar of the public and signed-in layouts. On a desktop the navigation sits in the bar; on
 * a phone (below 768 px) the bar keeps the shop's name and a few actions, and a menu button opens
 * a drawer with every item of the navigation and the account (docs/ARCHITECTURE.md, Phone layout).
 */
export function SiteHeader({
  home,
  nav,
  activeIndex,
  tone = 'light',
  actions,
  menuAccount,
  groupsAccountPages = false,
}: SiteHeaderProps) {
  const { pathname } = useLocation();
  // The menu is open on the page it was opened on: any way of leaving the page (a link, the
  // browser's back button) closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const isMenuOpen = menuOpenedOn === pathname;
  const items = markActive(nav, pathname, activeIndex);

  function openMenu() {
    setHasOpenedMenu(true);
    setMenuOpenedOn(pathname);
  }

  return (
    <header className={`ink-header ink-header--${tone}`}>
      <div className="ink-header__inner">
        <Brand to={home} />
        <nav className="ink-header__nav" aria-label="主导航">
          {items.map((item, index) =>
            item.isExternal ? (
              <a
                key={`${index}:${item.to}`}
                href={item.to}
                className="ink-header__link"
                target="_blank"
                rel="noopener noreferrer"
              >
                {item.label}
              </a>
            ) : (
              <Link
                key={`${index}:${item.to}`}
                to={item.to}
                className={`ink-header__link${item.isActive ? ' is-active' : ''}`}
                aria-current={item.isActive ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ),
          )}
        </nav>
        <div className="ink-header__actions">{actions}</div>
        <button
          type="button"
          className="ink-header__menu"
          aria-label="导航菜单"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onClick={openMenu}
        >
          <MenuOutlined />
        </button>
      </div>
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <SiteDrawer
            open={isMenuOpen}
            items={items}
            account={menuAccount}
            groupsAccountPages={groupsAccountPages}
            onClose={() => setMenuOpenedOn(null)}
          />
        </Suspense>
      )}
    </header>
  );
}
