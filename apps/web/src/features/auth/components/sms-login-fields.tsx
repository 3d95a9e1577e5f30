import { useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { Form } from 'antd';
import { SmsMessageType } from '@inkstone/contracts';
import { MobileSmsCodeFields } from './mobile-sms-code-fields.tsx';

/** What 登 录 sends for an SMS login: the mobile number and its code. */
export interface SmsLogin {
  mobile: string;
  smsCode: string;
}

export interface SmsLoginFieldsHandle {
  /** Checks both fields (their messages appear beside them) and returns them, or null when one is wrong. */
  read(): Promise<SmsLogin | null>;
}

export interface SmsLoginFieldsProps {
  /** Prefilled mobile number, e.g. the one just registered. */
  initialMobile?: string;
  ref: Ref<SmsLoginFieldsHandle>;
}

/**
 * The 短信登录 tab's mobile number and SMS code (with the slider captcha behind 获取验证码): antd
 * fields in a form of their own that renders no `<form>` element, inside the login form's. A chunk
 * of its own, loaded when the tab is first chosen, so the password login does not carry antd's Form.
 */
export function SmsLoginFields({ initialMobile, ref }: SmsLoginFieldsProps) {
  const [form] = Form.useForm<{ MobileNo?: string; SmsCode?: string }>();
  useImperativeHandle(
    ref,
    () => ({
      read: () =>
        form.validateFields().then(
          (values) => ({ mobile: (values.MobileNo ?? '').trim(), smsCode: values.SmsCode ?? '' }),
          () => null,
        ),
    }),
    [form],
  );
  return (
    <Form
      form={form}
      component={false}
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ MobileNo: initialMobile }}
    >
      <MobileSmsCodeFields messageType={SmsMessageType.Login} mobilePlaceholder="手机号码" />
    </Form>
  );
}
