import { Alert } from 'antd';
import { OrderStatus } from '@inkstone/contracts';
import type { OrderDetail } from '@inkstone/contracts';
import { formatDateTime, formatFen } from '../../../lib/format.ts';

/** What the customer should know first: the payment deadline, rejected artwork, a cancellation. */
export function OrderNotices({ order }: { order: OrderDetail }) {
  return (
    <>
      {order.Status === OrderStatus.Unpaid && order.UnpaidExpiresAt && (
        <Alert
          type="warning"
          showIcon
          title={`请在 ${formatDateTime(order.UnpaidExpiresAt)} 前完成支付，逾期订单将自动取消。`}
          style={{ marginBottom: 12 }}
        />
      )}
      {order.ReviewState === 'rejected' && order.Status === OrderStatus.Reviewing && (
        <Alert
          type="error"
          showIcon
          title={`稿件退回：${order.RejectReason}`}
          description="请点击「追加文件/备注」重新上传文件。"
          style={{ marginBottom: 12 }}
        />
      )}
      {order.Status === OrderStatus.Cancelled && (
        <Alert
          type="info"
          showIcon
          title={`订单已取消${order.CancelReason ? `：${order.CancelReason}` : ''}`}
          description={order.RefundFen > 0 ? `已退款 ${formatFen(order.RefundFen)} 至账户余额` : undefined}
          style={{ marginBottom: 12 }}
        />
      )}
    </>
  );
}
