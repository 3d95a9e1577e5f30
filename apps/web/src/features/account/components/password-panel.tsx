import { Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { validateConfirmPassword, validatePassword } from '@inkstone/domain';
import { feedback } from '../../../lib/feedback.ts';
import { useChangePassword } from '../../auth/index.ts';

interface PasswordValues {
  OldPassword: string;
  Password: string;
  ConfirmPassword: string;
}

const newPasswordRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const problem = validatePassword(typeof value === 'string' ? value : '');
      if (problem) throw new Error(problem);
    },
  },
];

/** Spec §5: 请输入确认密码 / 确认密码必须和密码一致！ */
const confirmRules: FormRule[] = [
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const problem = validateConfirmPassword(
        String(getFieldValue('Password') ?? ''),
        typeof value === 'string' ? value : '',
      );
      if (problem) throw new Error(problem);
    },
  }),
];

/** 修改密码 (POST /api/cust/CustomerChangePassword); the server signs the other sessions out. */
export function PasswordPanel() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  async function submit(values: PasswordValues) {
    try {
      await change.mutateAsync(values);
      feedback.success('密码修改成功，其他设备上的登录已失效');
      form.resetFields();
    } catch {
      // Shown by the API client (wrong old password, …).
    }
  }

  return (
    <Form
      form={form}
      className="ink-account-panel ink-password-form"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="OldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" placeholder="当前使用的密码" />
      </Form.Item>
      <Form.Item name="Password" label="新密码" rules={newPasswordRules} extra="6-32位，需同时包含字母和数字">
        <Input.Password autoComplete="new-password" placeholder="新密码" />
      </Form.Item>
      <Form.Item name="ConfirmPassword" label="确认新密码" dependencies={['Password']} rules={confirmRules}>
        <Input.Password autoComplete="new-password" placeholder="再次输入新密码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        确认修改
      </Button>
    </Form>
  );
}
