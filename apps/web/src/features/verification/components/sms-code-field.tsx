import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { SmsMessageType } from '@inkstone/contracts';
import { SmsCodeInput } from '../../../components/sms-code-input.tsx';
import { useSmsSender } from '../hooks/use-sms-sender.tsx';

export interface SmsCodeFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** The validated mobile number, or null when the form shows why it is not valid yet. */
  getMobile(): Promise<string | null>;
  messageType: SmsMessageType;
}

/** A verification-code field for antd Form: captcha, SendSms, then the 120 s countdown. */
export function SmsCodeField({ value, onChange, getMobile, messageType }: SmsCodeFieldProps) {
  const sender = useSmsSender();
  return (
    <>
      <SmsCodeInput
        value={value}
        onChange={onChange}
        prefix={<SafetyCertificateOutlined />}
        onSend={async () => {
          const mobile = await getMobile();
          return mobile ? sender.request(mobile, messageType) : false;
        }}
      />
      {sender.dialog}
    </>
  );
}
