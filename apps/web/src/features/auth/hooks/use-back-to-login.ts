import { useNavigate, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { safeRedirect, withRedirect } from '../../../lib/sites.ts';

/**
 * For the register and password pages: the version's login (keeping `redirect`), and going there
 * with the account filled in once the form has succeeded.
 */
export function useBackToLogin(): { loginPath: string; backToLogin(account: string): void } {
  const site = useVersionSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginPath = withRedirect(site.login, safeRedirect(params.get('redirect')));
  return {
    loginPath,
    backToLogin: (account) => void navigate(loginPath, { state: { account } }),
  };
}
