import { Alert, Button, Spin } from 'antd';
import type { PayStatus } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import type { WechatJsapi } from '../hooks/use-wechat-jsapi.ts';

export interface WechatJsapiPayProps {
  pay: PayStatus;
  jsapi: WechatJsapi;
  /** Asks again whether it is paid (微信支付's notification may be a moment behind). */
  onCheck(): void;
}

/** 微信内支付: what the payer sees while 微信支付 opens in the page, and after it closed. */
export function WechatJsapiPay({ pay, jsapi, onCheck }: WechatJsapiPayProps) {
  const retry = (
    <Button type="primary" onClick={() => void jsapi.pay()}>
      重新支付
    </Button>
  );
  return (
    <div style={{ marginTop: 16 }} data-testid="wechat-jsapi-pay">
      {jsapi.phase === 'opening' && (
        <div className="ink-orders__muted">
          <Spin size="small" /> 正在打开微信支付…
        </div>
      )}
      {jsapi.phase === 'authorizing' && (
        <div className="ink-orders__muted">
          <Spin size="small" /> 正在前往微信授权…
        </div>
      )}
      {jsapi.phase === 'waiting' && (
        <>
          <div className="ink-orders__muted" style={{ marginBottom: 12 }}>
            <Spin size="small" /> 正在确认微信支付结果（{formatFen(pay.AmountFen)}）…
          </div>
          <Button onClick={onCheck}>我已完成支付</Button>
        </>
      )}
      {jsapi.phase === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          title="已取消支付"
          description="订单仍待付款，可重新支付或选择其他支付方式。"
          action={retry}
        />
      )}
      {jsapi.phase === 'failed' && (
        <Alert type="error" showIcon title={jsapi.error ?? '微信支付未完成'} action={retry} />
      )}
      {jsapi.phase === 'idle' && (
        <p className="ink-orders__muted">点「微信支付」将在微信内付款，付款后本页自动确认结果。</p>
      )}
    </div>
  );
}

/**
 * Inside 微信's browser: 支付宝 cannot open (微信 blocks its links), and 微信支付 without the
 * merchant's 公众号 cannot either (微信 refuses H5 支付 in its own browser) — the payer is told to
 * open the page in the phone's browser instead of being given a button that cannot work.
 */
export function WechatBrowserHints({ alipay, wechat }: { alipay: boolean; wechat: boolean }) {
  const howTo = '请点右上角「…」，选择「在浏览器打开」，在浏览器中继续付款。';
  return (
    <>
      {wechat && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title="本站暂未开通微信内支付"
          description={howTo}
          data-testid="wechat-open-in-browser"
        />
      )}
      {alipay && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title="微信内不能使用支付宝"
          description={howTo}
          data-testid="alipay-open-in-browser"
        />
      )}
    </>
  );
}
