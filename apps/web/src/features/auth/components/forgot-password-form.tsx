import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { SmsMessageType } from '@inkstone/contracts';
import { SmsCodeField } from '../../verification/index.ts';
import { retrievePassword } from '../api/retrieve-password.ts';
import { confirmPasswordRules, mobileRules, newPasswordRules, smsCodeRules } from './form-rules.ts';
import { feedback } from '../../../lib/feedback.ts';

interface ForgotPasswordValues {
  MobileNo: string;
  SmsCode: string;
  Password: string;
  ConfirmPassword: string;
}

export interface ForgotPasswordFormProps {
  /** Called with the account after the password was reset. */
  onReset(account: string): void;
  loginLink: ReactNode;
}

/** Reset the password: mobile, captcha + SMS code, new password twice (POST /api/cust/RetrievePassword). */
export function ForgotPasswordForm({ onReset, loginLink }: ForgotPasswordFormProps) {
  const [form] = Form.useForm<ForgotPasswordValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: ForgotPasswordValues) {
    const mobile = values.MobileNo.trim();
    setIsSubmitting(true);
    try {
      await retrievePassword({
        MobileNo: mobile,
        SmsCode: values.SmsCode,
        Password: values.Password,
        ConfirmPassword: values.ConfirmPassword,
      });
      feedback.success('密码已重置，请使用新密码登录');
      onReset(mobile);
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
      <Form.Item name="MobileNo" rules={mobileRules}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="注册时使用的手机号码"
          inputMode="tel"
          maxLength={11}
          autoComplete="tel"
          allowClear
        />
      </Form.Item>
      <Form.Item name="SmsCode" rules={smsCodeRules}>
        <SmsCodeField
          messageType={SmsMessageType.RetrievePassword}
          getMobile={() =>
            form
              .validateFields(['MobileNo'])
              .then((values) => values.MobileNo.trim())
              .catch(() => null)
          }
        />
      </Form.Item>
      <Form.Item name="Password" rules={newPasswordRules} extra="6-32位，需同时包含字母和数字">
        <Input.Password prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="ConfirmPassword" dependencies={['Password']} rules={confirmPasswordRules('Password')}>
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting} className="ink-auth-form__submit">
        重置密码
      </Button>
      <div className="ink-auth-form__switch">{loginLink}</div>
    </Form>
  );
}
