import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useBackToLogin } from '../hooks/use-back-to-login.ts';

/** /register, /register-v3, /register-v4: on success go to the login with the account filled in. */
export function Component() {
  const { loginPath, backToLogin } = useBackToLogin();

  return (
    <AuthCard title="注册账号" subtitle="使用手机号码注册，注册后用手机号登录">
      <RegisterForm
        onRegistered={backToLogin}
        loginLink={
          <>
            已有账号？<Link to={loginPath}>立即登录</Link>
          </>
        }
      />
    </AuthCard>
  );
}
