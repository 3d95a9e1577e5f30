import { Alert, Button, InputNumber, Radio, Spin } from 'antd';
import { AlipayCircleOutlined, LinkOutlined, WechatOutlined } from '@ant-design/icons';
import { SIMULATED_PAYMENT_NAME } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { SimulatedTag, WechatBrowserHints, type QrPayment } from '../../payment/index.ts';
import type { PayType } from '../hooks/use-recharge.ts';
import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN } from '../utils/coupon-tabs.ts';

const QUICK_AMOUNTS = [100, 500, 1000, 5000];

export interface RechargeFormProps {
  amountYuan: number | null;
  onAmountChange(yuan: number | null): void;
  payType: PayType;
  onPayTypeChange(payType: PayType): void;
  amountFen: number | null;
  isAmountValid: boolean;
  isIssuing: boolean;
  onSubmit(): void;
  /** Why no code was issued (e.g. 本站尚未开通在线支付，请联系商家), or null. */
  error?: string | null;
  /** A phone-sized screen: 微信支付 / 支付宝 open the payer's app instead of showing a code. */
  isPhone?: boolean;
  /** On a phone: pay the amount in 微信 / 支付宝 (the page comes back afterwards). */
  onMobilePay?(payType: PayType): void;
  /** On a phone: the gateway's page is being opened. */
  isOpening?: boolean;
  /** Inside 微信: 微信支付 pays in the page (JSAPI); 支付宝 cannot open there. */
  isInWechat?: boolean;
  /** Inside 微信, and the merchant's 微信支付 has no 公众号: 微信支付 cannot open either. */
  isJsapiUnavailable?: boolean;
}

/**
 * The amount (quick amounts or typed) and 微信支付 / 支付宝, then 生成付款码; on a phone the two
 * methods are buttons that open the payer's app.
 */
export function RechargeForm(props: RechargeFormProps) {
  const { amountYuan, onAmountChange, isPhone = false } = props;
  return (
    <div className="ink-recharge">
      <div className="ink-recharge__label">充值金额（元）</div>
      <div className="ink-recharge__quick">
        {QUICK_AMOUNTS.map((yuan) => (
          <Button
            key={yuan}
            type={amountYuan === yuan ? 'primary' : 'default'}
            onClick={() => onAmountChange(yuan)}
          >
            {yuan} 元
          </Button>
        ))}
      </div>
      <InputNumber<number>
        aria-label="充值金额"
        className="ink-recharge__amount"
        min={RECHARGE_MIN_YUAN}
        max={RECHARGE_MAX_YUAN}
        precision={2}
        step={100}
        prefix="¥"
        value={amountYuan}
        onChange={onAmountChange}
      />
      {isPhone ? <RechargePhoneMethods {...props} /> : <RechargeDesktopMethods {...props} />}
      {props.error && <Alert type="error" showIcon title={props.error} style={{ marginTop: 12 }} />}
    </div>
  );
}

/**
 * On a phone: 微信支付 / 支付宝 open the app to pay the amount, then come back here. Inside 微信 only
 * 微信支付 (in the page), and for what cannot work there the hint to open the page in a browser.
 */
