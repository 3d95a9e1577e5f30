import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import type { PayStatus } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import type { PayProblem } from '../hooks/use-payment-page.ts';

export interface BalancePayProps {
  pay: PayStatus;
  problem: PayProblem | null;
  isWorking: boolean;
  /** 去充值: the account's balance tab. */
  rechargeHref: string;
  onPay(): void;
}

/** 余额支付: a warning when the balance is short, and 确认支付. */
export function BalancePay({ pay, problem, isWorking, rechargeHref, onPay }: BalancePayProps) {
  const isShort = pay.BalanceFen < pay.AmountFen;
  return (
    <div style={{ marginTop: 16 }}>
      {isShort && !problem && (
        <Alert
          type="warning"
          showIcon
          title={`余额不足：可用 ${formatFen(pay.BalanceFen)}，还差 ${formatFen(pay.AmountFen - pay.BalanceFen)}`}
          action={<Link to={rechargeHref}>去充值</Link>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Button type="primary" size="large" loading={isWorking} disabled={isShort} onClick={onPay}>
        确认支付 {formatFen(pay.AmountFen)}
      </Button>
    </div>
  );
}

/** Why the balance payment failed, with 去充值 when the balance is short. */
export function PayProblemAlert({ problem, rechargeHref }: { problem: PayProblem; rechargeHref: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={problem.text}
      action={problem.isBalance ? <Link to={rechargeHref}>去充值</Link> : undefined}
      style={{ marginTop: 12 }}
    />
  );
}
