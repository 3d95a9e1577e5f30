import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { staffCalls } from '@inkstone/contracts';
import { safeRedirect } from '../lib/console-paths.ts';
import { errorMessage, staffCall } from '../lib/staff-api.ts';
import { staffSession } from '../lib/staff-session.ts';
import { useShopName } from '../lib/use-shop-name.ts';
import { useStaffSession } from '../lib/use-staff-session.ts';

interface SignInValues {
  Account: string;
  Password: string;
  remember: boolean;
}

/**
 * 员工登录: account and password of this merchant's staff. The server's refusal is shown as it
 * says it (账号或密码错误，再错2次将锁定账号30分钟, 账号已锁定…, 账号已停用…).
 */
export function Component() {
  const session = useStaffSession();
  const shopName = useShopName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    document.title = shopName ? `员工登录 · ${shopName}` : '员工登录 · 商家后台';
  }, [shopName]);

  if (session) return <Navigate to={redirect} replace />;

  const submit = async (values: SignInValues) => {
    setSubmitting(true);
    setError('');
    try {
      const signedIn = await staffCall(staffCalls.Login, {
        Account: values.Account,
        Password: values.Password,
      });
      staffSession.set(
        { token: signedIn.StaffToken, expiresAt: signedIn.ExpiresAt, staff: signedIn.Staff },
        values.remember,
      );
      void navigate(redirect, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f2f5',
        padding: 16,
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {shopName || '商家后台'}
        </Typography.Title>
        <Typography.Paragraph type="secondary">商家后台 · 员工登录</Typography.Paragraph>
        {params.get('expired') && !error ? (
          <Alert type="warning" showIcon title="登录已失效，请重新登录" style={{ marginBottom: 16 }} />
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <Form<SignInValues>
          layout="vertical"
          initialValues={{ remember: false }}
          onFinish={(values) => void submit(values)}
          requiredMark={false}
        >
          <Form.Item
            label="账号"
            name="Account"
            rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
          >
            <Input autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item label="密码" name="Password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>保持登录（公用电脑请勿勾选）</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
