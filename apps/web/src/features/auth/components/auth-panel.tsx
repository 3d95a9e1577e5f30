import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { safeRedirect } from '../../../lib/sites.ts';
import { AuthCard } from './auth-card.tsx';
import { LoginForm } from './login-form.tsx';

// Register and password reset are antd forms: each a chunk of its own, loaded when first opened, so
// the login card on version 2's home page stays light (docs/website.md, Performance).
const RegisterForm = lazy(() =>
  loadChunk(() => import('./register-form.tsx')).then((module) => ({ default: module.RegisterForm })),
);
const ForgotPasswordForm = lazy(() =>
  loadChunk(() => import('./forgot-password-form.tsx')).then((module) => ({
    default: module.ForgotPasswordForm,
  })),
);

/** Keeps the card's height while a form's chunk arrives. */
const FORM_ROOM = <div className="ink-auth-form__room" aria-busy="true" />;

type Panel = 'login' | 'register' | 'forgot';

export interface AuthPanelProps {
  /** Where a login without `redirect` lands. */
  workspace: string;
}

function asPanel(value: string | null): Panel {
  return value === 'register' || value === 'forgot' ? value : 'login';
}

/**
 * Version 2's login on its home page (spec §2: /home-v2 is its login address). Register and
 * password reset open in the same card (`?panel=`), keeping `redirect`.
 */
export function AuthPanel({ workspace }: AuthPanelProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [account, setAccount] = useState<string | undefined>(undefined);
  const panel = asPanel(params.get('panel'));
  const redirect = safeRedirect(params.get('redirect'));

  function show(next: Panel) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'login') updated.delete('panel');
        else updated.set('panel', next);
        return updated;
      },
      { replace: true },
    );
  }

  function link(next: Panel, text: string) {
    return (
      <button type="button" className="ink-link-button" onClick={() => show(next)}>
        {text}
      </button>
    );
  }

  function backToLogin(nextAccount: string) {
    setAccount(nextAccount);
    show('login');
  }

  if (panel === 'register') {
    return (
      <AuthCard title="注册账号" subtitle="使用手机号码注册，注册后用手机号登录">
        <Suspense fallback={FORM_ROOM}>
          <RegisterForm onRegistered={backToLogin} loginLink={<>已有账号？{link('login', '立即登录')}</>} />
        </Suspense>
      </AuthCard>
    );
  }
  if (panel === 'forgot') {
    return (
      <AuthCard title="找回密码" subtitle="通过注册手机号验证身份后设置新密码">
        <Suspense fallback={FORM_ROOM}>
          <ForgotPasswordForm
            onReset={backToLogin}
            loginLink={<>想起密码了？{link('login', '返回登录')}</>}
          />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="账号登录" subtitle="登录后即可在线报价、下单和查看订单">
      <LoginForm
        key={account ?? ''}
        initialAccount={account}
        onLoggedIn={() => void navigate(redirect ?? workspace, { replace: true })}
        forgotPasswordLink={link('forgot', '忘记密码？')}
        registerLink={<>还没有账号？{link('register', '立即注册')}</>}
      />
    </AuthCard>
  );
}
