import { useNavigate } from 'react-router';
import { useAppState } from '../../lib/company.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import { displayName, useSession } from '../../lib/use-session.ts';
import { useWebConfig } from '../../lib/web-config.ts';
import { AuthPanel } from '../../features/auth/index.ts';
import { HomeContent, HomeWelcome } from '../../features/website/index.ts';

/** What a 起价 means: the cheapest valid configuration; a customer's own prices show once signed in. */
const PRICE_NOTE = {
  visitor: '“起”价为最低配置的参考价；登录后按您的客户价格报价，可能有所不同。',
  customer: '“起”价为最低配置的参考价，实际价格以报价页为准。',
};

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
        <AuthPanel workspace={site.workspace} />
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
