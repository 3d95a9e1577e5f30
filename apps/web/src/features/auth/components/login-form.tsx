import { Suspense, lazy, useId, useRef, useState } from 'react';
import type { FormEvent, MouseEvent, ReactNode, RefObject } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import type { RequestAccessTokenBody } from '@inkstone/contracts';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { session } from '../../../lib/session.ts';
import { feedback } from '../../../lib/feedback.ts';
import { requestAccessToken } from '../api/request-access-token.ts';
import { validateLoginAccount, validateLoginPassword } from './login-rules.ts';
import type { SmsLoginFieldsHandle } from './sms-login-fields.tsx';

/** The 短信登录 fields use antd's Form: loaded when that tab is first chosen. */
const SmsLoginFields = lazy(() =>
  loadChunk(() => import('./sms-login-fields.tsx')).then((module) => ({ default: module.SmsLoginFields })),
);

type LoginMode = 'password' | 'sms';

/**
 * Line icons drawn here rather than taken from @ant-design/icons: those four would add about 2 KB
 * gzip to version 2's home page (docs/website.md, Performance).
 */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const USER_ICON = (
  <LineIcon>
    <circle cx="8" cy="5" r="3" />
    <path d="M2.5 14.5c.6-3 2.8-4.5 5.5-4.5s4.9 1.5 5.5 4.5" />
  </LineIcon>
);
const LOCK_ICON = (
  <LineIcon>
    <rect x="3" y="7" width="10" height="7.5" rx="1.2" />
    <path d="M5.2 7V4.8a2.8 2.8 0 0 1 5.6 0V7M8 10v2" />
  </LineIcon>
);
const EYE_PATH = <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />;
const EYE_ICON = (
  <LineIcon>
    {EYE_PATH}
    <circle cx="8" cy="8" r="2" />
  </LineIcon>
);
const EYE_CLOSED_ICON = (
  <LineIcon>
    {EYE_PATH}
    <path d="M2.5 13.5l11-11" />
  </LineIcon>
);

const LOGIN_MODES: { key: LoginMode; label: string }[] = [
  { key: 'password', label: '密码登录' },
  { key: 'sms', label: '短信登录' },
];

