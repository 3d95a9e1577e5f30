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

/** The order's status, with the review state inside 待审稿 (待审核 / 稿件退回). */
export function StatusTag({
  order,
}: {
  order: Pick<Order, 'Status' | 'StatusName' | 'ReviewState' | 'ReviewStateName'>;
}) {
  const isReviewing = order.Status === OrderStatus.Reviewing;
  return (
    <span data-testid="order-status">
      <Tag color={COLOURS[order.Status] ?? 'default'}>{order.StatusName}</Tag>
      {isReviewing && (
        <Tag color={order.ReviewState === 'rejected' ? 'red' : 'default'}>{order.ReviewStateName}</Tag>
      )}
    </span>
  );
}
