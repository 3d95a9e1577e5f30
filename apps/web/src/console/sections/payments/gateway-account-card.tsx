import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Radio, Space, Switch, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CERTIFICATE_EXPIRY_WARNING_DAYS,
  staffCalls,
  type GatewayProvider,
  type PaymentGatewaySettings,
  type SavePaymentGatewaySettingsBody,
  type TestPayment,
} from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { TestPaymentModal } from './test-payment-modal.tsx';

export const GATEWAY_SETTINGS_KEY = ['console', 'payment-gateway-settings'] as const;

/** One saved certificate: its serial and valid-until date, flagged when it expires within 30 days. */
function CertificateLine({
  name,
  serialNo,
  validTo,
  expiresSoon,
}: {
  name: string;
  serialNo: string;
  validTo: string;
  expiresSoon: boolean;
}) {
  return (
    <div data-testid="gateway-certificate">
      {name} {serialNo}，有效期至 {formatDateTime(validTo)}
      {expiresSoon ? (
        <Tag color="red" style={{ marginLeft: 8 }}>
          {CERTIFICATE_EXPIRY_WARNING_DAYS} 天内到期，请及时更换
        </Tag>
      ) : null}
    </div>
  );
}

interface Field {
  name: string;
  label: string;
  /** A key: a password or PEM field, empty keeps the saved one; `has` says whether it is saved. */
  secret?: { has: (settings: PaymentGatewaySettings) => boolean; multiline: boolean };
  extra?: string;
  required?: boolean;
  /** Not asked for when the server downloads the platform certificates (微信支付). */
  isPlatformKey?: boolean;
  /** Asked for in this 接口加签方式 only (支付宝). */
  keyMode?: 'public_key' | 'cert';
}

const FIELDS: Record<GatewayProvider, Field[]> = {
  wechat: [
    { name: 'MchId', label: '商户号', required: true },
    { name: 'AppId', label: 'AppID', extra: '与商户号绑定的公众号或移动应用 AppID', required: true },
    { name: 'MerchantSerialNo', label: '商户 API 证书序列号', required: true },
    {
      name: 'PrivateKey',
      label: '商户 API 私钥（apiclient_key.pem）',
      secret: { has: (s) => s.Wechat.HasPrivateKey, multiline: true },
    },
    { name: 'ApiV3Key', label: 'APIv3 密钥', secret: { has: (s) => s.Wechat.HasApiV3Key, multiline: false } },
    {
      name: 'PlatformSerial',
      label: '微信支付公钥 ID 或平台证书序列号',
      extra: 'PUB_KEY_ID_ 开头的公钥 ID；仍使用平台证书的账户填证书序列号',
      required: true,
      isPlatformKey: true,
    },
    {
      name: 'PlatformPublicKey',
      label: '微信支付公钥（或平台证书）',
      secret: { has: (s) => s.Wechat.HasPlatformPublicKey, multiline: true },
      isPlatformKey: true,
    },
    {
      name: 'OfficialAppId',
      label: '公众号 AppID（微信内支付）',
      extra: '开通微信内支付（JSAPI）时填写：须与上方 AppID 相同（与商户号绑定的公众号）；留空则不开通',
    },
    {
      name: 'OfficialAppSecret',
      label: '公众号 AppSecret',
      extra: '公众号后台「设置与开发 › 基本配置」中的 AppSecret，用于网页授权获取付款人的 openid',
      secret: { has: (s) => s.Wechat.HasOfficialAppSecret, multiline: false },
    },
  ],
  alipay: [
    { name: 'AppId', label: '支付宝应用 APPID', required: true },
    {
      name: 'SellerId',
      label: '收款账号 PID',
      extra: '2088 开头的 16 位数字，可空；填写后通知必须是这个账号',
    },
    {
      name: 'PrivateKey',
      label: '应用私钥',
      secret: { has: (s) => s.Alipay.HasPrivateKey, multiline: true },
    },
    {
      name: 'AlipayPublicKey',
      label: '支付宝公钥',
      secret: { has: (s) => s.Alipay.HasAlipayPublicKey, multiline: true },
      keyMode: 'public_key',
    },
    {
      name: 'AppCert',
      label: '应用公钥证书（appCertPublicKey_APPID.crt）',
      secret: { has: (s) => s.Alipay.HasAppCert, multiline: true },
      keyMode: 'cert',
    },
    {
      name: 'AlipayPublicCert',
      label: '支付宝公钥证书（alipayCertPublicKey_RSA2.crt）',
      secret: { has: (s) => s.Alipay.HasAlipayPublicCert, multiline: true },
      keyMode: 'cert',
    },
    {
      name: 'AlipayRootCert',
      label: '支付宝根证书（alipayRootCert.crt）',
      secret: { has: (s) => s.Alipay.HasAlipayRootCert, multiline: true },
      keyMode: 'cert',
    },
  ],
};

