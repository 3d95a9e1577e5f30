import type { ReactNode } from 'react';
import { Alert, Button, Spin } from 'antd';
import type { PayStatus } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import type { QrPayType } from '../api/get-qrcode.ts';

export interface MobilePayProps {
  pay: PayStatus;
  /** The method the payer went to 微信 / 支付宝 with and came back from, or null before that. */
  returnedFrom: QrPayType | null;
  isWorking: boolean;
  error: string | null;
  /** Asks again whether it is paid (the gateway's notification may be a moment behind). */
  onCheck(): void;
  /** What to do when the payer did not pay after all (default: choose 微信支付 / 支付宝 again above). */
  retryHint?: ReactNode;
}

const NAMES: Record<QrPayType, string> = { wechat: '微信', alipay: '支付宝' };

/**
 * Paying on a phone: 微信支付 / 支付宝 open the payer's app (微信 H5 支付, 支付宝手机网站支付)
 * and come back here; then the page waits for the result. No QR code is shown on a phone.
 */
export function MobilePay({ pay, returnedFrom, isWorking, error, onCheck, retryHint }: MobilePayProps) {
  return (
    <div style={{ marginTop: 16 }} data-testid="mobile-pay">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {isWorking && (
        <div className="ink-orders__muted">
          <Spin size="small" /> 正在打开支付页面…
        </div>
      )}
      {returnedFrom ? (
        <>
          <div className="ink-orders__muted" style={{ marginBottom: 12 }}>
            <Spin size="small" /> 正在确认{NAMES[returnedFrom]}支付结果（{formatFen(pay.AmountFen)}）…
          </div>
          <Button onClick={onCheck}>我已完成支付</Button>
          <p className="ink-orders__muted" style={{ marginTop: 8 }}>
            {retryHint ?? '未完成支付？点上方「微信支付」或「支付宝」重新支付。'}
          </p>
        </>
      ) : (
        !isWorking && (
          <p className="ink-orders__muted">
            点「微信支付」或「支付宝」将打开对应 App 付款，付款后自动回到本页。
          </p>
        )
      )}
    </div>
  );
}
