import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { SmsMessageType } from '@inkstone/contracts';
import type { RequestAccessTokenBody } from '@inkstone/contracts';
import { session } from '../../../lib/session.ts';
import { requestAccessToken } from '../api/request-access-token.ts';
import { accountRules, loginPasswordRules } from './form-rules.ts';
import { MobileSmsCodeFields } from './mobile-sms-code-fields.tsx';
import { feedback } from '../../../lib/feedback.ts';

type LoginMode = 'password' | 'sms';

const LOGIN_MODES: { key: LoginMode; label: string }[] = [
  { key: 'password', label: '密码登录' },
  { key: 'sms', label: '短信登录' },
];

interface LoginValues {
  Account?: string;
  Password?: string;
  MobileNo?: string;
  SmsCode?: string;
  RememberMe?: boolean;
}

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

/** Account and password. */
function PasswordFields() {
  return (
    <>
      <Form.Item name="Account" rules={accountRules}>
        <Input prefix={<UserOutlined />} placeholder="手机号码 / 账号" autoComplete="username" allowClear />
      </Form.Item>
      <Form.Item name="Password" rules={loginPasswordRules}>
        <Input.Password prefix={<LockOutlined />} placeholder="登录密码" autoComplete="current-password" />
      </Form.Item>
    </>
  );
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
 */
export function LoginForm({ initialAccount, onLoggedIn, forgotPasswordLink, registerLink }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<LoginMode>('password');
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: LoginValues) {
    const rememberMe = values.RememberMe === true;
    const body: RequestAccessTokenBody =
      mode === 'password'
        ? {
            LoginType: 1,
            Account: (values.Account ?? '').trim(),
            Password: values.Password ?? '',
            RememberMe: rememberMe,
          }
        : {
            LoginType: 2,
            Account: (values.MobileNo ?? '').trim(),
            SmsCode: values.SmsCode ?? '',
            RememberMe: rememberMe,
          };
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
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ Account: initialAccount, MobileNo: initialAccount, RememberMe: false }}
      onFinish={(values) => void submit(values)}
      className="ink-auth-form"
    >
      <LoginModeTabs mode={mode} onChange={setMode} />
      {mode === 'password' ? (
        <PasswordFields />
      ) : (
        <MobileSmsCodeFields messageType={SmsMessageType.Login} mobilePlaceholder="手机号码" />
      )}
      <div className="ink-auth-form__row">
        <Form.Item name="RememberMe" valuePropName="checked" noStyle>
          <Checkbox>记住我</Checkbox>
        </Form.Item>
        {forgotPasswordLink}
      </div>
      <Button type="primary" htmlType="submit" block loading={isSubmitting} className="ink-auth-form__submit">
        登 录
      </Button>
      <div className="ink-auth-form__switch">{registerLink}</div>
    </Form>
  );
}
