import { Link } from 'react-router';
import { useAppState } from '../../lib/company.ts';
import { siteNameOf, splitSiteName } from './site-name.ts';

/**
 * The merchant's logo (docs/site-settings.md) or mark and name, linking to the version's home.
 * With a logo the name is kept for screen readers only. A name with a separator
 * (`墨砚快印 · 在线印刷下单`) is drawn in parts, so a phone shows the shop's name on one line and
 * the rest under it; on a desktop the parts read as one line, as written.
 */
export function Brand({ to }: { to: string }) {
  const { companyInfo } = useAppState();
  const name = siteNameOf(companyInfo);
  const parts = splitSiteName(name);
  const logo = companyInfo?.Config.LogoUrl;
  return (
    <Link to={to} className="ink-brand" aria-label={`${name}首页`}>
      {logo ? (
        <img className="ink-brand__logo" src={logo} alt="" />
      ) : (
        <span className="ink-brand__mark" aria-hidden="true">
          {Array.from(name)[0]}
        </span>
      )}
      <span className={logo ? 'ink-brand__name ink-brand__name--hidden' : 'ink-brand__name'}>
        {parts ? (
          <>
            <span className="ink-brand__main">{parts.main}</span>
            <span className="ink-brand__separator">{parts.separator}</span>
            <span className="ink-brand__sub">{parts.sub}</span>
          </>
        ) : (
          name
        )}
      </span>
    </Link>
  );
}
