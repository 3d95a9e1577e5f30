import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { safeRedirect, withRedirect } from '../../../lib/sites.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /login, /login-v3, /login-v4: after login go to `redirect`, else the version's order centre. */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const account = (location.state as { account?: string } | null)?.account;

  return (
    <AuthCard title="账号登录" subtitle="登录后即可在线报价、下单和查看订单">
      <LoginForm
        key={account ?? ''}
        initialAccount={account}
        onLoggedIn={() => void navigate(redirect ?? site.workspace, { replace: true })}
        forgotPasswordLink={<Link to={withRedirect(site.forgotPassword, redirect)}>忘记密码？</Link>}
        registerLink={
          <>
            还没有账号？<Link to={withRedirect(site.register, redirect)}>立即注册</Link>
          </>
        }
      />
    </AuthCard>
  );
}