const NAMES: Record<GatewayProvider, string> = { wechat: '微信支付', alipay: '支付宝' };

/**
 * One gateway account of the merchant (微信支付 or 支付宝): whether it is saved and enabled, its
 * notify address, which keys are saved (never the keys), the form that saves it (a key left
 * empty keeps the saved one) and 测试支付 0.01 元.
 */
export function GatewayAccountCard({
  provider,
  settings,
}: {
  provider: GatewayProvider;
  settings: PaymentGatewaySettings;
}) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string | boolean>>();
  const [test, setTest] = useState<TestPayment | null>(null);
  const account = provider === 'wechat' ? settings.Wechat : settings.Alipay;
  const name = NAMES[provider];
  const isDownload = Form.useWatch('DownloadPlatformCertificates', form) === true;
  const keyMode = (Form.useWatch('KeyMode', form) as string | undefined) ?? settings.Alipay.KeyMode;
  const fields = FIELDS[provider].filter(
    (field) => !(isDownload && field.isPlatformKey) && (!field.keyMode || field.keyMode === keyMode),
  );

  useEffect(() => {
    const values: Record<string, string | boolean> = { Enabled: account.Enabled };
    if (provider === 'wechat')
      values.DownloadPlatformCertificates = settings.Wechat.DownloadPlatformCertificates;
    for (const field of FIELDS[provider]) {
      values[field.name] = field.secret ? '' : String((account as Record<string, unknown>)[field.name] ?? '');
    }
    form.setFieldsValue(values);
  }, [account, provider, settings, form]);

  const save = useMutation({
    mutationFn: (values: Record<string, string | boolean>) => {
      const body: Record<string, unknown> = { Provider: provider, Enabled: Boolean(values.Enabled) };
      if (provider === 'wechat') body.DownloadPlatformCertificates = isDownload;
      if (provider === 'alipay') body.KeyMode = keyMode;
      for (const field of fields) {
        const value = typeof values[field.name] === 'string' ? (values[field.name] as string).trim() : '';
        if (!field.secret || value) body[field.name] = value;
      }
      return staffCall(staffCalls.SavePaymentGatewaySettings, body as SavePaymentGatewaySettingsBody);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(GATEWAY_SETTINGS_KEY, saved);
      void message.success(`${name}收款设置已保存`);
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  const startTest = useMutation({
    mutationFn: () => staffCall(staffCalls.StartTestPayment, { Provider: provider }),
    onSuccess: setTest,
    onError: (error) => void message.error(errorMessage(error)),
  });

  const keyTags = fields
    .filter((field) => field.secret)
    .map((field) =>
      field.secret!.has(settings) ? (
        <Tag key={field.name} color="green">
          {field.label.replace(/（.*）$/, '')}：已保存
        </Tag>
      ) : (
        <Tag key={field.name}>{field.label.replace(/（.*）$/, '')}：未保存</Tag>
      ),
    );

  return (
    <Card
      title={name}
      data-testid={`gateway-${provider}`}
      extra={
        account.Enabled ? (
          <Tag color="green">已启用</Tag>
        ) : account.Configured ? (
          <Tag color="orange">已保存，未启用</Tag>
        ) : (
          <Tag>未配置</Tag>
        )
      }
      style={{ marginBottom: 16 }}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="通知地址">
          <Typography.Text copyable data-testid={`notify-url-${provider}`}>
            {account.NotifyUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="密钥">
          <Space wrap size={4}>
            {keyTags}
          </Space>
        </Descriptions.Item>
        {provider === 'wechat' ? (
          <Descriptions.Item label="微信内支付">
            {settings.Wechat.JsapiReady ? (
              <Tag color="green" data-testid="wechat-jsapi-ready">
                已开通（公众号 {settings.Wechat.OfficialAppId}）
              </Tag>
            ) : (
              <Tag data-testid="wechat-jsapi-ready">未开通</Tag>
            )}
          </Descriptions.Item>
        ) : null}
        {provider === 'wechat' &&
        (settings.Wechat.DownloadPlatformCertificates || settings.Wechat.PlatformCertificates.length > 0) ? (
          <Descriptions.Item label="平台证书">
            {settings.Wechat.PlatformCertificates.length > 0
              ? settings.Wechat.PlatformCertificates.map((certificate) => (
                  <CertificateLine
                    key={certificate.SerialNo}
                    name="序列号"
                    serialNo={certificate.SerialNo}
                    validTo={certificate.ExpiresAt}
                    expiresSoon={certificate.ExpiresSoon}
                  />
                ))
              : '尚未下载'}
          </Descriptions.Item>
        ) : null}
        {provider === 'alipay' && settings.Alipay.KeyMode === 'cert' ? (
          <>
            <Descriptions.Item label="证书">
              {settings.Alipay.Certificates.length > 0
                ? settings.Alipay.Certificates.map((certificate) => (
                    <CertificateLine
                      key={`${certificate.Name}-${certificate.SerialNo}`}
                      name={certificate.Name}
                      serialNo={certificate.SerialNo}
                      validTo={certificate.ValidTo}
                      expiresSoon={certificate.ExpiresSoon}
                    />
                  ))
                : '尚未保存'}
            </Descriptions.Item>
            <Descriptions.Item label="证书序列号">
              app_cert_sn {settings.Alipay.AppCertSn || '—'}；alipay_root_cert_sn{' '}
              {settings.Alipay.AlipayRootCertSn || '—'}
            </Descriptions.Item>
          </>
        ) : null}
        {account.UpdatedAt ? (
          <Descriptions.Item label="最后保存">
            {formatDateTime(account.UpdatedAt)} {account.UpdatedBy}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Form
        form={form}
        // Both cards have an AppId (and keys): the form's name keeps their ids, and labels, apart.
        name={`gateway-${provider}`}
        layout="vertical"
        style={{ maxWidth: 640 }}
        disabled={!settings.CanSave}
        onFinish={(values) => save.mutate(values)}
      >
        {provider === 'wechat' ? (
          <Form.Item
            name="DownloadPlatformCertificates"
            label="由服务器下载平台证书"
            valuePropName="checked"
            extra="仍使用平台证书（而非微信支付公钥）的账户可打开：保存时用 APIv3 密钥下载并解密平台证书，证书更换时自动更新，不需粘贴"
          >
            <Switch />
          </Form.Item>
        ) : null}
        {provider === 'alipay' ? (
          <Form.Item
            name="KeyMode"
            label="接口加签方式"
            extra="与开放平台「开发设置」中的接口加签方式一致；都用 RSA2"
          >
            <Radio.Group
              optionType="button"
              options={[
                { value: 'public_key', label: '公钥' },
                { value: 'cert', label: '公钥证书' },
              ]}
            />
          </Form.Item>
        ) : null}
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={
              field.secret
                ? field.secret.has(settings)
                  ? '已保存；留空则保留原值，填写则替换'
                  : '尚未保存'
                : field.extra
            }
            rules={
              field.required ? [{ required: true, whitespace: true, message: `请填写${field.label}` }] : []
            }
          >
            {field.secret?.multiline ? (
              <Input.TextArea
                rows={3}
                autoComplete="off"
                spellCheck={false}
                placeholder="粘贴 PEM 或 Base64"
              />
            ) : field.secret ? (
              <Input.Password autoComplete="new-password" />
            ) : (
              <Input autoComplete="off" />
            )}
          </Form.Item>
        ))}
        <Form.Item name="Enabled" label="启用（顾客可用它付款）" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存{name}设置
          </Button>
          <Button
            disabled={!account.Configured}
            loading={startTest.isPending}
            onClick={() => startTest.mutate()}
          >
            测试支付 0.01 元
          </Button>
        </Space>
      </Form>
      {test ? <TestPaymentModal started={test} onClose={() => setTest(null)} /> : null}
    </Card>
  );
}
