import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { changePassword } from '../api/change-password.ts';
import { confirmPasswordRules, loginPasswordRules, newPasswordRules } from './form-rules.ts';
import { feedback } from '../../../lib/feedback.ts';

interface ChangePasswordValues {
  OldPassword: string;
  Password: string;
  ConfirmPassword: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose(): void;
}

/** 修改密码 (POST /api/cust/CustomerChangePassword). The server signs out the account's other sessions. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setIsSubmitting(true);
    try {
      await changePassword(values);
      feedback.success('密码修改成功，其他设备上的登录已失效');
      form.resetFields();
      onClose();
    } catch {
      // Shown by the API client (wrong old password, …).
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      okText="确认修改"
      confirmLoading={isSubmitting}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="OldPassword"
          label="原密码"
          rules={loginPasswordRules.map((rule) => ({ ...rule, message: '请输入原密码' }))}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="Password"
          label="新密码"
          rules={newPasswordRules}
          extra="6-32位，需同时包含字母和数字"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="ConfirmPassword"
          label="确认新密码"
          dependencies={['Password']}
          rules={confirmPasswordRules('Password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
