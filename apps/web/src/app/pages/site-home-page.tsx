import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { appState, configuredVersion, useAppState } from '../../lib/company.ts';
import { PATHS } from '../../lib/paths.ts';
import type { Version } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import { displayName, useSession } from '../../lib/use-session.ts';
import { useWebConfig } from '../../lib/web-config.ts';
import { LazyAuthPanel } from '../../features/auth/lazy.ts';
import { HomeContent, HomeWelcome, prefetchHomeContent } from '../../features/website/index.ts';
import { whenAppToken } from '../start.ts';

/** What a 起价 means: the cheapest valid configuration; a customer's own prices show once signed in. */
const PRICE_NOTE = {
  visitor: '“起”价为最低配置的参考价；登录后按您的客户价格报价，可能有所不同。',
  customer: '“起”价为最低配置的参考价，实际价格以报价页为准。',
};

const VERSIONS: Version[] = [1, 2, 3, 4];
/** About the height of version 2's login card, held while its chunk loads. */
const LOGIN_CARD_ROOM = { minHeight: 460 };

/**
 * Starts the page's reads (layout and banners) as soon as the start sequence has the app token
 * (while the categories still load), rather than after the first render, and with them the first
 * banner's picture; the page does not wait for them (docs/website.md, Performance).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  try {
    await whenAppToken();
  } catch {
    return null; // the root's loader shows the failure
  }
  const { pathname } = new URL(request.url);
  const version =
    VERSIONS.find((candidate) => PATHS[candidate].home === pathname) ??
    configuredVersion(appState.get().companyInfo);
  prefetchHomeContent(queryClient, version).catch(() => undefined);
  return null;
}

/**
 * Public home of a version: /home, /index-v2, /index-v3, /index-v4, drawn from the merchant's
 * layout and banners (docs/website.md). Version 2's login lives here, beside the carousel (its
 * login address /home-v2 forwards to this page); the other versions show a welcome with the way
 * in. Products and their 起价 show before login too.
 */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const current = useSession();
  const { companyInfo } = useAppState();
  const { data: config } = useWebConfig();
  const name = config?.WebSiteName || companyInfo?.Config.WebSiteName || companyInfo?.CompanyName || '';

  const aside =
    site.version === 2 && !current.isLoggedIn ? (
      <div className="ink-home__login">
        <h1 className="ink-visually-hidden">{name}</h1>
        {/* The login forms are a chunk of their own: the banners do not wait for them. Meanwhile
            the card's room is kept, so what follows it on a phone does not jump when it comes. */}
        <Suspense fallback={<div aria-hidden="true" style={LOGIN_CARD_ROOM} />}>
          <LazyAuthPanel workspace={site.workspace} />
        </Suspense>
      </div>
    ) : (
      <HomeWelcome
        siteName={name}
        notice={config?.Notice ?? ''}
        customerName={current.isLoggedIn ? displayName(current) : null}
        onEnter={() => void navigate(site.workspace)}
        onLogin={() => void navigate(site.login)}
        onRegister={() => void navigate(site.register)}
      />
    );

  return (
    <HomeContent aside={aside} priceNote={current.isLoggedIn ? PRICE_NOTE.customer : PRICE_NOTE.visitor} />
  );
}
