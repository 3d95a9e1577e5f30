import { Alert, Tag } from 'antd';
import { ONLINE_PAYMENT_UNAVAILABLE_MESSAGE, SIMULATED_PAYMENT_NAME } from '@inkstone/contracts';
import type { PayStatus } from '@inkstone/contracts';

/** What a customer is told about a simulated payment: no real money moves. */
export const SIMULATED_PAYMENT_NOTE =
  '本站的微信支付、支付宝由支付模拟器代替：扫码后在模拟支付页面确认即可，不会产生真实扣款。';

/** The 模拟支付 mark beside a QR code or a pay method the simulator handled. */
export function SimulatedTag() {
  return (
    <Tag color="orange" data-testid="simulated-tag">
      {SIMULATED_PAYMENT_NAME}
    </Tag>
  );
}

/** `微信支付（模拟支付）` for money the simulator moved; the method's own name otherwise. */
export function payMethodLabel(name: string, isSimulated: boolean): string {
  return isSimulated ? `${name}（${SIMULATED_PAYMENT_NAME}）` : name;
}

/**
 * What the pay page says about paying by QR code here, while the payment is open: 模拟支付 when the
 * merchant's gateway is the simulator, or that there is no online payment (balance only).
 */
export function PayNotices({ pay }: { pay: PayStatus }) {
  if (pay.Status !== 'pending') return null;
  const hasQr = pay.Methods.some((method) => method !== 'balance');
  if (!hasQr) {
    return (
      <Alert
        type="info"
        showIcon
        title={ONLINE_PAYMENT_UNAVAILABLE_MESSAGE}
        description={pay.Methods.includes('balance') ? '可以使用账户余额支付。' : undefined}
        style={{ marginBottom: 12 }}
      />
    );
  }
  if (!pay.IsSimulated) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={SIMULATED_PAYMENT_NAME}
      description={SIMULATED_PAYMENT_NOTE}
      style={{ marginBottom: 12 }}
    />
  );
}
