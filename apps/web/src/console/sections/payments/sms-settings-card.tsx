import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SMS_PROVIDERS,
  SMS_PURPOSES,
  TENCENT_SMS_REGIONS,
  staffCalls,
  type SaveSmsSettingsBody,
  type SendTestSmsBody,
} from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';

const SMS_KEY = ['console', 'sms-settings'] as const;

/**
 * 短信 (docs/sms.md): the merchant's SMS provider, signature and templates; the secret is a
 * password field (empty keeps the saved one, never shown); 发送测试短信 sends one sample message.
 */
export function SmsSettingsCard() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveSmsSettingsBody>();
  const [testForm] = Form.useForm<SendTestSmsBody>();
  const settings = useQuery({ queryKey: SMS_KEY, queryFn: () => staffCall(staffCalls.SmsSettings, {}) });
  const provider = Form.useWatch('Provider', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, AccessKeySecret: '' });
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: (values: SaveSmsSettingsBody) =>
      staffCall(staffCalls.SaveSmsSettings, { ...values, AccessKeySecret: values.AccessKeySecret || null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SMS_KEY, saved);
      form.setFieldValue('AccessKeySecret', '');
      void message.success('短信设置已保存');
    },
    onError: (error) => void message.error(errorMessage(error)),
  });
  const sendTest = useMutation({
    mutationFn: (values: SendTestSmsBody) => staffCall(staffCalls.SendTestSms, values),
    onSuccess: (sent) =>
      void message.success(
        `试发短信已交给${sent.ProviderName}${sent.MessageId ? `（回执 ${sent.MessageId}）` : ''}`,
      ),
    onError: (error) => void message.error(errorMessage(error)),
  });

  const data = settings.data;
  return (
    <Card title="短信" loading={settings.isLoading} data-testid="sms-settings">
      {settings.error ? (
        <Typography.Text type="danger">{errorMessage(settings.error)}</Typography.Text>
      ) : null}
      {data ? (
        <Typography.Paragraph>
          当前：{data.ProviderName}{' '}
          {data.AccessKeySecretSet ? <Tag color="green">密钥已保存</Tag> : <Tag>密钥未保存</Tag>}
          {data.UpdatedAt ? (
            <Typography.Text type="secondary">
              最后保存 {formatDateTime(new Date(data.UpdatedAt).toISOString())} {data.UpdatedBy}
            </Typography.Text>
          ) : null}
        </Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="Provider" label="短信服务商">
          <Select options={SMS_PROVIDERS.map((p) => ({ value: p.value, label: p.name }))} />
        </Form.Item>
        {provider ? (
          <>
            <Form.Item name="AccessKeyId" label={provider === 'aliyun' ? 'AccessKey ID' : 'SecretId'}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="AccessKeySecret"
              label={provider === 'aliyun' ? 'AccessKey Secret' : 'SecretKey'}
              extra={data?.AccessKeySecretSet ? '已保存；留空则保留原值，填写则替换' : '尚未保存'}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {provider === 'tencent' ? (
              <Space wrap size="large">
                <Form.Item name="SdkAppId" label="SDK AppID">
                  <Input style={{ width: 240 }} />
                </Form.Item>
                <Form.Item name="Region" label="地域">
                  <Select
                    style={{ width: 240 }}
                    options={[
                      { value: '', label: '默认（ap-guangzhou）' },
                      ...TENCENT_SMS_REGIONS.map((r) => ({ value: r, label: r })),
                    ]}
                  />
                </Form.Item>
              </Space>
            ) : null}
            <Form.Item name="SignName" label="短信签名" extra="在服务商处审核通过的签名，不含【】">
              <Input maxLength={22} />
            </Form.Item>
            {SMS_PURPOSES.map(({ field, name }) => (
              <Form.Item key={field} name={['Templates', field]} label={`${name}模板`}>
                <Input autoComplete="off" />
              </Form.Item>
            ))}
          </>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存短信设置
        </Button>
      </Form>
      <Form
        form={testForm}
        layout="inline"
        style={{ marginTop: 24 }}
        initialValues={{ Purpose: 'login' }}
        onFinish={(values) => sendTest.mutate(values)}
      >
        <Form.Item name="MobileNo" rules={[{ required: true, message: '请填写接收测试短信的手机号' }]}>
          <Input placeholder="手机号" aria-label="测试短信手机号" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="Purpose">
          <Select
            style={{ width: 180 }}
            options={SMS_PURPOSES.map((p) => ({ value: p.purpose, label: p.name }))}
          />
        </Form.Item>
        <Button htmlType="submit" loading={sendTest.isPending}>
          发送测试短信
        </Button>
      </Form>
    </Card>
  );
}
