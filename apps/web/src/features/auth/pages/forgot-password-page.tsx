import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { useBackToLogin } from '../hooks/use-back-to-login.ts';

/** /forgotpwd, /forgotpwd-v3, /forgotpwd-v4: reset by SMS code, then back to the login. */
export function Component() {
  const { loginPath, backToLogin } = useBackToLogin();

  return (
    <AuthCard title="找回密码" subtitle="通过注册手机号验证身份后设置新密码">
      <ForgotPasswordForm
        onReset={backToLogin}
        loginLink={
          <>
            想起密码了？<Link to={loginPath}>返回登录</Link>
          </>
        }
      />
    </AuthCard>
  );
}
