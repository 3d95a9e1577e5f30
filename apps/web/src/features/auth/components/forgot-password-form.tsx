import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { SmsMessageType } from '@inkstone/contracts';
import { retrievePassword } from '../api/retrieve-password.ts';
import { MobileSmsCodeFields } from './mobile-sms-code-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
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
      <MobileSmsCodeFields
        messageType={SmsMessageType.RetrievePassword}
        mobilePlaceholder="注册时使用的手机号码"
      />
      <NewPasswordFields placeholder="新密码" confirmPlaceholder="再次输入新密码" />
      <Button type="primary" htmlType="submit" block loading={isSubmitting} className="ink-auth-form__submit">
        重置密码
      </Button>
      <div className="ink-auth-form__switch">{loginLink}</div>
    </Form>
  );
}
