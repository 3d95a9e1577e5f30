import { Alert, Button, Spin } from 'antd';
import { formatCountdown, formatFen } from '../../../lib/format.ts';
import type { QrPayment } from '../hooks/use-qr-payment.ts';
import { SimulatedTag } from './pay-notices.tsx';

export interface QrPayProps {
  qrPayment: QrPayment;
  isWorking: boolean;
}

/**
 * A 微信 / 支付宝 QR code with its countdown, 刷新二维码 once it expired, and the pay link; marked
 * 模拟支付 when the simulator takes the payment; the reason when no code could be issued.
 */
export function QrPay({ qrPayment, isWorking }: QrPayProps) {
  const { qr, isExpired, secondsLeft, error } = qrPayment;
  return (
    <div className="ink-orders__center" style={{ marginTop: 16 }}>
      {error && !qr && <Alert type="error" showIcon title={error} data-testid="qr-error" />}
      {isWorking && !qr && (
        <Spin tip="正在生成二维码…">
          <div style={{ height: 240 }} />
        </Spin>
      )}
      {qr && (
        <>
          <div className="ink-orders__qr">
            <img src={qr.QrCode} alt={`${qr.PayTypeName}二维码`} />
            {isExpired && (
              <div className="ink-orders__qr-expired">
                <span>二维码已过期</span>
                <Button type="primary" loading={isWorking} onClick={() => void qrPayment.refresh()}>
                  刷新二维码
                </Button>
              </div>
            )}
          </div>
          <p>
            请使用{qr.PayType === 'wechat' ? '微信' : '支付宝'}扫码支付{' '}
            <strong>{formatFen(qr.AmountFen)}</strong> {qr.IsSimulated && <SimulatedTag />}
          </p>
          {!isExpired && (
            <p className="ink-orders__muted" data-testid="qr-countdown">
              二维码 {formatCountdown(secondsLeft)} 后过期
            </p>
          )}
          {/* A block, not a <p>: the spinner is a <div>, which a paragraph may not hold. */}
          <div style={{ marginBottom: '1em' }} data-testid="qr-waiting">
            <Spin size="small" /> <span className="ink-orders__muted">正在等待支付结果…</span>
          </div>
          <p>
            <a href={qr.CodeUrl} target="_blank" rel="noreferrer" data-testid="qr-code-url">
              {qr.IsSimulated ? '无法扫码？在浏览器中打开模拟支付页面' : '无法扫码？在浏览器中打开支付链接'}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
