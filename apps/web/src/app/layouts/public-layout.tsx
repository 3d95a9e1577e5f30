import { Suspense } from 'react';
import { Button } from 'antd';
import { Link, Outlet, useNavigate } from 'react-router';
import { appState, configuredVersion } from '../../lib/company.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useRouteHandle, useVersionSite } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/use-session.ts';
import { webConfigQuery } from '../../lib/web-config.ts';
import { LazyAccountBar, LazyAccountCard } from '../../features/auth/lazy.ts';
import { FooterMenu, prefetchSiteMenus, useTopMenuNav } from '../../features/website/index.ts';
import { whenAppToken } from '../start.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layouts.css';

/**
 * Starts the reads of the header and footer (the site's settings, its top and footer menus) as
 * soon as the app token is there, so the first render already has them; it does not wait for
 * them. A site serves only its configured version, so that is the version of the menus.
 */
export async function loader(): Promise<null> {
  try {
    await whenAppToken();
  } catch {
    return null; // the root's loader shows the failure
  }
  void queryClient.prefetchQuery(webConfigQuery);
  prefetchSiteMenus(queryClient, configuredVersion(appState.get().companyInfo));
  return null;
}

/**
 * The public pages of a version: home, help, about, product intro, templates. The header shows
 * the merchant's top menu of the version and the footer its footer menu (docs/website.md).
 */
export function Component() {
  const site = useVersionSite();
  const handle = useRouteHandle();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  // The merchant's top menu; the version's own links when it has none or it failed.
  const topMenu = useTopMenuNav();

  const actions = isLoggedIn ? (
    <>
      <Button type="primary" className="ink-header__cta" onClick={() => void navigate(site.workspace)}>
        进入下单中心
      </Button>
      {/* Its menu and password dialog load only for a signed-in customer, not on a visitor's first page. */}
      <Suspense fallback={null}>
        <LazyAccountBar loginPath={site.login} />
      </Suspense>
    </>
  ) : (
    <>
      <Link to={site.login} className="ink-header__text-link">
        登录
      </Link>
      <Button type="primary" className="ink-header__cta" onClick={() => void navigate(site.register)}>
        免费注册
      </Button>
    </>
  );

  return (
    <div className="ink-page">
      <SiteHeader
        home={site.home}
        nav={topMenu ?? site.publicNav}
        activeIndex={!topMenu && handle.nav && handle.nav.index >= 0 ? handle.nav.index : undefined}
        tone={handle.nav?.barColor ?? 'light'}
        actions={actions}
        menuAccount={<PublicMenuAccount isLoggedIn={isLoggedIn} />}
      />
      <main className="ink-page__main">
        <Outlet />
      </main>
      <SiteFooter menu={<FooterMenu />} />
    </div>
  );
}

/** The top of the phone menu on the public pages (drawn only once the menu opens). */
function PublicMenuAccount({ isLoggedIn }: { isLoggedIn: boolean }) {
  const site = useVersionSite();
  const navigate = useNavigate();
  if (isLoggedIn) {
    return (
      <Suspense fallback={null}>
        <LazyAccountCard loginPath={site.login}>
          <Button type="primary" block data-closes-menu onClick={() => void navigate(site.workspace)}>
            进入下单中心
          </Button>
        </LazyAccountCard>
      </Suspense>
    );
  }
  return (
    <div className="ink-menu-guest">
      <p className="ink-menu-guest__hint">登录后可在线报价、下单、查看订单与账单</p>
      <div className="ink-menu-guest__actions">
        <Button type="primary" data-closes-menu onClick={() => void navigate(site.login)}>
          登录
        </Button>
        <Button data-closes-menu onClick={() => void navigate(site.register)}>
          免费注册
        </Button>
      </div>
    </div>
  );
}
