import { Link, useNavigate, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { safeRedirect, withRedirect } from '../../../lib/sites.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /forgotpwd, /forgotpwd-v3, /forgotpwd-v4: reset by SMS code, then back to the login. */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const loginPath = withRedirect(site.login, redirect);

  return (
    <AuthCard title="找回密码" subtitle="通过注册手机号验证身份后设置新密码">
      <ForgotPasswordForm
        onReset={(account) => void navigate(loginPath, { state: { account } })}
        loginLink={
          <>
            想起密码了？<Link to={loginPath}>返回登录</Link>
          </>
        }
      />
    </AuthCard>
  );
}
