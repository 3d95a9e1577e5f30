import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Skeleton } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { formatFen } from '../../../lib/format.ts';
import { useBalance } from '../api/get-balance.ts';
import { useIsPhone } from '../../payment/index.ts';
import { useReturnedRecharge } from '../hooks/use-recharge.ts';
import { RechargeDialog } from './recharge-dialog.tsx';

export interface BalancePanelProps {
  /** Where the bill of this version lives (/user/bill/1, /user-v4/bill/1, …). */
  billHref?: string;
}

/**
 * 账户余额: the balance and 充值 (a QR code; on a phone the payer's app — coming back here, the
 * dialog opens again and follows the recharge); the bill shows every movement.
 */
export function BalancePanel({ billHref }: BalancePanelProps) {
  const balance = useBalance();
  const isPhone = useIsPhone();
  const returned = useReturnedRecharge();
  const [isRecharging, setIsRecharging] = useState(returned !== null);
  const navigate = useNavigate();
  return (
    <div className="ink-account-panel">
      <div className="ink-balance">
        <WalletOutlined className="ink-balance__icon" aria-hidden="true" />
        <div className="ink-balance__text">
          <div className="ink-balance__label">可用余额</div>
          {balance.isPending ? (
            <Skeleton.Input active size="small" />
          ) : (
            <div className="ink-balance__amount" data-testid="balance-amount">
              {balance.data === undefined ? '—' : formatFen(balance.data)}
            </div>
          )}
        </div>
        <div className="ink-balance__actions">
          <Button type="primary" size="large" onClick={() => setIsRecharging(true)}>
            充值
          </Button>
          {billHref && (
            <Button size="large" onClick={() => void navigate(billHref)}>
              查看账单
            </Button>
          )}
        </div>
      </div>
      <p className="ink-balance__note">
        余额可用于支付订单；充值支持微信支付、支付宝{isPhone ? '' : '扫码'}，到账后即可使用。
      </p>
      <RechargeDialog open={isRecharging} onClose={() => setIsRecharging(false)} />
    </div>
  );
}