function RechargePhoneMethods(props: RechargeFormProps) {
  const { payType, amountFen, isAmountValid, isInWechat = false, isJsapiUnavailable = false } = props;
  const amount = amountFen !== null && isAmountValid ? `（${formatFen(amountFen)}）` : '';
  return (
    <>
      {!isAmountValid && (
        <div className="ink-recharge__hint">
          单次充值 {RECHARGE_MIN_YUAN} – {RECHARGE_MAX_YUAN} 元
        </div>
      )}
      <div className="ink-recharge__label">支付方式</div>
      <div className="ink-recharge__phone-methods">
        {!(isInWechat && isJsapiUnavailable) && (
          <Button
            block
            size="large"
            icon={<WechatOutlined />}
            disabled={!isAmountValid || props.isOpening}
            loading={props.isOpening && payType === 'wechat'}
            onClick={() => props.onMobilePay?.('wechat')}
          >
            微信支付{amount}
          </Button>
        )}
        {!isInWechat && (
          <Button
            block
            size="large"
            icon={<AlipayCircleOutlined />}
            disabled={!isAmountValid || props.isOpening}
            loading={props.isOpening && payType === 'alipay'}
            onClick={() => props.onMobilePay?.('alipay')}
          >
            支付宝{amount}
          </Button>
        )}
      </div>
      {isInWechat ? (
        <>
          <WechatBrowserHints alipay wechat={isJsapiUnavailable} />
          {!isJsapiUnavailable && (
            <p className="ink-recharge__note">点「微信支付」将在微信内付款，付款后自动确认到账。</p>
          )}
        </>
      ) : (
        <p className="ink-recharge__note">
          点「微信支付」或「支付宝」将打开对应 App 付款，付款后自动回到本页。
        </p>
      )}
    </>
  );
}

/** On a desktop: choose 微信支付 / 支付宝, then 生成付款码 to scan. */
function RechargeDesktopMethods(props: RechargeFormProps) {
  const { payType, amountFen, isAmountValid } = props;
  return (
    <>
      <div className="ink-recharge__label">支付方式</div>
      <Radio.Group value={payType} onChange={(event) => props.onPayTypeChange(event.target.value as PayType)}>
        <Radio.Button value="wechat">
          <WechatOutlined /> 微信支付
        </Radio.Button>
        <Radio.Button value="alipay">
          <AlipayCircleOutlined /> 支付宝
        </Radio.Button>
      </Radio.Group>
      {!isAmountValid && (
        <div className="ink-recharge__hint">
          单次充值 {RECHARGE_MIN_YUAN} – {RECHARGE_MAX_YUAN} 元
        </div>
      )}
      <Button
        type="primary"
        block
        size="large"
        className="ink-recharge__submit"
        disabled={!isAmountValid}
        loading={props.isIssuing}
        onClick={props.onSubmit}
      >
        生成付款码{amountFen !== null && isAmountValid ? `（${formatFen(amountFen)}）` : ''}
      </Button>
    </>
  );
}

/** The QR code to scan, refreshed once expired; marked 模拟支付, with the simulator's page, when it is one. */
export function RechargeQr({ qrPayment }: { qrPayment: QrPayment }) {
  const code = qrPayment.qr;
  const isExpired = qrPayment.isExpired;
  if (!code) return null;
  return (
    <div className="ink-recharge ink-recharge--qr">
      <div className="ink-recharge__pay-amount">{formatFen(code.AmountFen)}</div>
      <div className="ink-recharge__pay-type">
        请使用{code.PayTypeName}扫码支付{code.IsSimulated && <SimulatedTag />}
      </div>
      <div className={`ink-recharge__qr${isExpired ? ' ink-recharge__qr--expired' : ''}`}>
        <img src={code.QrCode} alt={`${code.PayTypeName}付款码`} width={200} height={200} />
        {isExpired && (
          <div className="ink-recharge__qr-mask">
            <span>二维码已过期</span>
            <Button type="primary" loading={qrPayment.isRefreshing} onClick={() => void qrPayment.refresh()}>
              刷新二维码
            </Button>
          </div>
        )}
      </div>
      {!isExpired && (
        <div className="ink-recharge__waiting">
          <Spin size="small" /> 等待支付…支付完成后自动到账
        </div>
      )}
      {code.IsSimulated && (
        <Alert
          className="ink-recharge__sim"
          type="warning"
          showIcon
          title={`${SIMULATED_PAYMENT_NAME}：不会产生真实扣款，充值金额仅供演示`}
          description={
            <a href={code.CodeUrl} target="_blank" rel="noreferrer" className="ink-recharge__sim-link">
              <LinkOutlined /> 打开模拟支付页面
            </a>
          }
        />
      )}
      <div className="ink-recharge__no">支付单号 {code.PaymentNo}</div>
    </div>
  );
}
