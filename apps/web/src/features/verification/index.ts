/** Public face of the verification feature: slider captcha and SMS codes. */
export { SmsCodeField } from './components/sms-code-field.tsx';
export type { SmsCodeFieldProps } from './components/sms-code-field.tsx';
export { SMS_SENT_MESSAGE } from './hooks/use-sms-sender.tsx';
