import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordRules, newPasswordRules } from './form-rules.ts';

export interface NewPasswordFieldsProps {
  placeholder: string;
  confirmPlaceholder: string;
}

/** A new password (`Password`) and the same again (`ConfirmPassword`), checked against it. */
export function NewPasswordFields({ placeholder, confirmPlaceholder }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item name="Password" rules={newPasswordRules} extra="6-32位，需同时包含字母和数字">
        <Input.Password prefix={<LockOutlined />} placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="ConfirmPassword" dependencies={['Password']} rules={confirmPasswordRules('Password')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={confirmPlaceholder}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
