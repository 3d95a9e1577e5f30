import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useRouteHandle, useVersionSite } from '../../lib/route-handle.ts';
import { AccountBar, AccountCard } from '../../features/auth/index.ts';
import { CartBadge } from '../../features/cart/index.ts';
import { FooterMenu } from '../../features/website/index.ts';
import { useLeftMenuStatus } from './left-menu-status.ts';
import { markActive } from './nav-items.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layouts.css';
import './workspace-layout.css';

/**
 * The signed-in layout of each version: /index (v1), /quotationCenter (v2),
 * /quotationCenter-v3 and /quotationCenter-v4. Version 4's account pages add a side panel, which
 * the customer may fold (remembered as spec §3's left menu status); on a phone it, and the other
 * versions' account links, become a strip of tabs above the page.
 */
export function Component() {
  const site = useVersionSite();
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const hasSidePanel = handle.nav?.sidePanel === 'account';
  const isAccountPage = hasSidePanel || pathname.startsWith(`${site.user}/`);
  const accountNav = markActive(
    site.workspaceNav.filter((item) => item.to.startsWith(`${site.user}/`)),
    pathname,
  );
  const [menuStatus, setMenuStatus] = useLeftMenuStatus();
  const isFolded = hasSidePanel && menuStatus === 'folded';

  return (
    <div className="ink-page">
      <SiteHeader
        home={site.home}
        nav={site.workspaceNav}
        activeIndex={handle.nav?.index}
        tone={handle.nav?.barColor ?? 'light'}
        actions={
          <>
            <CartBadge />
            <AccountBar loginPath={site.login} />
          </>
        }
        menuAccount={<AccountCard loginPath={site.login} />}
        groupsAccountPages
      />
      <main
        className={`ink-page__main ink-workspace${hasSidePanel ? ' ink-workspace--with-side' : ''}${isFolded ? ' is-folded' : ''}`}
      >
        {isAccountPage && (
          <aside
            className={`ink-workspace__side${hasSidePanel ? '' : ' ink-workspace__side--phone'}`}
            aria-label="个人中心"
          >
            <div className="ink-workspace__side-head">
              <p className="ink-workspace__side-title">个人中心</p>
              {hasSidePanel && (
                <button
                  type="button"
                  className="ink-workspace__side-fold"
                  aria-label={isFolded ? '展开菜单' : '收起菜单'}
                  aria-expanded={!isFolded}
                  title={isFolded ? '展开菜单' : '收起菜单'}
                  onClick={() => setMenuStatus(isFolded ? 'unfolded' : 'folded')}
                >
                  {isFolded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                </button>
              )}
            </div>
            {accountNav.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={`ink-workspace__side-link${item.isActive ? ' is-active' : ''}`}
                aria-current={item.isActive ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </aside>
        )}
        <div className="ink-workspace__content">
          <Outlet />
        </div>
      </main>
      <SiteFooter menu={<FooterMenu />} />
    </div>
  );
}
