import { Link } from 'react-router';
import { useAppState } from '../../lib/company.ts';

/** The merchant's mark and name, linking to the version's home. */
export function Brand({ to }: { to: string }) {
  const { companyInfo } = useAppState();
  const name = companyInfo?.Config.WebSiteName || companyInfo?.CompanyName || '在线印刷';
  return (
    <Link to={to} className="ink-brand" aria-label={`${name}首页`}>
      <span className="ink-brand__mark" aria-hidden="true">
        {Array.from(name)[0]}
      </span>
      <span className="ink-brand__name">{name}</span>
    </Link>
  );
}
