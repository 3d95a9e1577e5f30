import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { SmsMessageType } from '@inkstone/contracts';
import { isAccountRegistered } from '../api/check-customer-account.ts';
import { register } from '../api/register.ts';
import { mobileRules, unregisteredMobileRule } from './form-rules.ts';
import { MobileSmsCodeFields } from './mobile-sms-code-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { feedback } from '../../../lib/feedback.ts';

/** The format is checked as the number is typed (debounced); whether it is registered, on blur. */
const UNREGISTERED_MOBILE = {
  rules: [...mobileRules, unregisteredMobileRule(isAccountRegistered)],
  validateTrigger: ['onChange', 'onBlur'],
  validateDebounce: 200,
};

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
      <MobileSmsCodeFields
        messageType={SmsMessageType.Register}
        mobilePlaceholder="手机号码（注册后作为登录账号）"
        mobileCheck={UNREGISTERED_MOBILE}
      />
      <NewPasswordFields placeholder="设置登录密码" confirmPlaceholder="确认登录密码" />
      <Button type="primary" htmlType="submit" block loading={isSubmitting} className="ink-auth-form__submit">
        注 册
      </Button>
      <div className="ink-auth-form__switch">{loginLink}</div>
    </Form>
  );
}
