import type { ReactNode } from 'react';
import { AlipayCircleOutlined, WalletOutlined, WechatOutlined } from '@ant-design/icons';
import type { PayStatus } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import type { PayMethod } from '../hooks/use-payment-page.ts';

export interface PayMethodChoicesProps {
  pay: PayStatus;
  /** The methods the payment allows. */
  allowed: readonly PayMethod[];
  method: PayMethod | null;
  disabled: boolean;
  /** On a phone 微信 / 支付宝 open the payer's app instead of showing a code. */
  isPhone?: boolean;
  /** Inside 微信's browser: 微信支付 opens in the page (JSAPI). */
  isJsapi?: boolean;
  onChoose(method: PayMethod): void;
}

/** The pay methods as buttons: 余额支付 (with the balance), 微信支付, 支付宝. */
export function PayMethodChoices({
  pay,
  allowed,
  method,
  disabled,
  isPhone = false,
  isJsapi = false,
  onChoose,
}: PayMethodChoicesProps) {
  const isShort = pay.BalanceFen < pay.AmountFen;
  const methods: { key: PayMethod; label: string; icon: ReactNode; note: string }[] = [
    {
      key: 'balance',
      label: '余额支付',
      icon: <WalletOutlined />,
      note: `可用余额 ${formatFen(pay.BalanceFen)}${isShort ? '（不足）' : ''}`,
    },
    {
      key: 'wechat',
      label: '微信支付',
      icon: <WechatOutlined />,
      note: isJsapi ? '在微信内付款' : isPhone ? '打开微信付款' : '微信扫码支付',
    },
    {
      key: 'alipay',
      label: '支付宝',
      icon: <AlipayCircleOutlined />,
      note: isPhone ? '打开支付宝付款' : '支付宝扫码支付',
    },
  ];
  return (
    <div className="ink-orders__choices">
      {methods
        .filter((item) => allowed.includes(item.key))
        .map((item) => (
          <button
            key={item.key}
            type="button"
            className={`ink-orders__choice${method === item.key ? ' is-active' : ''}`}
            aria-pressed={method === item.key}
            disabled={disabled}
            onClick={() => onChoose(item.key)}
          >
            <span className="ink-orders__choice-head">
              <span>
                {item.icon} {item.label}
              </span>
            </span>
            <span className="ink-orders__muted">{item.note}</span>
          </button>
        ))}
    </div>
  );
}
