import { Form, Input } from 'antd';
import type { FormItemProps } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { SmsMessageType } from '@inkstone/contracts';
import { SmsCodeField } from '../../verification/index.ts';
import { mobileRules, smsCodeRules } from './form-rules.ts';

export interface MobileSmsCodeFieldsProps {
  messageType: SmsMessageType;
  mobilePlaceholder: string;
  /** How the number is checked, when its format alone is not enough (registration: not registered yet). */
  mobileCheck?: Pick<FormItemProps, 'rules' | 'validateTrigger' | 'validateDebounce'>;
}

/**
 * The mobile number (`MobileNo`) and its SMS code (`SmsCode`) inside an antd Form: 获取验证码 first
 * validates the number, then asks for the slider captcha and sends the code.
 */
export function MobileSmsCodeFields({
  messageType,
  mobilePlaceholder,
  mobileCheck,
}: MobileSmsCodeFieldsProps) {
  const form = Form.useFormInstance<{ MobileNo?: string }>();
  return (
    <>
      <Form.Item name="MobileNo" rules={mobileRules} {...mobileCheck}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={mobilePlaceholder}
          inputMode="tel"
          maxLength={11}
          autoComplete="tel"
          allowClear
        />
      </Form.Item>
      <Form.Item name="SmsCode" rules={smsCodeRules}>
        <SmsCodeField
          messageType={messageType}
          getMobile={() =>
            form
              .validateFields(['MobileNo'])
              .then((values) => (values.MobileNo ?? '').trim())
              .catch(() => null)
          }
        />
      </Form.Item>
    </>
  );
}
