import { Tag } from 'antd';
import { OrderStatus } from '@inkstone/contracts';
import type { Order } from '@inkstone/contracts';

const COLOURS: Record<number, string> = {
  [OrderStatus.Unpaid]: 'orange',
  [OrderStatus.Reviewing]: 'blue',
  [OrderStatus.Producing]: 'purple',
  [OrderStatus.Shipped]: 'cyan',
  [OrderStatus.Completed]: 'green',
  [OrderStatus.Cancelled]: 'default',
};

/** The order's status; inside 待审稿 a second tag only when the artwork was sent back (稿件退回). */
export function StatusTag({
  order,
}: {
  order: Pick<Order, 'Status' | 'StatusName' | 'ReviewState' | 'ReviewStateName'>;
}) {
  // 待审稿 already says the artwork waits for review: 待审核 beside it would say it twice.
  const isRejected = order.Status === OrderStatus.Reviewing && order.ReviewState === 'rejected';
  return (
    <span data-testid="order-status">
      <Tag color={COLOURS[order.Status] ?? 'default'}>{order.StatusName}</Tag>
      {isRejected && <Tag color="red">{order.ReviewStateName}</Tag>}
    </span>
  );
}
