import { Alert, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { staffCalls } from '@inkstone/contracts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { GATEWAY_SETTINGS_KEY, GatewayAccountCard } from './gateway-account-card.tsx';
import { SmsSettingsCard } from './sms-settings-card.tsx';

/**
 * 支付与短信 (docs/console.md): the merchant's own 微信支付 and 支付宝 accounts — configured or
 * not, enabled or not, notify addresses, which keys are saved (never a key) — with 测试支付 0.01 元,
 * and the SMS settings with 发送测试短信. Administrators only; the server checks every call.
 */
export function Component() {
  const settings = useQuery({
    queryKey: GATEWAY_SETTINGS_KEY,
    queryFn: () => staffCall(staffCalls.PaymentGatewaySettings, {}),
  });
  return (
    <div>
      <Typography.Title level={4}>支付与短信</Typography.Title>
      {settings.error ? <Alert type="error" showIcon title={errorMessage(settings.error)} /> : null}
      {settings.isLoading ? <Skeleton active /> : null}
      {settings.data && !settings.data.CanSave ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="服务器未设置支付配置加密密钥（PAYMENT_CONFIG_KEY），不能保存收款账户，请联系运维人员"
        />
      ) : null}
      {settings.data ? (
        <>
          <Typography.Paragraph type="secondary">
            顾客付款直接进入您自己的微信支付或支付宝账户。密钥加密保存，保存后不再显示；留空的密钥保留原值。
            「测试支付 0.01
            元」用已保存的账户开一笔扫码交易（未启用也可测试），付款后显示支付成功；这笔钱留在您的账户中，不属于任何客户或订单。
          </Typography.Paragraph>
          <GatewayAccountCard provider="wechat" settings={settings.data} />
          <GatewayAccountCard provider="alipay" settings={settings.data} />
        </>
      ) : null}
      <SmsSettingsCard />
    </div>
  );
}