/** 密码登录 / 短信登录. */
function LoginModeTabs({ mode, onChange }: { mode: LoginMode; onChange(mode: LoginMode): void }) {
  return (
    <div className="ink-auth-tabs" role="tablist" aria-label="登录方式">
      {LOGIN_MODES.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={mode === item.key}
          className={`ink-auth-tabs__tab${mode === item.key ? ' is-active' : ''}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

interface LoginFieldProps {
  label: string;
  icon: ReactNode;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The input itself: gets id, aria-invalid and aria-describedby from here. */
  renderInput(props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }): ReactNode;
  /** Buttons at the end of the box (clear, show password). */
  suffix?: ReactNode;
}

/** One labelled box with its icon, and its message under it while the value is wrong. */
function LoginField({ label, icon, error, inputRef, renderInput, suffix }: LoginFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`ink-auth-field${error ? ' is-invalid' : ''}`}>
      <label className="ink-auth-field__label" htmlFor={id}>
        {label}
      </label>
      {/* A click on the box's padding or icon puts the caret in the input, as in antd's Input. */}
      <div className="ink-auth-field__box" onMouseDown={(event) => focusFromBox(event, inputRef)}>
        <span className="ink-auth-field__icon" aria-hidden="true">
          {icon}
        </span>
        {renderInput({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
        {suffix}
      </div>
      {error && (
        <div id={errorId} className="ink-auth-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function focusFromBox(event: MouseEvent, inputRef: RefObject<HTMLInputElement | null>) {
  const input = inputRef.current;
  if (!input || event.target === input || (event.target as Element).closest('button')) return;
  event.preventDefault();
  input.focus();
}

interface PasswordLoginErrors {
  account: string | null;
  password: string | null;
}

export interface LoginFormProps {
  /** Prefilled account, e.g. the mobile number just registered. */
  initialAccount?: string;
  /** Called after the session holds the new access token. */
  onLoggedIn(): void;
  /** The 忘记密码 link beside 记住我. */
  forgotPasswordLink: ReactNode;
  /** The register link under the button. */
  registerLink: ReactNode;
}

/**
 * Login by password or by SMS code (POST /api/oauth/RequestAccessToken). 记住我 asks for the
 * long-term token, which the session keeps under the merchant's own key.
 *
 * The password login is native form elements (no antd Form, Input or Checkbox) so that version 2's
 * home page, which shows this card, stays within its JavaScript budget (docs/website.md,
 * Performance); a field's message shows under it once it was changed or 登 录 was pressed, as antd's
 * Form would. The SMS login's fields are antd's and load when 短信登录 is first chosen.
 */
export function LoginForm({ initialAccount, onLoggedIn, forgotPasswordLink, registerLink }: LoginFormProps) {
  const [mode, setMode] = useState<LoginMode>('password');
  // Once chosen, the SMS fields stay mounted (hidden on the password tab) and keep what was typed.
  const [hasChosenSms, setHasChosenSms] = useState(false);
  const [account, setAccount] = useState(initialAccount ?? '');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<PasswordLoginErrors>({ account: null, password: null });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const smsRef = useRef<SmsLoginFieldsHandle>(null);

  function chooseMode(next: LoginMode) {
    setMode(next);
    if (next === 'sms') setHasChosenSms(true);
  }

  function changeAccount(value: string) {
    setAccount(value);
    setErrors((current) => ({ ...current, account: validateLoginAccount(value) }));
  }

  function changePassword(value: string) {
    setPassword(value);
    setErrors((current) => ({ ...current, password: validateLoginPassword(value) }));
  }

  async function readBody(): Promise<RequestAccessTokenBody | null> {
    if (mode === 'sms') {
      const sms = await smsRef.current?.read();
      if (!sms) return null;
      return { LoginType: 2, Account: sms.mobile, SmsCode: sms.smsCode, RememberMe: rememberMe };
    }
    const found = { account: validateLoginAccount(account), password: validateLoginPassword(password) };
    setErrors(found);
    if (found.account) accountRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    if (found.account || found.password) return null;
    return { LoginType: 1, Account: account.trim(), Password: password, RememberMe: rememberMe };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const body = await readBody();
    if (!body) return;
    setIsSubmitting(true);
    try {
      const token = await requestAccessToken(body);
      session.signIn({
        accessToken: token.AccessToken,
        isLongTerm: token.IsLongTerm,
        account: token.UserInfo.Account || body.Account,
        currentInfo: token.UserInfo,
      });
      feedback.success('登录成功');
      onLoggedIn();
    } catch {
      // The API client has shown the server's reason (wrong password, locked, …).
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form className="ink-auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <LoginModeTabs mode={mode} onChange={chooseMode} />
      {mode === 'password' && (
        <>
          <LoginField
            label="账号"
            icon={USER_ICON}
            error={errors.account}
            inputRef={accountRef}
            renderInput={(props) => (
              <input
                {...props}
                ref={accountRef}
                className="ink-auth-field__input"
                name="Account"
                placeholder="手机号码 / 账号"
                autoComplete="username"
                value={account}
                onChange={(event) => changeAccount(event.target.value)}
              />
            )}
            suffix={
              account !== '' && (
                <button
                  type="button"
                  className="ink-auth-field__button"
                  aria-label="清除账号"
                  tabIndex={-1}
                  onClick={() => {
                    changeAccount('');
                    accountRef.current?.focus();
                  }}
                >
                  <CloseCircleFilled />
                </button>
              )
            }
          />
          <LoginField
            label="密码"
            icon={LOCK_ICON}
            error={errors.password}
            inputRef={passwordRef}
            renderInput={(props) => (
              <input
                {...props}
                ref={passwordRef}
                className="ink-auth-field__input"
                name="Password"
                type={isPasswordShown ? 'text' : 'password'}
                placeholder="登录密码"
                autoComplete="current-password"
                value={password}
                onChange={(event) => changePassword(event.target.value)}
              />
            )}
            suffix={
              <button
                type="button"
                className="ink-auth-field__button"
                aria-label="显示密码"
                aria-pressed={isPasswordShown}
                onClick={() => setIsPasswordShown((shown) => !shown)}
              >
                {isPasswordShown ? EYE_ICON : EYE_CLOSED_ICON}
              </button>
            }
          />
        </>
      )}
      {hasChosenSms && (
        <div hidden={mode !== 'sms'}>
          <Suspense fallback={<div className="ink-auth-form__sms-room" aria-busy="true" />}>
            <SmsLoginFields ref={smsRef} initialMobile={initialAccount} />
          </Suspense>
        </div>
      )}
      <div className="ink-auth-form__row">
        <label className="ink-auth-check">
          <input
            type="checkbox"
            className="ink-auth-check__box"
            name="RememberMe"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          记住我
        </label>
        {forgotPasswordLink}
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        className="ink-auth-form__submit"
      >
        登 录
      </Button>
      <div className="ink-auth-form__switch">{registerLink}</div>
    </form>
  );
}
