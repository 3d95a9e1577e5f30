import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { SmsMessageType } from '@inkstone/contracts';
import { SmsCodeField } from '../../verification/index.ts';
import { isAccountRegistered } from '../api/check-customer-account.ts';
import { register } from '../api/register.ts';
import {
  confirmPasswordRules,
  mobileRules,
  newPasswordRules,
  smsCodeRules,
  unregisteredMobileRule,
} from './form-rules.ts';
import { feedback } from '../../../lib/feedback.ts';

interface RegisterValues {
  MobileNo: string;
  SmsCode: string;
  Password: string;
  ConfirmPassword: string;
}

export interface RegisterFormProps {
  /** Called with the new account (the mobile number) after registration succeeded. */
  onRegistered(account: string): void;
  /** The 已有账号？去登录 link under the button. */
  loginLink: ReactNode;
}

/** Register with mobile number, slider captcha + SMS code, password twice (POST /api/cust/Register). */
export function RegisterForm({ onRegistered, loginLink }: RegisterFormProps) {
  const [form] = Form.useForm<RegisterValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: RegisterValues) {
    const mobile = values.MobileNo.trim();
    setIsSubmitting(true);
    try {
      await register({
        MobileNo: mobile,
        SmsCode: values.SmsCode,
        Password: values.Password,
        ConfirmPassword: values.ConfirmPassword,
      });
      feedback.success('注册成功，请登录');
      onRegistered(mobile);
    } catch {
      // Shown by the API client.
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
      onFinish={(values) => void submit(values)}
      className="ink-auth-form"
    >
      <Form.Item
        name="MobileNo"
        rules={[...mobileRules, unregisteredMobileRule(isAccountRegistered)]}
        validateTrigger={['onChange', 'onBlur']}
        validateDebounce={200}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder="手机号码（注册后作为登录账号）"
          inputMode="tel"
          maxLength={11}
          autoComplete="tel"
          allowClear
        />
      </Form.Item>
      <Form.Item name="SmsCode" rules={smsCodeRules}>
        <SmsCodeField
          messageType={SmsMessageType.Register}
          getMobile={() =>
            form
              .validateFields(['MobileNo'])
              .then((values) => values.MobileNo.trim())
              .catch(() => null)
          }
        />
      </Form.Item>
      <Form.Item name="Password" rules={newPasswordRules} extra="6-32位，需同时包含字母和数字">
        <Input.Password prefix={<LockOutlined />} placeholder="设置登录密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="ConfirmPassword" dependencies={['Password']} rules={confirmPasswordRules('Password')}>
        <Input.Password prefix={<LockOutlined />} placeholder="确认登录密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting} className="ink-auth-form__submit">
        注 册
      </Button>
      <div className="ink-auth-form__switch">{loginLink}</div>
    </Form>
  );
}
