import { Link, useNavigate, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { safeRedirect, withRedirect } from '../../../lib/sites.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';

/** /register, /register-v3, /register-v4: on success go to the login with the account filled in. */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const loginPath = withRedirect(site.login, redirect);

  return (
    <AuthCard title="注册账号" subtitle="使用手机号码注册，注册后用手机号登录">
      <RegisterForm
        onRegistered={(account) => void navigate(loginPath, { state: { account } })}
        loginLink={
          <>
            已有账号？<Link to={loginPath}>立即登录</Link>
          </>
        }
      />
    </AuthCard>
  );
}
