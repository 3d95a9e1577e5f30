import type { Payment, PayStatus } from '@inkstone/contracts';
import { formatDateTime, formatFen } from '../../../lib/format.ts';

/** The amount to pay, with the deadline and the orders when checkout handed the payment over. */
export function PaymentSummary({ pay, payment }: { pay: PayStatus; payment: Payment | null }) {
  return (
    <div className="ink-orders__card">
      <div className="ink-orders__order-head">
        <span>
          应付金额{' '}
          <strong className="ink-orders__amount ink-orders__amount--big" data-testid="pay-amount">
            {formatFen(pay.AmountFen)}
          </strong>
        </span>
        {payment && (
          <span className="ink-orders__muted">请在 {formatDateTime(payment.ExpiresAt)} 前完成支付</span>
        )}
      </div>
      {payment && (
        <div className="ink-orders__muted">
          订单：
          {payment.Orders.map((order) => `${order.OrderNo}（${formatFen(order.TotalFen)}）`).join('、')}
        </div>
      )}
    </div>
  );
}
