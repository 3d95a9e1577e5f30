import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '../../lib/sites.ts';
import { Brand } from './brand.tsx';

export interface SiteHeaderProps {
  home: string;
  nav: NavItem[];
  /** Version 4's nav index meta; otherwise the active item follows the address. */
  activeIndex?: number;
  tone?: 'light' | 'brand';
  actions: ReactNode;
}

/** True when `pathname` is the item's page or one of its tabs (`/user/order/1` covers `/user/order/2`). */
function isActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  const tabbed = /^(.*\/)[^/]+$/.exec(item.to)?.[1];
  return Boolean(tabbed && tabbed.split('/').length > 3 && pathname.startsWith(tabbed));
}

/** The top bar of the public and signed-in layouts; on phones the nav scrolls under the brand. */
export function SiteHeader({ home, nav, activeIndex, tone = 'light', actions }: SiteHeaderProps) {
  const { pathname } = useLocation();
  return (
    <header className={`ink-header ink-header--${tone}`}>
      <div className="ink-header__inner">
        <Brand to={home} />
        <nav className="ink-header__nav" aria-label="主导航">
          {nav.map((item, index) => {
            const active =
              item.isCurrent ??
              (activeIndex === undefined ? isActive(item, pathname) : activeIndex === index);
            if (item.isExternal) {
              return (
                <a
                  key={`${index}:${item.to}`}
                  href={item.to}
                  className="ink-header__link"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.label}
                </a>
              );
            }
            return (
              <Link
                key={`${index}:${item.to}`}
                to={item.to}
                className={`ink-header__link${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="ink-header__actions">{actions}</div>
      </div>
    </header>
  );
}
